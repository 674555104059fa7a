import type { ProductTemplate, ProductType } from '@portal/domain/contracts/product';
import { readJson, readStorage, removeStorage, writeJson, writeStorage } from './storage';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The product template of a lab or supplement signup, kept under `zp_product_template` (000 §3) so the
 * lab-visit, profile, questions and checkout screens know it across reloads. Only what they read is typed.
 */
export type StoredProduct = Pick<ProductTemplate, '_id'> &
  Partial<Pick<ProductTemplate, 'name' | 'product_name' | 'description' | 'product_images'>> & {
    type?: ProductType;
  };

export function storeSignupProduct(product: StoredProduct): void {
  writeJson(STORAGE_KEYS.productTemplate, product);
}

export function readSignupProduct(): StoredProduct | null {
  const stored = readJson<StoredProduct>(STORAGE_KEYS.productTemplate);
  return stored && typeof stored === 'object' && typeof stored._id === 'string' ? stored : null;
}

/**
 * The priced product chosen for a signup checkout (`default_item`): the plan picked on the protocol
 * preference page, or the product's only (or default) price. Amounts in cents for one plan period.
 */
export interface DefaultItem {
  product_template: string;
  product: string;
  type: ProductType;
  name: string;
  pricing_type: 'one_time' | 'recurring';
  interval_count: number;
  unit_amount: number;
  quantity: number;
}

export function storeDefaultItem(item: DefaultItem): void {
  writeJson(STORAGE_KEYS.defaultItem, item);
}

/** The stored item when it belongs to the product template (a stale item of another product is ignored). */
export function readDefaultItem(productTemplateId?: string | null): DefaultItem | null {
  const item = readJson<DefaultItem>(STORAGE_KEYS.defaultItem);
  if (!item || typeof item !== 'object' || typeof item.product !== 'string') return null;
  return productTemplateId && item.product_template !== productTemplateId ? null : item;
}

/** The intake template of the visit being started (`intake_template`). */
export function storeIntakeTemplate(templateId: string): void {
  writeStorage(STORAGE_KEYS.intakeTemplate, templateId);
}

export function readIntakeTemplate(): string | null {
  return readStorage(STORAGE_KEYS.intakeTemplate);
}

/** After a signup checkout the product and the chosen item are cleared. */
export function clearSignupSelection(): void {
  removeStorage(STORAGE_KEYS.productTemplate);
  removeStorage(STORAGE_KEYS.defaultItem);
}
