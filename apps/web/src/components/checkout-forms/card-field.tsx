import { MESSAGES } from '@portal/domain/messages';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { createSandboxToken, type Merchant, merchantQueryOptions } from '../../api/billing';
import { isApiError } from '../../lib/api-error';
import { FieldError } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { TextInput } from '../ui/text-input';
import {
  cardDigits,
  cvcValid,
  expiryInFuture,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
} from './card-input';
import './checkout-forms.css';

/** A card that could not be tokenised; the message is the provider's, to show as it is (000 §8 Payment). */
export class CardTokenError extends Error {
  override name = 'CardTokenError';
}

export interface CardFieldHandle {
  /**
   * Sends the card to the provider (Stripe.js, or the sandbox's tokens_url) and answers the token for the
   * billing calls. Rejects with a {@link CardTokenError} carrying the message to show.
   */
  tokenize: () => Promise<string>;
}

export interface CardFieldProps {
  ref?: Ref<CardFieldHandle>;
  /** Called whenever the entry becomes complete and valid, or stops being so. */
  onValidChange?: (valid: boolean) => void;
  /** Called on every edit of the card, so a token made before it is not sent again. */
  onEdit?: () => void;
  disabled?: boolean;
}

/**
 * Card entry (000 §2 Screen 10), set up by the clinic's merchant call (002 §7.7). The card number never reaches a business endpoint: with Stripe it stays in
 * Stripe's Card Element (loaded lazily with the publishable key); with the sandbox the form posts it to the
 * sandbox tokeniser only. Labels of the sandbox form: Card number, Expiry date, CVC.
 */
export function CardField(props: CardFieldProps) {
  const { data: config, isError } = useQuery(merchantQueryOptions());
  if (isError) return <FieldError id={undefined}>{MESSAGES.paymentGeneric}</FieldError>;
  if (!config)
    return (
      <div className="co-card__loading">
        <Spinner size="sm" label="Loading the card form" />
      </div>
    );
  if (config.provider === 'stripe' && config.publishable_key)
    return <StripeCardField {...props} publishableKey={config.publishable_key} />;
  return <SandboxCardField {...props} config={config} />;
}

function SandboxCardField({
  ref,
  onValidChange,
  onEdit,
  disabled,
  config,
}: CardFieldProps & { config: Merchant }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [providerError, setProviderError] = useState<string | null>(null);

  const digits = cardDigits(number);
  const parsedExpiry = parseExpiry(expiry);
  const errors = {
    number: luhnValid(digits) ? undefined : MESSAGES.cardNumberInvalid,
    expiry: !parsedExpiry
      ? MESSAGES.cardExpiryInvalid
      : expiryInFuture(parsedExpiry)
        ? undefined
        : MESSAGES.cardExpiryPast,
    cvc: cvcValid(cvc, number) ? undefined : MESSAGES.cardCvcInvalid,
  };
  const valid = !errors.number && !errors.expiry && !errors.cvc;

  const onValid = useRef(onValidChange);
  onValid.current = onValidChange;
  useEffect(() => onValid.current?.(valid), [valid]);

  useImperativeHandle(
    ref,
    () => ({
      async tokenize() {
        if (!valid || !parsedExpiry || !config.tokens_url) {
          setTouched({ number: true, expiry: true, cvc: true });
          throw new CardTokenError(errors.number ?? errors.expiry ?? errors.cvc ?? MESSAGES.paymentGeneric);
        }
        try {
          const token = await createSandboxToken(config.tokens_url, {
            number: digits,
            exp_month: parsedExpiry.month,
            exp_year: parsedExpiry.year,
            cvc,
          });
          setProviderError(null);
          return token.id;
        } catch (error) {
          const message = isApiError(error) ? error.message : MESSAGES.paymentGeneric;
          setProviderError(message);
          throw new CardTokenError(message);
        }
      },
    }),
    [valid, parsedExpiry, config.tokens_url, digits, cvc, errors.number, errors.expiry, errors.cvc],
  );

  const show = (field: keyof typeof errors) => (touched[field] ? errors[field] : undefined);
  const touch = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));
  const edit = (set: (v: string) => void) => (v: string) => {
    setProviderError(null);
    onEdit?.();
    set(v);
  };

  return (
    <div className="co-card">
      <div className="co-card__grid">
        <TextInput
          label="Card number"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          fieldClassName="co-card__number"
          value={number}
          disabled={disabled}
          onChange={(e) => edit(setNumber)(formatCardNumber(e.target.value))}
          onBlur={touch('number')}
          error={show('number')}
        />
        <TextInput
          label="Expiry date"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          value={expiry}
          disabled={disabled}
          onChange={(e) => edit(setExpiry)(formatExpiry(e.target.value))}
          onBlur={touch('expiry')}
          error={show('expiry')}
        />
        <TextInput
          label="CVC"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          maxLength={4}
          value={cvc}
          disabled={disabled}
          onChange={(e) => edit(setCvc)(e.target.value.replace(/\D/g, '').slice(0, 4))}
          onBlur={touch('cvc')}
          error={show('cvc')}
        />
      </div>
      {providerError ? <FieldError id={undefined}>{providerError}</FieldError> : null}
      <p className="co-card__note">Test mode: no real card is needed (try 4242 4242 4242 4242).</p>
    </div>
  );
}

/** Stripe.js is fetched only when a checkout shows a card entry with Stripe configured. */
async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  const { loadStripe } = await import('@stripe/stripe-js');
  return loadStripe(publishableKey);
}

function StripeCardField({
  ref,
  onValidChange,
  onEdit,
  disabled,
  publishableKey,
}: CardFieldProps & { publishableKey: string }) {
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onValid = useRef(onValidChange);
  onValid.current = onValidChange;
  const onEdited = useRef(onEdit);
  onEdited.current = onEdit;

  useEffect(() => {
    let cancelled = false;
    loadStripeJs(publishableKey)
      .then((loaded) => {
        if (cancelled || !loaded || !host.current) return;
        stripe.current = loaded;
        const element = loaded.elements().create('card', { hidePostalCode: true });
        element.on('change', (event) => {
          onEdited.current?.();
          setError(event.error?.message ?? null);
          onValid.current?.(event.complete && !event.error);
        });
        element.on('ready', () => setReady(true));
        element.mount(host.current);
        card.current = element;
      })
      .catch(() => !cancelled && setError(MESSAGES.paymentGeneric));
    return () => {
      cancelled = true;
      card.current?.destroy();
      card.current = null;
    };
  }, [publishableKey]);

  useEffect(() => {
    card.current?.update({ disabled: Boolean(disabled) });
  }, [disabled]);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      if (!stripe.current || !card.current) throw new CardTokenError(MESSAGES.paymentGeneric);
      const result = await stripe.current.createPaymentMethod({ type: 'card', card: card.current });
      if (result.error || !result.paymentMethod) {
        const message = result.error?.message ?? MESSAGES.paymentGeneric;
        setError(message);
        throw new CardTokenError(message);
      }
      return result.paymentMethod.id;
    },
  }));

  return (
    <div className="co-card">
      <fieldset className="ui-field co-card__set" aria-busy={!ready || undefined}>
        <legend className="ui-field__label">Card details</legend>
        <div ref={host} className="ui-input co-card__stripe" />
      </fieldset>
      {error ? <FieldError id={undefined}>{error}</FieldError> : null}
    </div>
  );
}
