import type { Intake } from '@portal/domain/contracts/intake';
import { reviewTemplateIds, submittedVisits } from '@portal/domain/dashboard/visit-templates';
import { visitsInReview } from '@portal/domain/visits/visits-in-review';
import { queryOptions } from '@tanstack/react-query';
import { getProductTemplates } from '../../../api/products';
import { dashboardKeys } from '../../../api/view-keys';
import { getPatientIntakes } from './patient-intakes';

export interface VisitInReview {
  id: string;
  productName: string | null;
  /** ISO date the visit was submitted. */
  submittedAt: string;
}

/** The submission date: completed_at when the API sends it, else the last update (set on completion). */
const submittedAt = (intake: Intake) => intake.completed_at ?? intake.updated_at;

/**
 * GET /intakes/{org}/patient/{user}, then the product templates of the submitted visits (for their names and
 * to leave coaching out), filtered by the Visits in Review rule (001 §2).
 */
export async function getVisitsInReview(userId: string, signal?: AbortSignal): Promise<VisitInReview[]> {
  const intakes = await getPatientIntakes(userId);
  const submitted = submittedVisits(intakes);
  const templates = await getProductTemplates(reviewTemplateIds(intakes), signal);
  const byId = new Map(templates.map((t) => [t._id, t]));
  const types = Object.fromEntries(templates.map((t) => [t._id, t.type]));
  return visitsInReview(submitted, types, submittedAt).map((intake) => {
    const first = intake.products[0] && byId.get(intake.products[0].product_template);
    return {
      id: intake._id,
      productName: first ? first.product_name || first.name : null,
      submittedAt: submittedAt(intake),
    };
  });
}

export function visitsInReviewQueryOptions(userId: string) {
  return queryOptions({
    queryKey: dashboardKeys.visitsInReview(userId),
    queryFn: ({ signal }) => getVisitsInReview(userId, signal),
  });
}
