import type { CheckoutPayment, CheckoutRequestInput } from '@portal/domain/contracts/checkout-submit';
import { MESSAGES } from '@portal/domain/messages';
import { validateShippingForm, validateSignupShippingForm } from '@portal/domain/validation/shipping';
import { type FormEvent, type RefObject, useMemo, useRef, useState } from 'react';
import type { Card } from '../../api/billing';
import { type CheckoutResult, useSubmitCheckoutMutation } from '../../api/checkout';
import type { Patient } from '../../lib/patient';
import { readReferralTraits } from '../../lib/referral-traits';
import type { CardFieldHandle } from './card-field';
import { checkoutFailure } from './checkout-failure';
import { type CheckoutTotals, summaryTotals, type TotalsLine, type TotalsMode } from './checkout-totals';
import type { AppliedDiscount } from './discount-code-field';
import { type ShippingFormController, type ShippingPayload, useShippingForm } from './use-shipping-form';

type CheckoutShippingInput = CheckoutRequestInput['shipping'];

/** What the checkout buys: the kind-specific fields of POST /v2/checkout. */
export type CheckoutPurchase =
  | {
      kind: 'consultation';
      intake: string;
      /** The membership chosen in the funnel; null: the one on the visit's products, if any. */
      membership: { membership: string; price: string } | null;
    }
  | { kind: 'signup' | 'shop'; items: { product: string; quantity: number }[] };

/** A UUID; pages served over plain http outside localhost have no `randomUUID`, but always `getRandomValues`. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The `Idempotency-Key` of the checkout a page makes (decision 013). */
export interface CheckoutKey {
  /** The key to send with a submit of `purchase` (what is bought, as a string). */
  keyFor: (purchase: string) => string;
  /** A submit failed; `settled`: the server refused it with nothing bought (see `checkoutFailure`). */
  failed: (settled: boolean) => void;
  /** The checkout completed: the next one is another checkout, with a new key. */
  succeeded: () => void;
}

/**
 * One key per checkout, made when the page opens and kept in memory (never in storage) for every retry of
 * it, so a retry continues the checkout or gets its answer again instead of paying twice. It is renewed after
 * a successful checkout, and when the patient changes what they buy (another discount code) after a failure
 * the server settled (a refusal with nothing bought): the server answers a changed purchase under an old key
 * with 422, and a refusal leaves nothing to continue. After an unknown outcome (no answer, 5xx) the key is
 * kept whatever changes, since that checkout may have gone through.
 */
export function useCheckoutKey(): CheckoutKey {
  const state = useRef<{ key: string; purchase: string | null; settled: boolean } | null>(null);
  state.current ??= { key: newKey(), purchase: null, settled: false };
  return useMemo(
    () => ({
      keyFor(purchase) {
        const current = state.current!;
        if (current.purchase !== null && current.purchase !== purchase && current.settled) {
          current.key = newKey();
          current.settled = false;
        }
        current.purchase = purchase;
        return current.key;
      },
      failed(settled) {
        state.current!.settled = settled;
      },
      succeeded() {
        state.current = { key: newKey(), purchase: null, settled: false };
      },
    }),
    [],
  );
}

export type SubmitState = 'idle' | 'submitting' | 'error';

/** The failure shown above the submit button; `critical` is the shipping alert of 000 §8. */
export interface CheckoutErrorDisplay {
  message: string;
  critical: boolean;
}

export interface CheckoutSubmitOptions {
  user: Patient;
  savedCard: Card | null;
  /** False when the visit collects no payment (its intake template says so): no card is asked for. */
  collectsPayment: boolean;
  purchase: CheckoutPurchase;
  /** How the Summary counts (000 §9 consultation, 002 §2.7 purchase) and its lines. */
  mode: TotalsMode;
  lines: readonly TotalsLine[];
  checkoutKey: CheckoutKey;
  /** After a completed checkout (clearing selections and navigating are the page's). */
  onSuccess: (result: CheckoutResult) => void;
  /** 'This intake has already been paid.': the visit is in, the page moves on instead of showing an error. */
  onAlreadyPaid?: () => void;
  /** The server's total differs from the Summary's: the page reloads what it priced the Summary by. */
  onTotalChanged?: () => void;
  /** A refusal the page shows in its own way (true: handled, no error under the button). */
  onRefused?: (error: unknown) => boolean;
}

export interface CheckoutSubmitController {
  shipping: ShippingFormController;
  /** The card entry: its handle, validity and edits. */
  cardRef: RefObject<CardFieldHandle | null>;
  setCardValid: (valid: boolean) => void;
  cardEdited: () => void;
  savedCard: Card | null;
  collectsPayment: boolean;
  /** The saved card is being replaced by a typed one. */
  changingCard: boolean;
  changeCard: () => void;
  discount: AppliedDiscount | null;
  setDiscount: (discount: AppliedDiscount | null) => void;
  /** The Summary's figures (what the server is told the page showed). */
  totals: CheckoutTotals;
  state: SubmitState;
  error: CheckoutErrorDisplay | null;
  canSubmit: boolean;
  /** 'Error. Try Again.' after a failure, else the page's own label. */
  submitLabel: (label: string) => string;
  submit: (event: FormEvent) => Promise<void>;
}

