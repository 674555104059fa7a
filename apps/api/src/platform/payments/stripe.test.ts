import { MESSAGES } from '@portal/domain/messages';
import pino from 'pino';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { createStripePaymentAdapter, mapStripeError, type StripeClient } from './stripe';

const cardError = (raw: { code?: string; decline_code?: string; message?: string }) =>
  Stripe.errors.StripeError.generate({ type: 'card_error', statusCode: 402, message: 'x', ...raw });
const requestError = (raw: { code?: string; param?: string }) =>
  Stripe.errors.StripeError.generate({
    type: 'invalid_request_error',
    statusCode: 400,
    message: 'x',
    ...raw,
  });
const shape = (e: ApiError | undefined) => e && { status: e.statusCode, text: e.text, message: e.message };

describe('mapStripeError', () => {
  it('maps refusals the patient can fix to 402 CardDeclined with the sandbox messages, other declines to 400', () => {
    expect(cardError({ code: 'card_declined', decline_code: 'generic_decline' })).toBeInstanceOf(
      Stripe.errors.StripeCardError,
    );
    expect(
      shape(mapStripeError(cardError({ code: 'card_declined', decline_code: 'generic_decline' }))),
    ).toEqual({
      status: 400,
      text: 'InvalidCard',
      message: 'Invalid Credit Card',
    });
    expect(
      shape(mapStripeError(cardError({ code: 'card_declined', decline_code: 'insufficient_funds' }))),
    ).toEqual({
      status: 402,
      text: 'CardDeclined',
      message: 'Your card has insufficient funds.',
    });
    expect(mapStripeError(cardError({ code: 'expired_card' }))?.message).toBe(MESSAGES.cardExpired);
    expect(mapStripeError(cardError({ code: 'incorrect_cvc' }))?.message).toBe(MESSAGES.cardCvcIncorrect);
    expect(shape(mapStripeError(cardError({ code: 'card_declined', decline_code: 'stolen_card' })))).toEqual({
      status: 400,
      text: 'InvalidCard',
      message: MESSAGES.invalidCreditCard,
    });
  });

  it('maps wrongly entered details and unusable tokens to 400 InvalidCard', () => {
    expect(shape(mapStripeError(cardError({ code: 'incorrect_number' })))).toEqual({
      status: 400,
      text: 'InvalidCard',
      message: MESSAGES.cardNumberInvalid,
    });
    expect(mapStripeError(cardError({ code: 'invalid_expiry_year' }))?.statusCode).toBe(400);
    expect(shape(mapStripeError(requestError({ code: 'token_already_used', param: 'source' })))).toEqual({
      status: 400,
      text: 'InvalidCard',
      message: MESSAGES.invalidCreditCard,
    });
    expect(
      mapStripeError(requestError({ code: 'resource_missing', param: 'payment_method' }))?.statusCode,
    ).toBe(400);
  });

  it('maps our own bad requests and provider failures to 502 without their details', () => {
    const cases = [
      requestError({ code: 'resource_missing', param: 'customer' }),
      new Stripe.errors.StripeAuthenticationError({ message: 'Invalid API Key provided: sk_test_***' }),
      new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' }),
      new Stripe.errors.StripeRateLimitError({ message: 'Too many requests' }),
      new Stripe.errors.StripeAPIError({ message: 'boom' }),
    ];
    for (const e of cases) {
      expect(shape(mapStripeError(e)), e.type).toEqual({
        status: 502,
        text: 'PaymentProviderError',
        message: MESSAGES.paymentGeneric,
      });
    }
  });

  it('leaves errors that are not Stripe’s alone', () => {
    expect(mapStripeError(new Error('bug'))).toBeUndefined();
    expect(mapStripeError('x')).toBeUndefined();
  });
});

