import type { ConsultationTarget } from '@portal/domain/consultation/consultation-path';
import { isMedicalProfileUnstarted } from '@portal/domain/consultation/continue-intake';
import { firstPharmacyStep } from '@portal/domain/consultation/pharmacy-steps';
import { isApiError } from './api-error';
import type { Patient } from './patient';

/**
 * The medical-history step after the profile (000 §2 Screen 1, §4): the pharmacy overview while the medical
 * profile is missing or all three flags are unset, otherwise the pharmacy questions from the first step
 * (0 for female patients, the pregnancy question; otherwise 1).
 */
export function pharmacyTarget(
  user: Pick<Patient, 'sex' | 'medical_profile'> | null | undefined,
): ConsultationTarget {
  if (isMedicalProfileUnstarted(user?.medical_profile)) return { section: 'pharmacy-overview' };
  return { section: 'pharmacy-questions', step: firstPharmacyStep(user?.sex) };
}

/** The query values a consultation step passes on to the next one (the product in play). */
export function carriedQuery(search: URLSearchParams): Record<string, string> {
  const product = search.get('product');
  return product ? { product } : {};
}

/** An intake that does not exist (or is not the patient's): the screen goes to the dashboard profile (000 §2). */
export function isInvalidIntakeError(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 403 || error.status === 404);
}
