import type { Product } from '@portal/domain/contracts/product';
import { defaultPlanProduct, sortByIntervalCount } from '@portal/domain/pricing/plan-default';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { seg } from '../../../lib/api-client';
import { type DefaultItem, readSignupProduct } from '../../../lib/signup-storage';
import { readStorage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

export const SIGNUP_PATHS = {
  labVisit: '/signup/lab-visit',
  questions: '/signup/questions',
  checkout: '/signup/checkout',
  profile: (productId: string | null) =>
    productId ? `/signup/profile?productTemplateId=${encodeURIComponent(productId)}` : '/signup/profile',
  protocolPreference: (productId: string) => `/signup/protocol-preference/${seg(productId)}`,
} as const;

/**
 * The product template of a signup screen: the route's {productTemplateId}, else the productTemplateId
 * query, else the one stored when the flow started.
 */
export function useSignupProductId(): string | null {
  const params = useParams();
  const [search] = useSearchParams();
  const [stored] = useState(() => readSignupProduct()?._id ?? null);
  return params.productTemplateId ?? search.get('productTemplateId') ?? stored;
}

/** The priced product a checkout sells: the stored default duration's plan, the default, else the first. */
export function defaultVariant(products: readonly Product[]): Product | undefined {
  return defaultPlanProduct(
    sortByIntervalCount(products),
    readStorage(STORAGE_KEYS.defaultDurationSelection),
  );
}

export function toDefaultItem(product: Product, name: string): DefaultItem {
  return {
    product_template: product.product_template,
    product: product._id,
    type: product.type,
    name,
    pricing_type: product.pricing.type,
    interval_count: product.pricing.interval_count,
    unit_amount: product.pricing.unit_amount,
    quantity: 1,
  };
}

/**
 * Where the signup profile continues (002 §4.5): labs to the lifestyle questions, a product with several
 * plans to the protocol preference, otherwise the checkout; without a product the caller goes to the
 * dashboard.
 */
export function afterProfilePath(productId: string, type: string | undefined, planCount: number): string {
  if (type === 'lab') return SIGNUP_PATHS.questions;
  if (planCount > 1) return SIGNUP_PATHS.protocolPreference(productId);
  return SIGNUP_PATHS.checkout;
}
