import type { ProductType } from '../contracts/product';
import { analyticsItemPriceCents } from '../pricing/plan-pricing';

// Apart from the events (events.ts): the app's first download carries the events' names for the event at
// opening, and only the treatment-preference screen prices an item.

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
