/** The fields of an intake the Visits in Review rule reads. */
export interface ReviewableIntake {
  patient_complete: boolean;
  physician_review: boolean;
  closed: boolean;
  products: readonly { product_template: string }[];
}

/** The status label of a visit in review (001 §2). */
export const AWAITING_PHYSICIAN_REVIEW = 'Awaiting Physician Review';

/**
 * A visit is coaching when its first product is a coaching membership (as at checkout, 000 §4). The types
 * are looked up by product template id; an unknown template does not make a visit coaching.
 */
export function isCoachingVisit(
  intake: Pick<ReviewableIntake, 'products'>,
  templateTypes: Readonly<Record<string, string>>,
): boolean {
  const first = intake.products[0];
  return first !== undefined && templateTypes[first.product_template] === 'coaching_membership';
}

/**
 * Visits in Review (001 §2): submitted by the patient (patient_complete), not yet reviewed by a physician,
 * not closed and not coaching.
 */
export function isVisitInReview(
  intake: ReviewableIntake,
  templateTypes: Readonly<Record<string, string>>,
): boolean {
  return (
    intake.patient_complete &&
    !intake.physician_review &&
    !intake.closed &&
    !isCoachingVisit(intake, templateTypes)
  );
}

/** The visits in review, newest first by the date given (the submission date when known). */
export function visitsInReview<T extends ReviewableIntake>(
  intakes: readonly T[],
  templateTypes: Readonly<Record<string, string>>,
  dateOf: (intake: T) => string,
): T[] {
  return intakes
    .filter((i) => isVisitInReview(i, templateTypes))
    .sort((a, b) => Date.parse(dateOf(b)) - Date.parse(dateOf(a)));
}
