import { Id } from '@portal/domain/contracts/common';
import {
  IntegrationCheck,
  IntegrationCheckQuery,
  SubscriberBody,
  SubscriberResult,
  SubscriberTagBody,
} from '@portal/domain/contracts/marketing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';
import { createMarketingRepository, SUBSCRIBER_EVENT, TAG_EVENT } from './marketing.repository';

const tags = ['marketing'];
const PatientParams = z.object({ org: Id, id: Id }).strict();

/**
 * Integrations switched on for the clinic. None is configured in this build (the marketing list, chat and
 * analytics services are outside it), so every check answers enabled false.
 */
const CONFIGURED_INTEGRATIONS: ReadonlySet<string> = new Set();

/** Marketing list subscriber and tags, integration checks and campaigns (000 §4 step 6, 000 §7). */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createMarketingRepository(app.ctx.db);
  const samePatient = (id: string, patient: string | undefined) => {
    if (patient && patient !== id) throw Errors.badRequest('The patient does not match the address.');
  };

  app.post(
    '/users/:org/patient/:id/subscriber',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary: 'Add the patient to the clinic’s marketing list (recorded; the list service is outside)',
        params: PatientParams,
        body: SubscriberBody,
        response: { 200: SubscriberResult, ...errorResponses },
      },
    },
    async (request) => {
      const { org, id } = request.params;
      samePatient(id, request.body?.patient);
      if (!(await repo.isSubscriber(id))) await repo.record(org, id, SUBSCRIBER_EVENT, {});
      for (const tag of request.body?.tags ?? [])
        await repo.record(org, id, TAG_EVENT, { tag, status: 'active' });
      return { patient: id, subscribed: true, tags: await repo.tagsOf(id) };
    },
  );

  app.post(
    '/users/:org/patient/:id/subscriber/tag',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary: 'Set a marketing tag of the patient, e.g. status:intake:complete active',
        params: PatientParams,
        body: SubscriberTagBody,
        response: { 200: SubscriberResult, ...errorResponses },
      },
    },
    async (request) => {
      const { org, id } = request.params;
      const { tag, status, patient } = request.body;
      samePatient(id, patient);
      await repo.record(org, id, TAG_EVENT, { tag, status });
      return { patient: id, subscribed: await repo.isSubscriber(id), tags: await repo.tagsOf(id) };
    },
  );

  app.get(
    '/integrations/:org/check',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Whether an outside integration (e.g. the marketing list) is enabled for the clinic',
        params: z.object({ org: Id }).strict(),
        querystring: IntegrationCheckQuery,
        response: { 200: IntegrationCheck, ...errorResponses },
      },
    },
    async (request) => ({ enabled: CONFIGURED_INTEGRATIONS.has(request.query.type.toLowerCase()) }),
  );

  app.get(
    '/marketing/campaigns/:campaignId/public',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'A public campaign (no campaigns are kept: always 404)',
        params: z.object({ campaignId: Id }).strict(),
        response: { 200: z.object({ _id: Id }), ...errorResponses },
      },
    },
    async () => {
      throw Errors.notFound('The campaign');
    },
  );
};