function fakeClient() {
  const calls: { method: string; args: unknown[] }[] = [];
  const record =
    (method: string, answer: (...args: unknown[]) => unknown) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
      return answer(...args);
    };
  const client = {
    customers: {
      create: record('customers.create', () => ({ id: 'cus_123' })),
      update: record('customers.update', () => ({ id: 'cus_123' })),
      createSource: record('customers.createSource', () => ({
        id: 'card_1',
        object: 'card',
        brand: 'American Express',
        last4: '0005',
        exp_month: 4,
        exp_year: 2031,
      })),
      deleteSource: record('customers.deleteSource', () => ({})),
      retrieve: record('customers.retrieve', () => ({ id: 'cus_123' })),
    },
    paymentMethods: {
      attach: record('paymentMethods.attach', (id) => ({
        id,
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      })),
      detach: record('paymentMethods.detach', () => ({})),
    },
    paymentIntents: {
      create: record('paymentIntents.create', () => ({ id: 'pi_1', status: 'succeeded' })),
    },
  };
  return { client: client as unknown as StripeClient, calls, raw: client };
}

describe('the Stripe adapter (SDK stand-in, no network)', () => {
  const log = pino({ level: 'silent' });

  it('creates one customer per user (idempotency key) and attaches a PaymentMethod as the default', async () => {
    const { client, calls } = fakeClient();
    const stripe = createStripePaymentAdapter({ client, publishableKey: 'pk_test_x', log });
    expect(
      await stripe.createCustomer({ userId: 'u1', organizationId: 'o1', email: 'a@b.c', name: 'A B' }),
    ).toEqual({
      customerId: 'cus_123',
    });
    expect(calls[0]?.args[1]).toEqual({ idempotencyKey: 'portal-customer-u1' });
    const card = await stripe.attachCard('cus_123', 'pm_card_visa');
    expect(card).toEqual({
      brand: 'Visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      payment_method_id: 'pm_card_visa',
    });
    expect(calls.map((c) => c.method)).toEqual([
      'customers.create',
      'paymentMethods.attach',
      'customers.update',
    ]);
    expect(calls[2]?.args[1]).toEqual({ invoice_settings: { default_payment_method: 'pm_card_visa' } });
    expect(stripe.ownsCustomer('cus_123')).toBe(true);
    expect(stripe.ownsCustomer('cus_sandbox_abc')).toBe(false);
  });

  it('attaches a card token as a source and makes it the default source', async () => {
    const { client, calls } = fakeClient();
    const stripe = createStripePaymentAdapter({ client, publishableKey: 'pk_test_x', log });
    const card = await stripe.attachCard('cus_123', 'tok_visa');
    expect(card).toMatchObject({ brand: 'American Express', last4: '0005', payment_method_id: 'card_1' });
    expect(calls[1]?.args[1]).toEqual({ default_source: 'card_1' });
  });

  it('throws the mapped error of a decline and refuses a token that is not a provider token', async () => {
    const { client, raw } = fakeClient();
    raw.paymentMethods.attach = vi.fn(async () => {
      throw cardError({ code: 'card_declined', decline_code: 'insufficient_funds' });
    });
    const stripe = createStripePaymentAdapter({ client, publishableKey: 'pk_test_x', log });
    const declined = await stripe.attachCard('cus_123', 'pm_1').catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(ApiError);
    expect(shape(declined as ApiError)).toMatchObject({
      status: 402,
      message: MESSAGES.cardInsufficientFunds,
    });
    const bad = await stripe.attachCard('cus_123', '4242424242424242').catch((e: unknown) => e);
    expect((bad as ApiError).statusCode).toBe(400);
  });

  it('charges the default card once per idempotency key and answers the payment id', async () => {
    const { client, calls, raw } = fakeClient();
    raw.customers.retrieve = (async () => ({
      id: 'cus_123',
      invoice_settings: {
        default_payment_method: {
          id: 'pm_9',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
        },
      },
    })) as never;
    const stripe = createStripePaymentAdapter({ client, publishableKey: 'pk_test_x', log });
    const result = await stripe.charge({
      customerId: 'cus_123',
      amount: 19900,
      currency: 'usd',
      description: '2026_01_01 Panel',
      idempotencyKey: 'order-abc',
    });
    expect(result).toEqual({ paymentId: 'pi_1' });
    const create = calls.find((c) => c.method === 'paymentIntents.create');
    expect(create?.args).toEqual([
      {
        amount: 19900,
        currency: 'usd',
        customer: 'cus_123',
        payment_method: 'pm_9',
        description: '2026_01_01 Panel',
        confirm: true,
        off_session: true,
      },
      { idempotencyKey: 'portal-charge-order-abc' },
    ]);
  });
});
