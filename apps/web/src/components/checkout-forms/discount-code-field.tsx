import { couponFailureMessage, MESSAGES } from '@portal/domain/messages';
import {
  canApplyDiscountCode,
  couponPercentages,
  normalizeDiscountCode,
  validateDiscountCode,
} from '@portal/domain/validation/discount-code';
import { type KeyboardEvent, useId, useState } from 'react';
import { applyCoupon } from '../../api/billing';
import { isApiError } from '../../lib/api-error';
import { Button } from '../ui/button';
import { describedBy, FieldError } from '../ui/field';
import './checkout-forms.css';

/** An applied code: the code as the server spells it and the percentage per product id. */
export interface AppliedDiscount {
  promoCode: string;
  percentages: Record<string, number>;
}

export interface DiscountCodeFieldProps {
  /** The cart's products (priced product or template ids) with their quantities, sent with the code. */
  products: { product: string; quantity: number }[];
  /** The applied code, or null when none applies (any edit of the code removes it). */
  onChange: (applied: AppliedDiscount | null) => void;
  disabled?: boolean;
}

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/**
 * Discount code entry (000 §5 "Discount code", §8 Coupon): at most 20 alphanumeric characters, Apply (or
 * Enter) sends POST /v2/cart/coupon/{code} with the products; Apply is disabled while the code is empty,
 * loading or in error. Labels: 'Discount code' and 'Apply'.
 */
export function DiscountCodeField({ products, onChange, disabled }: DiscountCodeFieldProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const invalid = validateDiscountCode(code);
  const failed = outcome?.tone === 'error';
  // The applied code is already in the Summary; Apply comes back once the code is edited.
  const applied = outcome?.tone === 'success';
  const canApply =
    !disabled && !applied && products.length > 0 && canApplyDiscountCode(code, { loading, error: failed });

  const apply = async () => {
    if (!canApply) return;
    setLoading(true);
    try {
      const answer = await applyCoupon(normalizeDiscountCode(code), products);
      const percentages = couponPercentages(
        answer,
        products.map((p) => p.product),
      );
      if (Object.keys(percentages).length === 0) {
        setOutcome({ tone: 'error', message: MESSAGES.couponNotApplicable });
        onChange(null);
      } else {
        setOutcome({ tone: 'success', message: MESSAGES.couponApplied });
        onChange({ promoCode: answer.promoCode, percentages });
      }
    } catch (error) {
      setOutcome({
        tone: 'error',
        message: couponFailureMessage(isApiError(error) ? error.status : undefined),
      });
      onChange(null);
    } finally {
      setLoading(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter applies the code and never submits the surrounding checkout form.
    event.preventDefault();
    void apply();
  };

  const message = invalid ?? outcome?.message;
  const tone = invalid ? 'error' : outcome?.tone;
  const messageId = message ? `${id}-message` : undefined;

  return (
    <div className="co-discount">
      <label className="ui-field__label" htmlFor={id}>
        Discount code
      </label>
      <div className="co-discount__row">
        <input
          id={id}
          className="ui-input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={tone === 'error' || undefined}
          aria-describedby={describedBy({ hintId: undefined, errorId: messageId })}
          onChange={(event) => {
            setCode(event.target.value);
            if (outcome) {
              setOutcome(null);
              if (outcome.tone === 'success') onChange(null);
            }
          }}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={() => void apply()} disabled={!canApply} loading={loading}>
          Apply
        </Button>
      </div>
      {message && tone === 'error' ? <FieldError id={messageId}>{message}</FieldError> : null}
      {message && tone === 'success' ? (
        <p className="co-discount__success" id={messageId} role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}
