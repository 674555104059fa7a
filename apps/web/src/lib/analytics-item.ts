import { type AnalyticsItem, analyticsItem } from '@portal/domain/analytics/events';
import type { SelectedProduct } from './funnel-selection';

/**
 * A selected product as an analytics item (000 §9: priced per month). Apart from lib/analytics, which every
 * page loads at opening: the pricing rules it needs load with the screens that send items.
 */
export function itemOf(product: SelectedProduct): AnalyticsItem {
  return analyticsItem({
    productTemplateId: product.product_template,
    type: product.type,
    totalDiscount: product.pricing.total_discount,
    duration: product.treatment_properties.duration,
  });
}
