import { PublicCampaign } from '@portal/domain/contracts/campaign';
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
import { createMembershipsRepository } from '../memberships/memberships.repository';
import { createProductsRepository } from '../products/products.repository';
import { createMarketingRepository, SUBSCRIBER_EVENT, TAG_EVENT } from './marketing.repository';

const tags = ['marketing'];
/** A campaign's id, or its slug (lowercase letters, digits and dashes). */
const CampaignKey = z.union([Id, z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Unknown campaign.')]);
const PatientParams = z.object({ org: Id, id: Id }).strict();

/**
 * Integrations switched on for the clinic. None is configured in this build (the marketing list, chat and
 * analytics services are outside it), so every check answers enabled false.
 */
const CONFIGURED_INTEGRATIONS: ReadonlySet<string> = new Set();

/** Marketing list subscriber and tags, integration checks and public campaigns (000 §4 step 6, 000 §7). */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createMarketingRepository(app.ctx.db);

  app.get(
    '/marketing/:org/events',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: "The clinic's marketing and conversion events (tags, checkouts, referrals), newest first",
        params: z.object({ org: Id }).strict(),
        querystring: z
          .object({
            name: z
              .string()
              .regex(/^[a-z_]{1,64}$/, 'An event name.')
              .optional(),
            page: z.coerce.number().int().min(1).max(100_000).default(1),
            limit: z.coerce.number().int().min(1).max(100).default(50),
          })
          .strict(),
        response: {
          200: z.object({
            docs: z.array(
              z.object({
                _id: z.string(),
                name: z.string(),
                user: z.string().nullable(),
                properties: z.record(z.string(), z.unknown()),
                created_at: z.string(),
              }),
            ),
            page: z.number().int(),
            hasNextPage: z.boolean(),
            hasPrevPage: z.boolean(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { page, limit, name } = request.query;
      const { rows, hasNextPage } = await repo.listEvents(request.params.org, { name, page, limit });
      const docs = rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
      return { docs, page, hasNextPage, hasPrevPage: page > 1 };
    },
  );
  const { resolveBrand, organizations } = app.ctx;
  const catalogue = createProductsRepository(app.ctx.db, createMembershipsRepository(app.ctx.db));
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
      const orgId = request.headers.organization;
      const org = orgId
        ? await organizations.findById(orgId)
        : (await resolveBrand(request.headers.host))?.organization;
      if (!org) throw Errors.notFound('The campaign');
      const campaign = await repo.findLiveCampaign(org._id, request.params.campaignId, new Date());
      if (!campaign) throw Errors.notFound('The campaign');
      const product = campaign.productTemplateId
        ? ((await catalogue.findTemplate(org._id, campaign.productTemplateId)) ?? null)
        : null;
      return {
        _id: campaign.id,
        organization: campaign.organizationId,
        slug: campaign.slug,
        name: campaign.name,
        type: campaign.type,
        headline: campaign.headline,
        description: campaign.description,
        image: campaign.image,
        product_template: product,
        starts_at: campaign.startsAt?.toISOString() ?? null,
        ends_at: campaign.endsAt?.toISOString() ?? null,
      };
    },
  );
};
