import { describe, expect, it } from 'vitest';
import { consultationBackTarget, verificationBackTarget } from './back-navigation';

describe('verificationBackTarget', () => {
  it('sends verify_account to the profile', () => {
    expect(verificationBackTarget('verify_account')).toEqual({ kind: 'dashboard-profile' });
  });

  it('sends id_image and profile_image to existing_identity', () => {
    expect(verificationBackTarget('id_image')).toEqual({ kind: 'verification', step: 'existing_identity' });
    expect(verificationBackTarget('profile_image')).toEqual({
      kind: 'verification',
      step: 'existing_identity',
    });
  });

  it('sends every other step to verify_account', () => {
    expect(verificationBackTarget('existing_identity')).toEqual({
      kind: 'verification',
      step: 'verify_account',
    });
    expect(verificationBackTarget('schedule')).toEqual({ kind: 'verification', step: 'verify_account' });
  });
});

describe('consultationBackTarget', () => {
  it('goes to the dashboard profile outside verification', () => {
    expect(consultationBackTarget()).toEqual({ kind: 'dashboard-profile' });
    expect(consultationBackTarget(null)).toEqual({ kind: 'dashboard-profile' });
  });

  it('follows the verification rules on a verification step', () => {
    expect(consultationBackTarget('id_image')).toEqual({ kind: 'verification', step: 'existing_identity' });
  });
});
