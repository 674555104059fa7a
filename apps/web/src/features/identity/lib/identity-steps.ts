import { verificationBackTarget } from '@portal/domain/consultation/back-navigation';
import {
  consultationPath,
  dashboardPath,
  type VerificationStep,
  verificationPath,
} from '@portal/domain/consultation/consultation-path';
import { doThisLaterTarget } from '@portal/domain/consultation/identity-later';

export const VERIFICATION_STEPS: readonly VerificationStep[] = [
  'verify_account',
  'id_image',
  'profile_image',
  'existing_identity',
  'schedule',
];

/** A route's photoType or steps parameter as a step; the identity entry when absent or unknown. */
export function toStep(value: string | undefined): VerificationStep {
  return (VERIFICATION_STEPS as readonly string[]).includes(value ?? '')
    ? (value as VerificationStep)
    : 'verify_account';
}

/** Where the patient is: inside a visit (/consultation/...) or on /verification/{userId}/{steps}. */
export interface IdentityPlace {
  userId: string;
  /** Set inside a visit. */
  intakeId: string | null;
  /** The current path, used to swap the /t/{photoType} suffix and keep the visit's section and product. */
  pathname: string;
  /** The current query ("?a=b" or ""), carried along inside a visit. */
  search: string;
}

/** The path of another identity step at the same place. */
export function stepPath(place: IdentityPlace, step: VerificationStep): string {
  if (!place.intakeId) return verificationPath(place.userId, step);
  const base = place.pathname.replace(/\/t\/[^/]+\/?$/, '');
  return `${base}/t/${encodeURIComponent(step)}${place.search}`;
}

/** Where the identity steps end: checkout inside a visit, otherwise the dashboard profile. */
export function finishPath(place: IdentityPlace): string {
  if (!place.intakeId) return dashboardPath(place.userId, 'profile');
  const query = Object.fromEntries(new URLSearchParams(place.search));
  return consultationPath({ section: 'checkout' }, { userId: place.userId, intakeId: place.intakeId, query });
}

/** The back link of a step (000 §2 back navigation). */
export function backPath(place: IdentityPlace, step: VerificationStep): string {
  const target = verificationBackTarget(step);
  return target.kind === 'dashboard-profile'
    ? dashboardPath(place.userId, 'profile')
    : stepPath(place, target.step);
}

/** Where "I'll do this later" goes: checkout, or the dashboard without an intake or on /verification. */
export function laterPath(place: IdentityPlace): string {
  const target = doThisLaterTarget(place.intakeId, !place.intakeId);
  return target.kind === 'dashboard' ? dashboardPath(place.userId, 'profile') : finishPath(place);
}

/** The step after a photo is uploaded: the selfie after the ID, then the end. */
export function afterUpload(place: IdentityPlace, step: 'id_image' | 'profile_image'): string {
  return step === 'id_image' ? stepPath(place, 'profile_image') : finishPath(place);
}
