import { type AnalyticsItem, analyticsItem } from '@portal/domain/analytics/item';
import type { SelectedProduct } from './funnel-selection';

/** A selected product as an analytics item (000 §9: priced per month). */
export function itemOf(product: SelectedProduct): AnalyticsItem {
  return analyticsItem({
    productTemplateId: product.product_template,
    type: product.type,
    totalDiscount: product.pricing.total_discount,
    duration: product.treatment_properties.duration,
  });
}
