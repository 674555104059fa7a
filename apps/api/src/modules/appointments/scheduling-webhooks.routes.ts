import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, Errors, errorResponses } from '../../platform/errors';
import {
  CALCOM_SIGNATURE_HEADER,
  parseCalcomDelivery,
  verifyCalcomSignature,
} from '../../platform/scheduling/calcom-webhook';
import {
  CALENDLY_SIGNATURE_HEADER,
  parseCalendlyDelivery,
  type SignatureCheck,
  verifyCalendlySignature,
} from '../../platform/scheduling/calendly-webhook';
import {
  MalformedDelivery,
  type OutsideEvent,
  type OutsideProvider,
} from '../../platform/scheduling/outside-event';
import type { OutsideBookings } from './outside-bookings.service';

export const CALCOM_WEBHOOK_URL = '/webhooks/scheduling/calcom';
export const CALENDLY_WEBHOOK_URL = '/webhooks/scheduling/calendly';
const EVENTS_PER_WINDOW = 600;
const WINDOW_SECONDS = 60;
/** A booking's delivery is a few kilobytes; this bounds what is read before the signature is checked. */
const BODY_LIMIT = 256 * 1024;

const invalidSignature = () =>
  new ApiError(401, 'InvalidSignature', 'The webhook signature could not be verified.');
const staleSignature = () =>
  new ApiError(401, 'StaleSignature', 'The webhook was signed too long ago and is not accepted.');

const Received = z.object({ received: z.literal(true) });

/**
 * The outside schedulers' signed webhooks (decision 047). Each signature is checked over the exact bytes
 * received, so these routes keep their body raw in their own scope. Public: the schedulers hold no portal
 * session, the signature is their credential; without a configured secret nothing is accepted. A delivery
 * already applied, or one the portal cannot place (no such patient), is acknowledged so the scheduler stops
 * retrying. Each change of a patient's appointment is audited. Neither signatures nor bodies are logged.
 */
export const schedulingWebhookRoutes: FastifyPluginAsyncZod<{ outside: OutsideBookings }> = async (
  app,
  { outside },
) => {
  const { config, limiter, audit } = app.ctx;

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

  const route = (
    provider: OutsideProvider,
    url: string,
    header: string,
    verify: (raw: Buffer, signature: string | undefined) => SignatureCheck,
    parse: (body: unknown) => OutsideEvent,
  ) =>
    app.post(
      url,
      {
        config: { access: { kind: 'public' } },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['appointments'],
          summary: `${provider === 'calcom' ? 'Cal.com' : 'Calendly'}’s signed booking events: booked, rescheduled, canceled (a replay changes nothing)`,
          headers: z.object({ [header]: z.string().max(1024).optional() }).passthrough(),
          response: { 200: Received, ...errorResponses },
        },
      },
      async (request) => {
        const hit = await limiter.hit(
          `${provider}-webhook:addr:${request.ip}`,
          EVENTS_PER_WINDOW,
          WINDOW_SECONDS,
        );
        if (!hit.allowed) throw Errors.tooManyRequests(hit.retryAfterSeconds);
        const raw = rawBodies.get(request);
        const signature = request.headers[header];
        const check = raw ? verify(raw, typeof signature === 'string' ? signature : undefined) : 'invalid';
        if (check !== 'valid') {
          request.log.warn({ provider, check }, 'scheduling webhook refused: the signature does not verify');
          throw check === 'stale' ? staleSignature() : invalidSignature();
        }
        let event: OutsideEvent;
        try {
          event = parse(request.body);
        } catch (error) {
          if (error instanceof MalformedDelivery)
            throw Errors.badRequest('The webhook payload could not be read.', 'MalformedWebhook');
          throw error;
        }
        const applied = await outside.apply(provider, event, request.log);
        if ('patientId' in applied && applied.outcome !== 'unchanged') {
          await audit.record({
            actorId: null,
            organizationId: applied.organizationId,
            patientId: applied.patientId,
            action: `POST ${url}`,
            outcome: 'allowed',
            statusCode: 200,
            clientAddress: request.ip,
            requestId: String(request.id),
          });
        }
        if (applied.outcome === 'unmatched')
          request.log.warn({ provider }, 'scheduling webhook: no patient or appointment matches the booking');
        return { received: true as const };
      },
    );

  // Without a configured secret nothing can be verified, so nothing is accepted.
  route(
    'calcom',
    CALCOM_WEBHOOK_URL,
    CALCOM_SIGNATURE_HEADER,
    (raw, signature) => {
      const secret = config.CALCOM_WEBHOOK_SECRET;
      return secret && verifyCalcomSignature(raw, signature, secret) ? 'valid' : 'invalid';
    },
    parseCalcomDelivery,
  );
  route(
    'calendly',
    CALENDLY_WEBHOOK_URL,
    CALENDLY_SIGNATURE_HEADER,
    (raw, signature) => {
      const key = config.CALENDLY_WEBHOOK_SIGNING_KEY;
      return key ? verifyCalendlySignature(raw, signature, key, app.ctx.now()) : 'invalid';
    },
    parseCalendlyDelivery,
  );
};
