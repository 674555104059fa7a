import type { VerificationStep } from './consultation-path';

/** Where Back leads: the dashboard profile or another verification step. */
export type BackTarget = { kind: 'dashboard-profile' } | { kind: 'verification'; step: VerificationStep };

/** Back from a verification step (000 §2): verify_account -> the (dashboard) profile; id_image, profile_image -> existing_identity; others -> verify_account. */
export function verificationBackTarget(step: string): BackTarget {
  if (step === 'verify_account') return { kind: 'dashboard-profile' };
  if (step === 'id_image' || step === 'profile_image')
    return { kind: 'verification', step: 'existing_identity' };
  return { kind: 'verification', step: 'verify_account' };
}

/** Back from the consultation wrapper (000 §2): a verification step follows verificationBackTarget, anything else goes to the dashboard profile. */
export function consultationBackTarget(verificationStep?: string | null): BackTarget {
  return verificationStep ? verificationBackTarget(verificationStep) : { kind: 'dashboard-profile' };
}
