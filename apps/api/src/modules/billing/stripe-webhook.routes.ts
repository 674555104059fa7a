import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { ApiError, Errors, errorResponses } from '../../platform/errors';
import { fromStripeEvent } from '../../platform/payments/events';
import { notifierFor } from '../notifications/notifier';
import { createPaymentEventApplier } from './payment-events';

export const STRIPE_WEBHOOK_URL = '/webhooks/stripe';
/** Stripe sends bursts (a billing run renews many subscriptions at once) from a handful of addresses. */
const EVENTS_PER_WINDOW = 1200;
const WINDOW_SECONDS = 60;
/** Stripe's events are a few kilobytes; this bounds what is read before the signature is checked. */
const BODY_LIMIT = 512 * 1024;

const invalidSignature = () =>
  new ApiError(400, 'InvalidSignature', 'The webhook signature could not be verified.');

/**
 * Stripe's signed webhooks (issue 12 §4): the signature is checked over the exact bytes received, so this
 * route reads its body raw, in its own scope (its parser reaches no other route). The events the portal
 * acts on go through the same applier as the sandbox's; the others are acknowledged and ignored, and a
 * replay is acknowledged without effect, so Stripe stops retrying either. Public: Stripe holds no portal
 * session, the signature is its credential. Neither the header nor the body is ever logged.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, limiter, db } = app.ctx;
  const applier = createPaymentEventApplier({ db, notifier: notifierFor(app) });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    STRIPE_WEBHOOK_URL,
    {
      config: { access: { kind: 'public' } },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['billing'],
        summary: 'Stripe’s signed events: renewals, failed payments, refunds, disputes, ended subscriptions',
        headers: z.object({ 'stripe-signature': z.string().max(2048).optional() }).passthrough(),
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      const hit = await limiter.hit(`stripe-webhook:addr:${request.ip}`, EVENTS_PER_WINDOW, WINDOW_SECONDS);
      if (!hit.allowed) throw Errors.tooManyRequests(hit.retryAfterSeconds);
      const secret = config.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw Errors.notFound('Stripe webhooks are not configured: the endpoint');
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw invalidSignature();

      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(body, signature, secret);
      } catch {
        request.log.warn('stripe webhook refused: the signature does not match');
        throw invalidSignature();
      }
      const mapped = fromStripeEvent(event);
      if (mapped) await applier.apply(mapped);
      return { received: true as const };
    },
  );
};
