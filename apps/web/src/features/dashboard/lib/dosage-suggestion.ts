import type { ProductTemplate } from '@portal/domain/contracts/product';
import type { PrescriptionChangeType } from '@portal/domain/dashboard/prescription-change';
import { customizeDosageQuantity, customizeQuantityCap } from '@portal/domain/dosing/customize-quantity';
import { formatDose } from '@portal/domain/dosing/dose';
import { isCompounded, unitCountText } from '../../../lib/dosage-units';

/** The customize view shows the suggestion for these actions only (001 §2, §9). */
export function suggestsDosage(action: PrescriptionChangeType | null): boolean {
  return action === 'RaiseDosage' || action === 'LowerDosage';
}

type SuggestionTemplate = Pick<
  ProductTemplate,
  'dose_recommendation' | 'dosage_type' | 'medication_type' | 'medicationType'
>;

/**
 * The customize view's dosage line (001 §9): the helper's quantity for the patient's weight, capped by the
 * template's recommended maximum / 4. The recommendation counts units a month, so its quarter and the
 * quantity are units a week; the compounded rule follows the template's medication type. Null without a
 * weight or without a recommended maximum (a template that is not dosed by weight).
 */
export function dosageSuggestionText(
  template: SuggestionTemplate,
  weightLb: number | null | undefined,
): string | null {
  if (!weightLb || !Number.isFinite(weightLb) || weightLb <= 0) return null;
  const cap = customizeQuantityCap(template.dose_recommendation);
  if (cap === null) return null;
  const quantity = customizeDosageQuantity({
    weightLb,
    recommendedMax: template.dose_recommendation,
    compounded: isCompounded(template),
  });
  return `For your weight, a typical quantity is ${unitCountText(template, quantity)} a week (at most ${formatDose(cap)}).`;
}
