import { COMPOUNDED_DOSE_MULTIPLIER } from '../constants';
import { compoundedRecommendedDose, starterDose, weeklyDose } from './dose';

/** Custom quantity choices step by this many units from min to max (000 §5). */
export const CUSTOM_QUANTITY_STEP = 4;

/** The fields of a dosage frequency (000 §3) the quantity rules read. */
export interface QuantityFrequency {
  has_custom_quantity: boolean;
  custom_quantity?: { min: number; max: number; default: number } | null;
  monthly_units: number;
}

/** Custom quantity choices (000 §5): min, min + 4, ... up to max; [] for a missing or inverted range. */
export function customQuantityChoices(range: { min: number; max: number } | null | undefined): number[] {
  if (!range || !Number.isFinite(range.min) || !Number.isFinite(range.max) || range.min <= 0) return [];
  const choices: number[] = [];
  for (let q = range.min; q <= range.max; q += CUSTOM_QUANTITY_STEP) choices.push(q);
  return choices;
}

/** Monthly units a frequency allows: one of the custom choices when it has a custom quantity, otherwise exactly its monthly units. */
export function isAllowedQuantity(frequency: QuantityFrequency, quantity: number): boolean {
  if (frequency.has_custom_quantity)
    return customQuantityChoices(frequency.custom_quantity).includes(quantity);
  return quantity === frequency.monthly_units;
}

/** The largest custom choice not above the value; the smallest choice when the value is below all; null without choices. */
export function snapToChoice(choices: readonly number[], value: number): number | null {
  if (choices.length === 0) return null;
  const below = choices.filter((c) => c <= value);
  return below.length > 0 ? below[below.length - 1]! : choices[0]!;
}

/** Starter monthly units: the custom quantity default (000 §9), or the frequency's monthly units. */
export function starterQuantity(frequency: QuantityFrequency): number {
  return frequency.custom_quantity?.default ?? frequency.monthly_units;
}

/**
 * Recommended monthly units. A generic product takes its dose_recommendation (units per month); a compounded
 * one three times the starter quantity, as its recommended dose is the generic dose x 3 (000 §9). Either is
 * snapped to a custom choice; without a custom quantity the frequency's monthly units stand.
 */
export function recommendedQuantity(
  frequency: QuantityFrequency,
  doseRecommendation: number | null | undefined,
  compounded: boolean,
): number {
  const choices = customQuantityChoices(frequency.custom_quantity);
  if (!frequency.has_custom_quantity || choices.length === 0) return frequency.monthly_units;
  const wanted = compounded
    ? starterQuantity(frequency) * COMPOUNDED_DOSE_MULTIPLIER
    : (doseRecommendation ?? starterQuantity(frequency));
  return snapToChoice(choices, wanted) ?? frequency.monthly_units;
}

/** Weekly dose shown for the recommended option: the compounded dose is the starter dose x 3, otherwise units / 4 x strength. */
export function recommendedWeeklyDose(
  frequency: QuantityFrequency,
  doseRecommendation: number | null | undefined,
  compounded: boolean,
  strength: string,
): number {
  if (compounded && frequency.has_custom_quantity)
    return compoundedRecommendedDose(starterDose(starterQuantity(frequency), strength));
  return weeklyDose(recommendedQuantity(frequency, doseRecommendation, compounded), strength);
}
