import { MESSAGES } from '@portal/domain/messages';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { ApiError } from '../errors';
import {
  type CardDetails,
  displayBrand,
  type PaymentAdapter,
  PaymentErrors,
  PaymentNotImplementedError,
} from './adapter';
import { createStripeSubscriptionBilling } from './stripe-subscriptions';

/** Card codes that mean the details were entered wrongly: the web shows 'Invalid Credit Card' (400). */
const INVALID_DETAILS: Readonly<Record<string, string>> = {
  incorrect_number: MESSAGES.cardNumberInvalid,
  invalid_number: MESSAGES.cardNumberInvalid,
  invalid_expiry_month: MESSAGES.cardExpiryInvalid,
  invalid_expiry_year: MESSAGES.cardExpiryInvalid,
  invalid_cvc: MESSAGES.cardCvcInvalid,
};

/** Refusals the patient can fix with the same card, by code or decline code (402 with the message); other declines are 400 (see cards.ts). */
const DECLINES: Readonly<Record<string, string>> = {
  insufficient_funds: MESSAGES.cardInsufficientFunds,
  expired_card: MESSAGES.cardExpired,
  incorrect_cvc: MESSAGES.cardCvcIncorrect,
  processing_error: MESSAGES.cardProcessingError,
};

/** Invalid-request codes caused by the token the browser sent (used, unknown, or not a card). */
const BAD_TOKEN_CODES = new Set([
  'token_already_used',
  'resource_missing',
  'payment_method_unactivated',
  'payment_method_unexpected_state',
  'setup_intent_authentication_failure',
]);
const TOKEN_PARAMS = new Set(['source', 'payment_method', 'card', 'token']);

/**
 * Maps an error of the Stripe SDK to the portal's payment errors: wrong details 400, bank refusals 402
 * (with the same messages as the sandbox), anything else from Stripe 502. Errors that are not Stripe's
 * are returned as undefined, to be rethrown as they are.
 */
export function mapStripeError(error: unknown): ApiError | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  if (error instanceof Stripe.errors.StripeCardError) {
    const code = error.code ?? '';
    const invalid = INVALID_DETAILS[code];
    if (invalid) return PaymentErrors.invalidCard(invalid);
    const decline = DECLINES[error.decline_code ?? ''] ?? DECLINES[code];
    return decline ? PaymentErrors.declined(decline) : PaymentErrors.invalidCard();
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (BAD_TOKEN_CODES.has(error.code ?? '') && (!error.param || TOKEN_PARAMS.has(error.param))) {
      return PaymentErrors.invalidCard();
    }
    if (error.param && TOKEN_PARAMS.has(error.param)) return PaymentErrors.invalidCard();
  }
  return PaymentErrors.providerUnavailable();
}

/** The subset of the SDK the adapter uses, so tests can hand it a stand-in. */
export type StripeClient = Pick<
  Stripe,
  'customers' | 'paymentMethods' | 'paymentIntents' | 'subscriptions' | 'products' | 'coupons'
>;

const TOKEN = /^(pm|tok|src|card)_[A-Za-z0-9_]{1,250}$/;

function fromPaymentMethod(pm: Stripe.PaymentMethod): CardDetails {
  if (!pm.card) throw PaymentErrors.invalidCard();
  return {
    brand: displayBrand(pm.card.brand),
    last4: pm.card.last4,
    exp_month: pm.card.exp_month,
    exp_year: pm.card.exp_year,
    payment_method_id: pm.id,
  };
}

function fromSource(source: Stripe.CustomerSource): CardDetails {
  if (source.object !== 'card') throw PaymentErrors.invalidCard();
  return {
    brand: displayBrand(source.brand),
    last4: source.last4,
    exp_month: source.exp_month,
    exp_year: source.exp_year,
    payment_method_id: source.id,
  };
}

/**
 * The Stripe adapter: customers, cards attached as PaymentMethods (`pm_…` from Elements) or as sources
 * (`tok_…` from the Card Element), set as the customer's default. Calls are idempotent per customer and
 * token, so a retried or doubled request attaches one card.
 */
export function createStripePaymentAdapter(deps: {
  client: StripeClient;
  publishableKey: string;
  log: FastifyBaseLogger;
}): PaymentAdapter {
  const { client, log } = deps;

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const mapped = mapStripeError(error);
      if (!mapped) throw error;
      if (mapped.statusCode >= 500) {
        const e = error as InstanceType<typeof Stripe.errors.StripeError>;
        log.error({ err: { type: e.type, code: e.code, requestId: e.requestId } }, `stripe ${what} failed`);
      }
      throw mapped;
    }
  }

  const subscriptions = createStripeSubscriptionBilling(client, call);
  return {
    provider: 'stripe',
    subscriptions,
    publishableKey: deps.publishableKey,

    createCustomer({ userId, organizationId, email, name }) {
      return call('customers.create', async () => {
        const customer = await client.customers.create(
          { email, name, metadata: { user_id: userId, organization_id: organizationId } },
          { idempotencyKey: `portal-customer-${userId}` },
        );
        return { customerId: customer.id };
      });
    },

    ownsCustomer(customerId) {
      return customerId.startsWith('cus_') && !customerId.startsWith('cus_sandbox_');
    },

    attachCard(customerId, token) {
      if (!TOKEN.test(token)) return Promise.reject(PaymentErrors.invalidCard());
      const idempotencyKey = `portal-attach-${customerId}-${token}`;
      return call('attach card', async () => {
        if (token.startsWith('pm_')) {
          const pm = await client.paymentMethods.attach(token, { customer: customerId }, { idempotencyKey });
          const card = fromPaymentMethod(pm);
          await client.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
          return card;
        }
        const source = await client.customers.createSource(customerId, { source: token }, { idempotencyKey });
        const card = fromSource(source);
        await client.customers.update(customerId, { default_source: source.id });
        return card;
      });
    },

    getDefaultCard(customerId) {
      return call('customers.retrieve', async () => {
        const customer = await client.customers.retrieve(customerId, {
          expand: ['invoice_settings.default_payment_method', 'default_source'],
        });
        if (customer.deleted) return null;
        const pm = customer.invoice_settings?.default_payment_method;
        if (pm && typeof pm !== 'string') return fromPaymentMethod(pm);
        const source = customer.default_source;
        if (source && typeof source !== 'string' && source.object === 'card') return fromSource(source);
        return null;
      });
    },

    detachCard(customerId, paymentMethodId) {
      return call('detach card', async () => {
        if (paymentMethodId.startsWith('pm_')) await client.paymentMethods.detach(paymentMethodId);
        else await client.customers.deleteSource(customerId, paymentMethodId);
      });
    },

    async createSubscription() {
      throw new PaymentNotImplementedError('createSubscription');
    },

    charge({ customerId, amount, currency, description, idempotencyKey }) {
      return call('paymentIntents.create', async () => {
        const card = await this.getDefaultCard(customerId);
        if (!card) throw PaymentErrors.declined();
        const intent = await client.paymentIntents.create(
          {
            amount,
            currency,
            customer: customerId,
            payment_method: card.payment_method_id,
            description,
            confirm: true,
            off_session: true,
          },
          { idempotencyKey: `portal-charge-${idempotencyKey}` },
        );
        if (intent.status !== 'succeeded' && intent.status !== 'processing') throw PaymentErrors.declined();
        return { paymentId: intent.id };
      });
    },
  };
}

/** The SDK client for a secret key: bounded time per call and a couple of safe retries. */
export function createStripeClient(secretKey: string): StripeClient {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 15_000 });
}
