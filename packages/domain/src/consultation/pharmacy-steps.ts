import { PHARMACY_STEP_MAX } from '../constants';
import { pharmacyStartStep } from '../validation/profile';
import type { ConsultationTarget } from './consultation-path';

/** Number of pharmacy (medical history) steps (000 §9): 3 for male, 4 otherwise (step 0, pregnancy, is shown to non-male users). */
export function pharmacyStepCount(sex: string | null | undefined): number {
  return sex === 'male' ? 3 : 4;
}

/** First pharmacy step (000 §4): 0 if female, otherwise 1; reuses validation/profile pharmacyStartStep. */
export function firstPharmacyStep(sex: string | null | undefined): number {
  return pharmacyStartStep(sex);
}

/** After saving pharmacy step `step`: the next pharmacy step up to 3, then the first intake question at step 0 (000 §2, §4). */
export function nextAfterPharmacyStep(step: number, firstQuestionId: string): ConsultationTarget {
  if (step < PHARMACY_STEP_MAX)
    return { section: 'pharmacy-questions', step: Math.max(0, Math.floor(step)) + 1 };
  return { section: 'intake', questionId: firstQuestionId, step: 0 };
}
