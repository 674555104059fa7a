import { COMPOUNDED_DOSE_MULTIPLIER, DOSE_WEEKS_PER_MONTH } from '../constants';
import { strengthNumber } from './strength';

/** Rounds a dose to 3 decimals so float noise (0.1 x 3) does not reach the display. */
export function roundDose(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Weekly dose (000 §9): monthly units / 4 x strength; e.g. 4 units of "5 mg" -> 5. */
export function weeklyDose(monthlyUnits: number, strength: string | number): number {
  return roundDose((monthlyUnits / DOSE_WEEKS_PER_MONTH) * strengthNumber(strength));
}

/** Dose in instructions (000 §9): quantity x dose quantity (default 1) x strength number / 4. */
export function instructionDose(
  quantity: number,
  strength: string | number,
  doseQuantity: number | null | undefined = 1,
): number {
  const perDose = doseQuantity ?? 1;
  return roundDose((quantity * perDose * strengthNumber(strength)) / DOSE_WEEKS_PER_MONTH);
}

/** Starter weekly units (000 §9): custom quantity default / 4. */
export function starterWeeklyUnits(customQuantityDefault: number): number {
  return roundDose(customQuantityDefault / DOSE_WEEKS_PER_MONTH);
}

/** Starter weekly dose: custom quantity default / 4 x strength. */
export function starterDose(customQuantityDefault: number, strength: string | number): number {
  return weeklyDose(customQuantityDefault, strength);
}

/** Compounded dose of the recommended text (000 §9): the dose x 3. */
export function compoundedRecommendedDose(dose: number): number {
  return roundDose(dose * COMPOUNDED_DOSE_MULTIPLIER);
}

/** Formats a dose with at most 2 decimals and no trailing zeros: 5 -> "5", 2.5 -> "2.5", 1.125 -> "1.13". */
export function formatDose(dose: number): string {
  return String(Number(dose.toFixed(2)));
}
