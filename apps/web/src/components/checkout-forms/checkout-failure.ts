import { cardUpdateFailureMessage, MESSAGES, mapServerMessage } from '@portal/domain/messages';
import { type CheckoutStep, checkoutStepOf } from '../../api/checkout';
import { isApiError } from '../../lib/api-error';
import { CardTokenError } from './card-field';

/**
 * What a failed checkout shows (000 §8, 002 §8.2), and what the page does about it:
 * - `shipping`: the address was refused; shown as the critical alert;
 * - `card`: the card could not be tokenised, saved or charged; the card entry starts over;
 * - `already-paid`: the visit is already paid ('This intake has already been paid.'): the patient moves on;
 * - `total-changed`: the server's total differs from the Summary; the page reloads its figures;
 * - `other`: anything else, with the server's (mapped) message.
 */
export type CheckoutFailureKind = 'shipping' | 'card' | 'already-paid' | 'total-changed' | 'other';

export interface CheckoutFailure {
  kind: CheckoutFailureKind;
  message: string;
  /** The step the server stopped at, when one ran. */
  step: CheckoutStep | null;
  /**
   * Nothing was bought under the checkout's key: the server refused it (4xx) before or at a step it undoes,
   * so the same key need not be kept if the patient changes what they buy (e.g. another discount code).
   * False when the outcome is unknown (no answer, 5xx), while it runs, or after orders or subscriptions.
   */
  settled: boolean;
}

const CARD_TEXTS: ReadonlySet<string> = new Set(['InvalidCard', 'CardDeclined']);
/** Steps after which a purchase has orders, a charge or subscriptions the server does not undo on a refusal. */
const KEEPING_STEPS: ReadonlySet<CheckoutStep> = new Set(['orders', 'subscriptions', 'marketing']);

const isShippingField = (path: string) => /(^|\.)shipping(\.|$)/.test(path);

/** Reads a failed `POST /v2/checkout` (or the card tokenisation before it) as the page shows it. */
export function checkoutFailure(error: unknown): CheckoutFailure {
  if (error instanceof CardTokenError)
    return { kind: 'card', message: error.message || MESSAGES.paymentGeneric, step: null, settled: true };
  if (!isApiError(error)) return { kind: 'other', message: MESSAGES.generic, step: null, settled: false };

  const step = checkoutStepOf(error);
  const settled =
    error.status >= 400 &&
    error.status < 500 &&
    error.text !== 'CheckoutInProgress' &&
    error.text !== 'IdempotencyKeyReused' &&
    !(step && KEEPING_STEPS.has(step));
  const failure = (kind: CheckoutFailureKind, message: string): CheckoutFailure => ({
    kind,
    message,
    step,
    settled,
  });

  if (error.text === 'IntakeAlreadyPaid' || error.message === MESSAGES.intakeAlreadyPaid)
    return failure('already-paid', MESSAGES.intakeAlreadyPaid);
  if (error.text === 'TotalChanged') return failure('total-changed', error.message || MESSAGES.generic);
  if (
    step === 'shipping' ||
    error.message === MESSAGES.addressInvalidAtCheckout ||
    (error.status === 400 && error.fields.some((f) => isShippingField(f.path)))
  )
    return failure('shipping', error.message || MESSAGES.generic);
  // A card the provider refused when saving it: 400 'Invalid Credit Card', 402 the server's message (000 §8).
  if (step === 'card')
    return failure('card', cardUpdateFailureMessage(error.status, error.status !== 0 ? error.message : null));
  // A refused charge (002 §8.2: payment errors show the provider's message).
  if (step === 'payment' || CARD_TEXTS.has(error.text) || error.status === 402)
    return failure('card', mapServerMessage(error.message, MESSAGES.paymentGeneric));
  return failure('other', mapServerMessage(error.message, MESSAGES.generic));
}
