import { consultationPath } from '@portal/domain/consultation/consultation-path';
import { isObjectId } from '@portal/domain/ids';
import { queryOptions } from '@tanstack/react-query';
import { getProductIntakeTemplate } from '../../../api/intake-templates';
import { createIntake } from '../../../api/intakes';
import { getProductCatalogue } from '../../../api/products';
import { dashboardKeys } from '../../../api/view-keys';
import { RAPAMYCIN_SLUGS } from '../../../lib/rapamycin';
import { storeIntakeTemplate } from '../../../lib/signup-storage';

export interface RapamycinCatalogue {
  /** The generic rapamycin product template the widget starts a visit for; null when the brand has none. */
  genericId: string | null;
  /** Both rapamycin templates, to recognise a rapamycin subscription. */
  templateIds: Set<string>;
}

/** The medication catalogue (GET /v2/products?product_type=medication) read for the rapamycin templates. */
export function rapamycinCatalogueQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.rapamycinCatalogue,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<RapamycinCatalogue> => {
      const page = await getProductCatalogue('medication', 50, signal);
      const rapamycin = (page?.docs ?? []).filter(
        (t) => t.slug === RAPAMYCIN_SLUGS.generic || t.slug === RAPAMYCIN_SLUGS.compounded,
      );
      return {
        genericId: rapamycin.find((t) => t.slug === RAPAMYCIN_SLUGS.generic)?._id ?? null,
        templateIds: new Set(rapamycin.map((t) => t._id)),
      };
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
