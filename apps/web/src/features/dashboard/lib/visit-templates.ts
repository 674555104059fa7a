import type { Intake } from '@portal/domain/contracts/intake';

// Which templates the dashboard's visit cards read, from the patient's visits: the cards and the route guard's
// reads made ahead (app/read-ahead.ts) ask for the same ones. Types only, so the reads ahead load nothing more.

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
