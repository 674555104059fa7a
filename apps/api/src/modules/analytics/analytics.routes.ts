import { AnalyticsEventBody } from '@portal/domain/contracts/analytics';
import { Id } from '@portal/domain/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';
import { createMarketingRepository } from '../marketing/marketing.repository';

/** The name analytics events are kept under in the clinic's events (GET /marketing/{org}/events?name=analytics). */
export const ANALYTICS_EVENT = 'analytics';
/** Events one address may send per window before being refused: a visit sends tens, not hundreds. */
const EVENTS_PER_WINDOW = 300;
const WINDOW_SECONDS = 15 * 60;

/**
 * Analytics (issue 11 §2): the default destination is the clinic's own events table, readable by its staff.
 * Properties are the domain's allowlist (no health detail passes validation). An anonymous visitor's events
 * carry no user; a signed-in patient's are sent to the user route and carry the account, never a claim of
 * the body.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const marketing = createMarketingRepository(app.ctx.db);
  const { limiter, organizations, resolveBrand } = app.ctx;

  async function limit(address: string) {
    const hit = await limiter.hit(`analytics:addr:${address}`, EVENTS_PER_WINDOW, WINDOW_SECONDS);
    if (!hit.allowed) throw Errors.tooManyRequests(hit.retryAfterSeconds);
  }
  const record = (organizationId: string, userId: string | null, body: AnalyticsEventBody) =>
    marketing.record(organizationId, userId, ANALYTICS_EVENT, {
      event: body.event,
      anonymous_id: body.anonymous_id,
      ...body.properties,
    });

  app.post(
    '/v2/analytics/events',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags: ['analytics'],
        summary: "Record an anonymous visitor's analytics event in the clinic's events",
        headers: z.object({ organization: Id.optional() }),
        body: AnalyticsEventBody,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await limit(request.ip);
      const orgId = request.headers.organization;
      const org = orgId
        ? await organizations.findById(orgId)
        : (await resolveBrand(request.headers.host))?.organization;
      if (!org) throw Errors.notFound('The organization');
      await record(org._id, null, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v2/users/analytics/events',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['analytics'],
        summary: "Record a signed-in patient's analytics event in the clinic's events",
        body: AnalyticsEventBody,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await limit(request.ip);
      const auth = request.auth!;
      await record(auth.organizationId, auth.userId, request.body);
      return reply.code(204).send(null);
    },
  );
};
