import { MESSAGES } from '@portal/domain/messages';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { CardTokenError } from './card-field';
import { checkoutFailure } from './checkout-failure';
import { useCheckoutKey } from './use-checkout-submit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('useCheckoutKey', () => {
  it('keeps one key for every retry of a checkout and makes a new one after a successful checkout', () => {
    const { result, rerender } = renderHook(() => useCheckoutKey());
    const first = result.current.keyFor('visit');
    expect(first).toMatch(UUID);
    result.current.failed(true);
    rerender();
    expect(result.current.keyFor('visit')).toBe(first);
    result.current.failed(false);
    expect(result.current.keyFor('visit')).toBe(first);
    result.current.succeeded();
    const next = result.current.keyFor('visit');
    expect(next).toMatch(UUID);
    expect(next).not.toBe(first);
  });

  it('takes a new key for another purchase only after a refusal with nothing bought', () => {
    const { result } = renderHook(() => useCheckoutKey());
    const first = result.current.keyFor('no code');
    result.current.failed(false);
    expect(result.current.keyFor('WELCOME20')).toBe(first);
    result.current.failed(true);
    const second = result.current.keyFor('no code');
    expect(second).not.toBe(first);
    expect(result.current.keyFor('no code')).toBe(second);
  });

  it('is kept per page: another page has its own', () => {
    const a = renderHook(() => useCheckoutKey()).result.current.keyFor('x');
    const b = renderHook(() => useCheckoutKey()).result.current.keyFor('x');
    expect(a).not.toBe(b);
  });
});

const answer = (status: number, text: string, message: string, step?: string) =>
  new ApiError(status, text, message, step ? { headers: new Headers({ 'checkout-step': step }) } : {});

describe('checkoutFailure', () => {
  it.each([
    [
      answer(400, 'InvalidCard', 'Your card number is invalid.', 'card'),
      'card',
      MESSAGES.invalidCreditCard,
      true,
    ],
    [answer(402, 'CardDeclined', 'Your card was declined.', 'card'), 'card', 'Your card was declined.', true],
    [
      answer(402, 'CardDeclined', 'Your card was declined.', 'payment'),
      'card',
      'Your card was declined.',
      true,
    ],
    [
      answer(400, 'ValidationError', MESSAGES.addressInvalidAtCheckout),
      'shipping',
      MESSAGES.addressInvalidAtCheckout,
      true,
    ],
    [
      new ApiError(400, 'ValidationError', 'Please enter a valid zip code.', {
        fields: [{ path: 'body.shipping.shipping_info.zip_code', message: 'Please enter a valid zip code.' }],
      }),
      'shipping',
      'Please enter a valid zip code.',
      true,
    ],
    [
      answer(400, 'IntakeAlreadyPaid', MESSAGES.intakeAlreadyPaid),
      'already-paid',
      MESSAGES.intakeAlreadyPaid,
      true,
    ],
    [answer(409, 'TotalChanged', 'The total changed.'), 'total-changed', 'The total changed.', true],
    [answer(409, 'CheckoutInProgress', 'Wait.'), 'other', 'Wait.', false],
    [answer(422, 'IdempotencyKeyReused', 'Reload.'), 'other', 'Reload.', false],
    [
      answer(400, 'InvalidState', 'Invalid state for walk-in phlebotomy'),
      'other',
      MESSAGES.labRestrictedState,
      true,
    ],
    [answer(400, 'Refused', 'After the charge.', 'subscriptions'), 'other', 'After the charge.', false],
    [answer(500, 'NetworkError', MESSAGES.generic, 'intake'), 'other', MESSAGES.generic, false],
    [new ApiError(0, 'NetworkError', MESSAGES.networkError), 'other', MESSAGES.networkError, false],
    [new CardTokenError('Your card has expired.'), 'card', 'Your card has expired.', true],
    [new Error('boom'), 'other', MESSAGES.generic, false],
  ])('reads %o as %s: %s', (error, kind, message, settled) => {
    expect(checkoutFailure(error)).toMatchObject({ kind, message, settled });
  });
});
