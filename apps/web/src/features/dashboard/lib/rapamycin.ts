import { consultationPath } from '@portal/domain/consultation/consultation-path';
import { isObjectId } from '@portal/domain/ids';
import { queryOptions } from '@tanstack/react-query';
import { MEDICATION_CATALOGUE } from '../../../api/dashboard-reads';
import { getProductIntakeTemplate } from '../../../api/intake-templates';
import { createIntake } from '../../../api/intakes';
import { getProductCatalogue } from '../../../api/products';
import { dashboardKeys } from '../../../api/view-keys';
import { exclusiveGroupOf, groupMembers, isFeaturedProtocol } from '../../../lib/protocols';
import { storeIntakeTemplate } from '../../../lib/signup-storage';

export interface RapamycinCatalogue {
  /** The recommended protocol the widget starts a visit for (generic rapamycin in the demo catalogue); null when none. */
  featuredId: string | null;
  /** Every template of the featured protocol's exclusive group, to recognise a subscription to one of them. */
  templateIds: Set<string>;
}

/**
 * The medication catalogue (GET /v2/products?product_type=medication) read for the featured protocol and its
 * exclusive group (the rapamycin protocols of the demo catalogue): the clinic's settings, not slugs, say which.
 */
export function rapamycinCatalogueQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.rapamycinCatalogue,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<RapamycinCatalogue> => {
      const page = await getProductCatalogue(
        MEDICATION_CATALOGUE.product_type,
        MEDICATION_CATALOGUE.limit,
        signal,
      );
      const docs = page?.docs ?? [];
      const featured = docs.find(isFeaturedProtocol);
      if (!featured) return { featuredId: null, templateIds: new Set() };
      const group = exclusiveGroupOf(featured);
      const members = group ? groupMembers(group, docs) : [featured];
      return { featuredId: featured._id, templateIds: new Set(members.map((t) => t._id)) };
    },
  });
}

/**
 * Starts a rapamycin visit from the dashboard (001 §2): an intake instance of the generic product's intake
 * template, then the how-it-works step with referrer dashboard.
 */
export async function startRapamycinVisit(userId: string, productTemplateId: string): Promise<string> {
  const template = await getProductIntakeTemplate(productTemplateId);
  const intake = await createIntake({ userId, templateId: template._id });
  if (!isObjectId(intake?._id)) throw new Error('The visit could not be started.');
  storeIntakeTemplate(template._id);
  return consultationPath(
    { section: 'hiw' },
    { userId, intakeId: intake._id, query: { product: productTemplateId, referrer: 'dashboard' } },
  );
}
