import type { ProductType } from '@portal/domain/contracts/product';
import { readJson, removeStorage, writeJson } from './storage';
import { STORAGE_KEYS } from './storage-keys';

/**
 * One configured product of a visit as the funnel keeps it in `selected_products` (000 §3 "Selected
 * configuration"). The intake's products on the server are the record (the checkout reads them); this copy
 * lets the next screens render at once and keeps the patient's choices across reloads. Amounts are cents
 * for one plan period.
 */
export interface SelectedProduct {
  intake: string;
  product_template: string;
  /** The priced variant (strength and plan length). */
  product: string;
  type: ProductType;
  name: string;
  image: string | null;
  is_addon: boolean;
  /** Dosage frequency label, e.g. "Once weekly". */
  frequency: string | null;
  /** Units per month. */
  quantity: number | null;
  /** Strength text, e.g. "2 mg". */
  dosage: string | null;
  shipping: { months: number; non_recurring: boolean };
  pricing: {
    total: number;
    total_discount: number;
    product_savings: number;
    membership_savings: number;
    total_savings: number;
    specialDiscount: number;
  };
  membership: string | null;
  treatment_properties: {
    duration: number;
    has_custom_quantity: boolean;
    membership_price: string | null;
    product: string;
    product_template: string;
    /** Units per month x months. */
    quantity: number;
    stripe_plan_id: string | null;
    recommendation_requested: boolean;
    comment?: string;
  };
}

/** The membership chosen in the funnel (`membership`), started at checkout (000 §4 step 3). */
export interface SelectedMembership {
  intake: string;
  membership_id: string;
  price_id: string;
  name: string;
  unit_amount: number;
  interval_count: number;
}

export function readSelectedProducts(intakeId?: string): SelectedProduct[] {
  const stored = readJson<SelectedProduct[]>(STORAGE_KEYS.selectedProducts);
  if (!Array.isArray(stored)) return [];
  return intakeId ? stored.filter((p) => p.intake === intakeId) : stored;
}

/** Replaces the intake's selection, keeping other intakes' entries. */
export function writeSelectedProducts(intakeId: string, products: SelectedProduct[]): void {
  const others = readSelectedProducts().filter((p) => p.intake !== intakeId);
  writeJson(STORAGE_KEYS.selectedProducts, [...others, ...products]);
}

export function readSelectedMembership(intakeId?: string): SelectedMembership | null {
  const stored = readJson<SelectedMembership>(STORAGE_KEYS.membership);
  if (!stored || typeof stored !== 'object' || !stored.membership_id) return null;
  return intakeId && stored.intake !== intakeId ? null : stored;
}

export function writeSelectedMembership(membership: SelectedMembership | null): void {
  if (membership) writeJson(STORAGE_KEYS.membership, membership);
  else removeStorage(STORAGE_KEYS.membership);
}

/** After checkout (000 §4 step 7): the plain funnel keys are cleared. */
export function clearFunnelSelections(): void {
  for (const key of [
    STORAGE_KEYS.intakeTemplate,
    STORAGE_KEYS.productTemplate,
    STORAGE_KEYS.defaultItem,
    STORAGE_KEYS.selectedProducts,
    STORAGE_KEYS.membership,
    STORAGE_KEYS.defaultDurationSelection,
  ])
    removeStorage(key);
}
