import { PublicCampaign } from '@portal/domain/contracts/campaign';
import { Id } from '@portal/domain/contracts/common';
import {
  CampaignKey,
  IntegrationCheck,
  IntegrationCheckQuery,
  MarketingEventsPage,
  MarketingEventsQuery,
  SubscriberBody,
  SubscriberResult,
  SubscriberTagBody,
} from '@portal/domain/contracts/marketing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { createMembershipsRepository } from '../memberships/memberships.repository';
import { createProductsRepository } from '../products/products.repository';
import { createMarketingRepository } from './marketing.repository';
import { createMarketingService } from './marketing.service';

const tags = ['marketing'];
const PatientParams = z.object({ org: Id, id: Id }).strict();

/** Marketing list subscriber and tags, integration checks and public campaigns (000 §4 step 6, 000 §7). */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { resolveBrand, organizations, db } = app.ctx;
  const service = createMarketingService({
    repo: createMarketingRepository(db),
    catalogue: createProductsRepository(db, createMembershipsRepository(db)),
    organizations,
    now: app.ctx.now,
  });

  app.get(
    '/marketing/:org/events',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: "The clinic's marketing and conversion events (tags, checkouts, referrals), newest first",
        params: z.object({ org: Id }).strict(),
        querystring: MarketingEventsQuery,
        response: {
          200: MarketingEventsPage,
          ...errorResponses,
        },
      },
    },
    async (request) => service.events(request.params.org, request.query),
  );

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
    async (request) => service.subscribe(request.params.org, request.params.id, request.body),
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
    async (request) => service.setTag(request.params.org, request.params.id, request.body),
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
    async (request) => service.integrationEnabled(request.query.type),
  );

  app.get(
    '/marketing/campaigns/:campaignId/public',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'A live campaign of the brand, for its landing page before sign-in',
        description:
          'By id or slug. The organization comes from the `organization` header, else from the host. ' +
          'Unknown, inactive, out-of-window or other organizations’ campaigns answer 404.',
        params: z.object({ campaignId: CampaignKey }).strict(),
        headers: z.object({ organization: Id.optional() }),
        response: { 200: PublicCampaign, ...errorResponses },
      },
    },
    async (request) => {
      // The organization of the `organization` header, else the brand of the host.
      const orgId =
        request.headers.organization ?? (await resolveBrand(request.headers.host))?.organization._id;
      return service.publicCampaign(orgId, request.params.campaignId);
    },
  );
};
