import { SUBSCRIPTION_ALREADY_EXISTS } from '@portal/domain/shop/checkout/direct-checkout';
import { isApiError } from '../lib/api-error';

/**
 * Whether a failed POST /v2/checkout (kind shop) was refused because the patient already subscribes to the
 * plan's product: the shop's checkout panel then offers the 'Subscription Already Exists' choices instead of
 * an error (000 §2 item 11).
 */
export function isSubscriptionAlreadyExists(error: unknown): boolean {
  return isApiError(error) && error.text === SUBSCRIPTION_ALREADY_EXISTS.text;
}
