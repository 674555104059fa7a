import { createHash, randomBytes } from 'node:crypto';
import type { SandboxToken } from '@portal/domain/contracts/billing';
import { type CardDetails, type PaymentAdapter, PaymentErrors, PaymentNotImplementedError } from './adapter';
import { type CardInput, checkCard, declineMessage, isRecoverableRefusal } from './cards';
import { createSandboxSubscriptionBilling } from './sandbox-subscriptions';
import { sandboxPaymentMethodId, signSandboxToken, verifySandboxToken } from './sandbox-token';

const CUSTOMER_PREFIX = 'cus_sandbox_';

export type SandboxPaymentAdapter = PaymentAdapter & {
  readonly provider: 'sandbox';
  /** The stand-in for Stripe.js: checks a card and answers a signed token. Throws 400 for an unusable card. */
  tokenize(card: CardInput): SandboxToken;
};

/**
 * A local payment provider that behaves like Stripe's test mode: 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined and 4000 0000 0000 9995 has insufficient funds when attached.
 */
export function createSandboxPaymentAdapter(deps: {
  key: Buffer;
  defaultCard: (customerId: string) => Promise<CardDetails | null>;
  now?: () => Date;
}): SandboxPaymentAdapter {
  const now = deps.now ?? (() => new Date());
  const adapter: SandboxPaymentAdapter = {
    provider: 'sandbox',
    publishableKey: null,

    tokenize(card) {
      const checked = checkCard(card, now());
      if (!checked.ok) throw PaymentErrors.invalidCard(checked.message);
      const { brand, last4, exp_month, exp_year, outcome } = checked;
      const id = signSandboxToken({ brand, last4, exp_month, exp_year, outcome }, deps.key, now());
      return { id, object: 'token', livemode: false, card: { brand, last4, exp_month, exp_year } };
    },

    async createCustomer() {
      return { customerId: `${CUSTOMER_PREFIX}${randomBytes(12).toString('hex')}` };
    },

    ownsCustomer(customerId) {
      return customerId.startsWith(CUSTOMER_PREFIX);
    },

    async attachCard(_customerId, token) {
      const check = verifySandboxToken(token, deps.key, now());
      if (!check.ok) throw PaymentErrors.invalidCard();
      const { brand, last4, exp_month, exp_year, outcome } = check.payload;
      if (outcome !== 'succeeded')
        throw isRecoverableRefusal(outcome)
          ? PaymentErrors.declined(declineMessage(outcome))
          : PaymentErrors.invalidCard();
      return { brand, last4, exp_month, exp_year, payment_method_id: sandboxPaymentMethodId(token) };
    },

    getDefaultCard(customerId) {
      return deps.defaultCard(customerId);
    },

    async detachCard() {
      // Nothing is kept on the sandbox's side.
    },

    async createSubscription() {
      throw new PaymentNotImplementedError('createSubscription');
    },

    async charge({ customerId, idempotencyKey }) {
      // Cards that decline are refused when attached, so a customer with a default card is always charged.
      if (!(await deps.defaultCard(customerId))) throw PaymentErrors.declined();
      const digest = createHash('sha256').update(`${customerId}:${idempotencyKey}`).digest('hex');
      return { paymentId: `pi_sandbox_${digest.slice(0, 24)}` };
    },

    get subscriptions() {
      return subscriptionBilling;
    },
  };
  const subscriptionBilling = createSandboxSubscriptionBilling();
  return adapter;
}
