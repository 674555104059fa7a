import type { Subscription } from '@portal/domain/contracts/subscription';
import { apiRequest, seg } from '../../../lib/api-client';

/** POST /v2/subscriptions/product/{productId} (002 §7.3): a recurring purchase without a visit. */
export function subscribeToProduct(
  productId: string,
  body: { quantity: number; promo_code: string | null },
): Promise<Subscription> {
  return apiRequest<Subscription>(`/v2/subscriptions/product/${seg(productId)}`, { method: 'POST', body });
}
