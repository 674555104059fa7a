import type { PublicCampaign } from '@portal/domain/contracts/campaign';
import type {
  MarketingEventsPage,
  MarketingEventsQuery,
  SubscriberResult,
} from '@portal/domain/contracts/marketing';
import { Errors } from '../../platform/errors';
import type { OrganizationsRepository } from '../organizations/organizations.repository';
import type { createProductsRepository } from '../products/products.repository';
import { type createMarketingRepository, SUBSCRIBER_EVENT, TAG_EVENT } from './marketing.repository';

/**
 * Integrations switched on for the clinic. None is configured in this build (the marketing list, chat and
 * analytics services are outside it), so every check answers enabled false.
 */
const CONFIGURED_INTEGRATIONS: ReadonlySet<string> = new Set();

/** Marketing list membership and tags, integration checks, events and public campaigns (000 §4 step 6, §7). */
export function createMarketingService(deps: {
  repo: ReturnType<typeof createMarketingRepository>;
  catalogue: Pick<ReturnType<typeof createProductsRepository>, 'findTemplate'>;
  organizations: Pick<OrganizationsRepository, 'findById'>;
  now: () => Date;
}) {
  const { repo, catalogue, organizations } = deps;
  /** The body may name the patient again; it must be the one of the address. */
  const samePatient = (id: string, patient: string | undefined) => {
    if (patient && patient !== id) throw Errors.badRequest('The patient does not match the address.');
  };
  const result = async (id: string, subscribed?: boolean): Promise<SubscriberResult> => ({
    patient: id,
    subscribed: subscribed ?? (await repo.isSubscriber(id)),
    tags: await repo.tagsOf(id),
  });

  return {
    async events(org: string, query: MarketingEventsQuery): Promise<MarketingEventsPage> {
      const { page, limit, name } = query;
      const { rows, hasNextPage } = await repo.listEvents(org, { name, page, limit });
      const docs = rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
      return { docs, page, hasNextPage, hasPrevPage: page > 1 };
    },

    /** Adds the patient to the list once, with the given tags active. */
    async subscribe(org: string, id: string, body: { patient?: string; tags?: string[] } | null | undefined) {
      samePatient(id, body?.patient);
      if (!(await repo.isSubscriber(id))) await repo.record(org, id, SUBSCRIBER_EVENT, {});
      for (const tag of body?.tags ?? []) await repo.record(org, id, TAG_EVENT, { tag, status: 'active' });
      return result(id, true);
    },

    async setTag(
      org: string,
      id: string,
      body: { tag: string; status: 'active' | 'inactive'; patient?: string },
    ) {
      samePatient(id, body.patient);
      await repo.record(org, id, TAG_EVENT, { tag: body.tag, status: body.status });
      return result(id);
    },

    integrationEnabled: (type: string) => ({ enabled: CONFIGURED_INTEGRATIONS.has(type.toLowerCase()) }),

    /** A live campaign of the organization by id or slug; unknown, inactive or out-of-window ones are 404. */
    async publicCampaign(orgId: string | undefined, idOrSlug: string): Promise<PublicCampaign> {
      const org = orgId ? await organizations.findById(orgId) : undefined;
      if (!org) throw Errors.notFound('The campaign');
      const campaign = await repo.findLiveCampaign(org._id, idOrSlug, deps.now());
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
  };
}
