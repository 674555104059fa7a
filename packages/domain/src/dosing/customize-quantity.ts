import {
  COMPOUNDED_QUANTITY_FACTOR,
  COMPOUNDED_QUANTITY_STEP,
  DOSE_MG_PER_KG,
  DOSE_WEEKS_PER_MONTH,
  POUNDS_PER_KG,
} from '../constants';

/** Inputs of the customize-view dosage quantity helper (001 §9). */
export interface CustomizeQuantityInput {
  /** Patient weight in pounds. */
  weightLb: number | null | undefined;
  /** The recommended maximum (dose_recommendation); its quarter caps the result; no cap when missing. */
  recommendedMax?: number | null;
  /** Compounded rapamycin: 2.5 x the weight value, rounded down to a multiple of 3. */
  compounded?: boolean;
}

/** The recommended maximum / 4, the cap of the helper; null when there is no positive maximum. */
export function customizeQuantityCap(recommendedMax: number | null | undefined): number | null {
  if (recommendedMax === null || recommendedMax === undefined || !Number.isFinite(recommendedMax))
    return null;
  return recommendedMax > 0 ? recommendedMax / DOSE_WEEKS_PER_MONTH : null;
}

/** Weight value: floor(weight / 2.2 x 0.075), at least 1 (also for a missing or invalid weight). */
export function weightBasedQuantity(weightLb: number | null | undefined): number {
  if (weightLb === null || weightLb === undefined || !Number.isFinite(weightLb) || weightLb <= 0) return 1;
  return Math.max(1, Math.floor((weightLb / POUNDS_PER_KG) * DOSE_MG_PER_KG));
}

/**
 * Customize-view dosage quantity (001 §9): the weight value (at least 1), capped by recommended maximum / 4.
 * Compounded: 2.5 x the weight value rounded down to a multiple of 3, at least 3 (ours, so it is never 0), then capped.
 */
export function customizeDosageQuantity(input: CustomizeQuantityInput): number {
  const base = weightBasedQuantity(input.weightLb);
  const value = input.compounded
    ? Math.max(
        COMPOUNDED_QUANTITY_STEP,
        Math.floor((base * COMPOUNDED_QUANTITY_FACTOR) / COMPOUNDED_QUANTITY_STEP) * COMPOUNDED_QUANTITY_STEP,
      )
    : base;
  const cap = customizeQuantityCap(input.recommendedMax);
  return cap === null ? value : Math.min(value, cap);
}
