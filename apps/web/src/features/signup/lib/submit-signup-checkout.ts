import { RESTRICTED_LAB_STATES } from '@portal/domain/constants';
import { orderName } from '@portal/domain/contracts/order';
import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import { cardUpdateFailureMessage, MESSAGES, mapServerMessage } from '@portal/domain/messages';
import { addCard, createBillingProfile } from '../../../api/billing';
import { createOrder, submitOrder } from '../../../api/orders';
import { setSubscriberTag, updatePatient } from '../../../api/patient';
import { subscribeToProduct } from '../../../api/subscriptions';
import { CardTokenError } from '../../../components/checkout-forms/card-field';
import type { ShippingPayload } from '../../../components/checkout-forms/use-shipping-form';
import { isApiError } from '../../../lib/api-error';
import type { Patient } from '../../../lib/patient';
import { readReferralTraits } from '../../../lib/referral-traits';

/** A failed step, with the message to show (the provider's for card problems, 002 §8.2). */
export class SignupCheckoutError extends Error {
  override name = 'SignupCheckoutError';
}

export interface SignupCheckoutInput {
  user: Patient;
  template: Pick<ProductTemplate, '_id' | 'type' | 'product_name'>;
  product: Product;
  shipping: ShippingPayload;
  /** Tokenises the typed card; null when the saved card pays. */
  tokenizeCard: (() => Promise<string>) | null;
  hasSavedCard: boolean;
  promoCode: string | null;
  /** The order created by an earlier attempt, so a retry submits it instead of ordering again. */
  existingOrderId: string | null;
  onOrderCreated: (orderId: string) => void;
  onUser: (user: Patient) => void;
}

export type SignupCheckoutResult = { kind: 'order'; orderId: string } | { kind: 'subscription' };

const message = (error: unknown) =>
  isApiError(error) ? mapServerMessage(error.message, MESSAGES.generic) : MESSAGES.generic;

async function saveCard(input: SignupCheckoutInput, user: Patient): Promise<void> {
  if (!input.tokenizeCard) {
    if (!input.hasSavedCard && !user.has_card_source)
      throw new SignupCheckoutError(MESSAGES.missingCardAndAccount);
    return;
  }
  let token: string;
  try {
    token = await input.tokenizeCard();
  } catch (error) {
    throw new SignupCheckoutError(error instanceof CardTokenError ? error.message : MESSAGES.paymentGeneric);
  }
  try {
    if (user.stripe_id || input.hasSavedCard) await addCard(user._id, token);
    else await createBillingProfile(user._id, token, readReferralTraits());
  } catch (error) {
    const status = isApiError(error) ? error.status : undefined;
    throw new SignupCheckoutError(
      cardUpdateFailureMessage(status, isApiError(error) && status !== 0 ? error.message : null),
    );
  }
}

/**
 * The signup checkout submit (002 §4.4, §4.5): save the address, block labs shipped to NY, NJ or RI, create
 * the billing profile (or replace the card) when a card was typed, then a subscription for a recurring plan,
 * or an order, created once, submitted; finally the checkout marketing tag (its failures are only logged).
 */
export async function submitSignupCheckout(input: SignupCheckoutInput): Promise<SignupCheckoutResult> {
  let user: Patient;
  try {
    user = await updatePatient(input.user._id, input.shipping);
    input.onUser(user);
  } catch (error) {
    throw new SignupCheckoutError(message(error));
  }
  const state = input.shipping.shipping_info.state ?? '';
  if (input.template.type === 'lab' && (RESTRICTED_LAB_STATES as readonly string[]).includes(state))
    throw new SignupCheckoutError(MESSAGES.labRestrictedState);

  await saveCard(input, user);

  let result: SignupCheckoutResult;
  try {
    if (input.product.pricing.type === 'recurring') {
      await subscribeToProduct(input.product._id, { quantity: 1, promo_code: input.promoCode });
      result = { kind: 'subscription' };
    } else {
      let orderId = input.existingOrderId;
      if (!orderId) {
        const order = await createOrder({
          name: orderName(new Date(), input.template.product_name),
          product_template: input.template._id,
          product: input.product._id,
          quantity: 1,
          promo_code: input.promoCode,
        });
        orderId = order._id;
        input.onOrderCreated(orderId);
      }
      await submitOrder(orderId);
      result = { kind: 'order', orderId };
    }
  } catch (error) {
    throw new SignupCheckoutError(message(error));
  }

  await setSubscriberTag(user._id, 'status:checkout:incomplete', 'inactive').catch(() => undefined);
  await setSubscriberTag(user._id, 'status:checkout:complete', 'active').catch(() => undefined);
  return result;
}
