import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { resolveTokenSecret } from '../auth/secret';
import type { PaymentAdapter } from './adapter';
import { createSandboxPaymentAdapter, type SandboxPaymentAdapter } from './sandbox';
import { createSandboxRepository } from './sandbox.repository';
import { sandboxTokenKey } from './sandbox-token';
import { createStripeClient, createStripePaymentAdapter } from './stripe';

export type { CardDetails, PaymentAdapter } from './adapter';
export type { SandboxPaymentAdapter } from './sandbox';

/** Stripe when its keys are configured, otherwise the local sandbox (ARCHITECTURE: payments). */
export function createPaymentAdapter(config: Config, db: Db, log: FastifyBaseLogger): PaymentAdapter {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
    return createStripePaymentAdapter({
      client: createStripeClient(config.STRIPE_SECRET_KEY),
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      log,
    });
  }
  if (config.NODE_ENV === 'production') {
    log.warn('payments: no Stripe keys configured, cards go to the local sandbox and nothing is charged');
  }
  const repository = createSandboxRepository(db);
  return createSandboxPaymentAdapter({
    // The same secret as session tokens (read once more: it is the configured or the stored one), under
    // a key derived for sandbox card tokens only.
    key: sandboxTokenKey(resolveTokenSecret(config.TOKEN_SECRET, config.DATA_DIR)),
    defaultCard: (customerId) => repository.defaultCard(customerId),
  });
}

export function isSandbox(payments: PaymentAdapter): payments is SandboxPaymentAdapter {
  return payments.provider === 'sandbox';
}
