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
 * route keeps its body raw, in its own scope (its parser reaches no other route). The events the portal
 * acts on go through the same applier as the sandbox's; the others are acknowledged and ignored, and a
 * replay is acknowledged without effect, so Stripe stops retrying either. Public: Stripe holds no portal
 * session, the signature is its credential. Neither the header nor the body is ever logged.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, limiter, db } = app.ctx;
  const applier = createPaymentEventApplier({ db, notifier: notifierFor(app) });

  // The signature covers the bytes as sent: they are kept aside, and the body is also parsed as JSON so the
  // checks every route gets (malformed JSON, NUL characters) apply here too before anything is verified.
  const rawBodies = new WeakMap<object, Buffer>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      const raw = body as Buffer;
      rawBodies.set(request, raw);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(Object.assign(new SyntaxError('Malformed JSON body.'), { statusCode: 400 }), undefined);
      }
    },
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
      const signature = request.headers['stripe-signature'];
      const body = rawBodies.get(request);
      // without a configured secret nothing can be verified, so nothing is accepted
      if (!secret || typeof signature !== 'string' || !body) throw invalidSignature();

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
