import type { Intake } from '../contracts/intake';

// Which templates the dashboard's visit cards read, from the patient's visits: the cards, the route guard's
// reads made ahead (the web app's app/read-ahead.ts) and the server's follow-up reads of a batch
// (POST /v2/batch) ask for the same ones, by the same addresses. Types only, so the reads ahead load nothing
// more.

/** Visits submitted and waiting for a physician (Visits in Review). */
export const submittedVisits = (intakes: readonly Intake[]) =>
  intakes.filter((i) => i.patient_complete && !i.physician_review && !i.closed);

/** The product templates Visits in Review reads (the visits' names, and to leave coaching out). */
export function reviewTemplateIds(intakes: readonly Intake[]): string[] {
  return [
    ...new Set(submittedVisits(intakes).flatMap((i) => i.products.map((p) => p.product_template))),
  ].slice(0, 50);
}

/** Unfinished visits the patient has not closed (Continue Your Visit). */
export const openVisits = (intakes: readonly Intake[]) => intakes.filter((i) => !i.closed);

/** The intake templates the Continue cards read. */
export function continueTemplateIds(incomplete: readonly Intake[]): string[] {
  return [...new Set(openVisits(incomplete).map((i) => i.intake_template))];
}

/** GET /intake-template/{org}/template/{id}, as the web app's API client writes it. */
export const intakeTemplateUrl = (organizationId: string, templateId: string) =>
  `/intake-template/${encodeURIComponent(organizationId)}/template/${encodeURIComponent(templateId)}`;

/** GET /product-templates/{org}/many?ids=a%2Cb, as the web app's API client writes it. */
export const productTemplatesUrl = (organizationId: string, ids: readonly string[]) =>
  `/product-templates/${encodeURIComponent(organizationId)}/many?ids=${encodeURIComponent(ids.join(','))}`;

/**
 * The reads that follow a visits read on the dashboard's first load, named in a batch (`follow`) so the server
 * makes them as soon as the visits are known instead of a round trip later: the Continue cards' intake
 * templates (after the incomplete visits) and Visits in Review's product templates (after all visits).
 */
export const VISIT_FOLLOW_UPS = {
  'continue-templates': (organizationId: string, incomplete: readonly Intake[]) =>
    continueTemplateIds(incomplete).map((id) => intakeTemplateUrl(organizationId, id)),
  'review-templates': (organizationId: string, intakes: readonly Intake[]) => {
    const ids = reviewTemplateIds(intakes);
    return ids.length > 0 ? [productTemplatesUrl(organizationId, ids)] : [];
  },
} as const;
export type VisitFollowUp = keyof typeof VISIT_FOLLOW_UPS;
export const VISIT_FOLLOW_UP_NAMES = Object.keys(VISIT_FOLLOW_UPS) as [VisitFollowUp, ...VisitFollowUp[]];
