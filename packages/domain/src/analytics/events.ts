import type { ProductType } from '../contracts/product';
import { analyticsItemPriceCents } from '../pricing/plan-pricing';

/**
 * The analytics events of the funnel (000 §4 "identified for analytics", §7 events at opening, step change,
 * profile, add-on and treatment-preference actions). Their properties are an allowlist (contracts/analytics):
 * ids, types, stages, prices and campaign traits, never a name, an answer, a measurement or anything else
 * that tells a person's health.
 */
export const ANALYTICS_EVENTS = [
  'Application Opened',
  'Signed In',
  'Signed Up',
  'Consultation Step Viewed',
  'Profile Completed',
  'Add-on Added',
  'Add-on Removed',
  'Treatment Preference Selected',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** The keys of the campaign traits analytics may carry (utm_*, referral), from the user's analytics_traits. */
export const CAMPAIGN_TRAIT = /^(utm_[a-z]+|ref|referral|source|campaign)$/;

/** One product of a selection as analytics reads it (000 §9: priced per month, total_discount / duration). */
export interface AnalyticsItem {
  item_id: string;
  item_category: ProductType;
  /** Dollars per month; the whole amount for a one-time purchase. */
  price: number;
  quantity: number;
  currency: 'USD';
}

export function analyticsItem(p: {
  productTemplateId: string;
  type: ProductType;
  /** Cents, after discounts. */
  totalDiscount: number;
  /** Months of the plan; 0 for one-time. */
  duration: number;
  quantity?: number | null | undefined;
}): AnalyticsItem {
  return {
    item_id: p.productTemplateId,
    item_category: p.type,
    price: analyticsItemPriceCents(p.totalDiscount, p.duration) / 100,
    quantity: p.quantity && p.quantity > 0 ? p.quantity : 1,
    currency: 'USD',
  };
}

/** The value of a list of items: the sum of price times quantity, in dollars, to the cent. */
export function analyticsValue(items: readonly AnalyticsItem[]): number {
  return Math.round(items.reduce((sum, i) => sum + i.price * 100 * i.quantity, 0)) / 100;
}
