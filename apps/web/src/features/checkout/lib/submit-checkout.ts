import { cardUpdateFailureMessage, MESSAGES } from '@portal/domain/messages';
import { addCard, createBillingProfile } from '../../../api/billing';
import { completeIntake, setIntakeSubscriptions } from '../../../api/intakes';
import { startMembership } from '../../../api/memberships';
import { addSubscriber, setSubscriberTag, updatePatient } from '../../../api/patient';
import { subscribeToProduct } from '../../../api/subscriptions';
import { CardTokenError } from '../../../components/checkout-forms/card-field';
import type { ShippingPayload } from '../../../components/checkout-forms/use-shipping-form';
import { isApiError } from '../../../lib/api-error';
import type { Patient } from '../../../lib/patient';
import { readReferralTraits } from '../../../lib/referral-traits';
import type { CheckoutData } from './checkout-data';

/** A failed step: the message to show and whether it is the critical shipping alert (000 §8). */
export class CheckoutSubmitError extends Error {
  override name = 'CheckoutSubmitError';
  constructor(
    message: string,
    readonly kind: 'shipping' | 'payment' | 'other',
  ) {
    super(message);
  }
}

/** Marketing tags toggled on completion (000 §4 "Marketing tags toggle"). */
export const COMPLETION_TAGS: readonly [string, 'active' | 'inactive'][] = [
  ['status:checkout:incomplete', 'inactive'],
  ['status:checkout:complete', 'active'],
  ['status:intake:incomplete', 'inactive'],
  ['status:intake:complete', 'active'],
];

export interface SubmitInput {
  userId: string;
  data: CheckoutData;
  shipping: ShippingPayload;
  /** Tokenises the card typed in this checkout; null when the saved card is kept (or none is needed). */
  tokenizeCard: (() => Promise<string>) | null;
  /** The patient has a saved card. */
  hasSavedCard: boolean;
  promoCode: string | null;
  /** GET the patient (step 1). */
  refreshUser: () => Promise<Patient>;
  /** Keeps the session user current after each change. */
  onUser: (user: Patient) => void;
}

export type SubmitResult = { kind: 'dashboard' } | { kind: 'coaching'; subscriptionId: string };

const alreadyPaid = (error: unknown) =>
  isApiError(error) && (error.text === 'IntakeAlreadyPaid' || error.message === MESSAGES.intakeAlreadyPaid);

/** Saves the card when one was typed; answers the billing customer id, when there is one. */
async function saveCard(input: SubmitInput, user: Patient): Promise<string | null> {
  if (!input.tokenizeCard) {
    // Nothing to save: the saved card pays, or the visit collects no payment.
    const collects = input.data.intakeTemplate?.disable_payment_collection !== true;
    if (collects && !input.hasSavedCard && !user.has_card_source) {
      throw new CheckoutSubmitError(MESSAGES.missingCardAndAccount, 'payment');
    }
    return user.stripe_id;
  }
  let token: string;
  try {
    token = await input.tokenizeCard();
  } catch (error) {
    throw new CheckoutSubmitError(
      error instanceof CardTokenError ? error.message : MESSAGES.paymentGeneric,
      'payment',
    );
  }
  try {
    // A patient with a billing account replaces the card; a first card creates the account with it.
    const profile =
      user.stripe_id || input.hasSavedCard
        ? await addCard(input.userId, token)
        : await createBillingProfile(input.userId, token, readReferralTraits());
    return profile.stripe_id;
  } catch (error) {
    const status = isApiError(error) ? error.status : undefined;
    throw new CheckoutSubmitError(
      cardUpdateFailureMessage(status, isApiError(error) && status !== 0 ? error.message : null),
      'payment',
    );
  }
}

/**
 * The checkout submit of 000 §4, in order: refresh the user; save shipping (and the mobile number); create
 * the billing profile or replace the card; start the chosen membership if the patient has none; for coaching,
 * create the subscription and attach it to the intake; complete the intake with the promo code; then the
 * marketing calls (their failures are only logged). Clearing the selections and navigating are the caller's.
 */
export async function submitCheckout(input: SubmitInput): Promise<SubmitResult> {
  const { userId, data } = input;
  let user = await input.refreshUser();
  input.onUser(user);

  try {
    user = await updatePatient(userId, input.shipping);
    input.onUser(user);
  } catch (error) {
    throw new CheckoutSubmitError(isApiError(error) ? error.message : MESSAGES.generic, 'shipping');
  }

  const customerId = await saveCard(input, user);

  if (data.membership && !user.membership) {
    const collects = data.intakeTemplate?.disable_payment_collection !== true;
    await startMembership(data.membership.membership_id, data.membership.price_id, {
      patient_id: userId,
      // Without payment collection the membership starts without a customer to charge.
      stripe_customer_id: collects ? customerId : null,
    });
  }

  let result: SubmitResult = { kind: 'dashboard' };
  const coachingProduct = data.coaching ? data.items[0]?.productId : null;
  if (coachingProduct) {
    const subscription = await subscribeToProduct(coachingProduct, {
      quantity: 1,
      promo_code: input.promoCode,
      intake: data.intake._id,
    });
    const subscriptions = [...new Set([...data.intake.subscriptions, subscription._id])];
    await setIntakeSubscriptions(userId, data.intake._id, subscriptions);
    result = { kind: 'coaching', subscriptionId: subscription._id };
  }

  try {
    await completeIntake(data.intake._id, input.promoCode);
  } catch (error) {
    // A retry after a completed submit: the visit is already in, so the patient just moves on.
    if (!alreadyPaid(error)) throw error;
  }

  await addSubscriber(userId).catch(() => undefined);
  for (const [tag, status] of COMPLETION_TAGS)
    await setSubscriberTag(userId, tag, status).catch(() => undefined);
  return result;
}

/** The message a failed submit shows. */
export function submitErrorMessage(error: unknown): string {
  if (error instanceof CheckoutSubmitError) return error.message;
  if (isApiError(error)) return error.message || MESSAGES.generic;
  return MESSAGES.generic;
}