/** The form's address as the checkout's `shipping` (an empty Apt/Suite is sent as ''). */
function shippingBody({ shipping_info, mobile_number }: ShippingPayload): CheckoutShippingInput {
  return {
    shipping_info: { ...shipping_info, apt_suite: shipping_info.apt_suite ?? '' },
    ...(mobile_number ? { mobile_number } : {}),
  };
}

/** A typed card's token is sent again on a retry only while it is this fresh (the sandbox's last 30 minutes). */
const TOKEN_REUSE_MS = 10 * 60_000;

/**
 * The checkout form of both checkouts (the visit's, 000 §2 Screen 10 and §4; the signup lab or supplement,
 * 002 §2.8 and §4.5): the shipping form, the card (a typed one is tokenised in the browser; the saved one is
 * kept unless changed), the discount code, and one submit through POST /v2/checkout with the page's key.
 * One submit runs at a time (a double click does nothing). A failure shows the message of 000 §8 / 002 §8.2
 * and the button reads 'Error. Try Again.'; a retry sends the same key, and the same card token unless the
 * card was edited or refused, so a checkout whose answer was lost is answered again rather than repeated.
 */
export function useCheckoutSubmit(options: CheckoutSubmitOptions): CheckoutSubmitController {
  const { user, savedCard, collectsPayment, purchase, mode, lines, checkoutKey } = options;
  // one rule, worded as each flow's document words it: 000 §5 for the visit, 002 §5 for the signup and shop checkouts
  const shipping = useShippingForm({
    user,
    validate: purchase.kind === 'consultation' ? validateShippingForm : validateSignupShippingForm,
  });
  const cardRef = useRef<CardFieldHandle>(null);
  const [cardValid, setCardValid] = useState(false);
  const [changingCard, setChangingCard] = useState(false);
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [state, setState] = useState<SubmitState>('idle');
  const [error, setError] = useState<CheckoutErrorDisplay | null>(null);
  const inFlight = useRef(false);
  const token = useRef<{ id: string; at: number } | null>(null);
  const mutation = useSubmitCheckoutMutation(user._id);

  const enteringCard = !savedCard || changingCard;
  const cardRequired = collectsPayment && enteringCard;
  const totals = summaryTotals(mode, lines, discount);
  const canSubmit = shipping.isValid && (!cardRequired || cardValid) && state !== 'submitting';

  async function payment(): Promise<CheckoutPayment> {
    // The saved card pays, or the visit needs none.
    if (!cardRequired) return { method: 'saved_card' };
    const kept = token.current;
    if (kept && Date.now() - kept.at < TOKEN_REUSE_MS) return { method: 'new_card', token: kept.id };
    const id = await cardRef.current!.tokenize();
    token.current = { id, at: Date.now() };
    return { method: 'new_card', token: id };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current || !shipping.submit() || !canSubmit) return;
    inFlight.current = true;
    setState('submitting');
    setError(null);
    let sent = false;
    try {
      const paying = await payment();
      const promo = discount?.promoCode ?? null;
      const referral = readReferralTraits();
      const body: CheckoutRequestInput = {
        ...(purchase.kind === 'consultation'
          ? {
              kind: 'consultation',
              intake: purchase.intake,
              ...(purchase.membership ? { membership: purchase.membership } : {}),
            }
          : { kind: purchase.kind, items: purchase.items }),
        shipping: shippingBody(shipping.payload()),
        payment: paying,
        ...(promo ? { promo_code: promo } : {}),
        ...(Object.keys(referral).length > 0 ? { referral } : {}),
        expected_total: totals.totalDueNow,
      };
      const idempotencyKey = checkoutKey.keyFor(JSON.stringify([purchase, promo]));
      sent = true;
      const result = await mutation.mutateAsync({ body, idempotencyKey });
      checkoutKey.succeeded();
      token.current = null;
      options.onSuccess(result);
    } catch (e) {
      const failure = checkoutFailure(e);
      if (sent) checkoutKey.failed(failure.settled);
      if (failure.kind === 'card') token.current = null;
      if (failure.kind === 'already-paid' && options.onAlreadyPaid) {
        options.onAlreadyPaid();
        return;
      }
      if (options.onRefused?.(e)) {
        setState('idle');
        return;
      }
      setError({ message: failure.message, critical: failure.kind === 'shipping' });
      setState('error');
      if (failure.kind === 'total-changed') options.onTotalChanged?.();
    } finally {
      inFlight.current = false;
    }
  }

  return {
    shipping,
    cardRef,
    setCardValid,
    cardEdited: () => {
      token.current = null;
    },
    savedCard,
    collectsPayment,
    changingCard,
    changeCard: () => {
      token.current = null;
      setChangingCard(true);
    },
    discount,
    setDiscount,
    totals,
    state,
    error,
    canSubmit,
    submitLabel: (label) => (state === 'error' ? MESSAGES.errorTryAgain : label),
    submit,
  };
}
