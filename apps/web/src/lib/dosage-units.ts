import type { ProductTemplate } from '@portal/domain/contracts/product';
import { formatDose } from '@portal/domain/dosing/dose';

/** "8 tablets", "1 capsule": a quantity in the template's unit form (its dosage type), else units. */
export function unitCountText(template: Pick<ProductTemplate, 'dosage_type'>, quantity: number): string {
  const form = template.dosage_type || 'unit';
  return `${formatDose(quantity)} ${quantity === 1 ? form : `${form}s`}`;
}

/** A compounded medication, as the clinic's catalogue types it (medication_type), never by its name or slug. */
export function isCompounded(template: Pick<ProductTemplate, 'medication_type' | 'medicationType'>): boolean {
  return (template.medication_type ?? template.medicationType) === 'compounded';
}
