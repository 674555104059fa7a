import { describe, expect, it } from 'vitest';
import {
  identityBadge,
  needsVerification,
  verificationStatusOf,
  verifyAccountPath,
  verifyNowWorks,
} from './badge';

describe('identityBadge (001 §4 Verification)', () => {
  it('maps each status to its badge text and the Verify Now link', () => {
    const table = Object.fromEntries(
      ['not_started', 'outdated', 'rejected', 'pending', 'completed'].map((status) => {
        const badge = identityBadge(status);
        return [status, badge ? `${badge.label}${badge.verifyNow ? ' + Verify Now' : ''}` : null];
      }),
    );
    expect(table).toEqual({
      not_started: 'Not Verified + Verify Now',
      outdated: 'Not Verified + Verify Now',
      rejected: 'Verification Rejected',
      pending: 'Verification Pending',
      completed: 'Verified Account',
    });
  });

  it('shows no badge for other values', () => {
    expect(identityBadge('')).toBeNull();
    expect(identityBadge('expired')).toBeNull();
    expect(identityBadge('COMPLETED')).toBeNull();
  });
});

describe('needsVerification', () => {
  it('is true for not_started, outdated and rejected only', () => {
    expect(
      ['not_started', 'outdated', 'rejected', 'pending', 'completed', ''].filter(needsVerification),
    ).toEqual(['not_started', 'outdated', 'rejected']);
  });
});

describe('verificationStatusOf', () => {
  it('reads either spelling, camelCase first', () => {
    expect(verificationStatusOf({ verificationStatus: 'pending', verification_status: 'completed' })).toBe(
      'pending',
    );
    expect(verificationStatusOf({ verificationStatus: '', verification_status: 'rejected' })).toBe(
      'rejected',
    );
    expect(verificationStatusOf({ verification_status: null })).toBe('');
  });
});

describe('verifyNowWorks (001 §9: from 760 px)', () => {
  it('works from 760 px wide, not below', () => {
    expect(verifyNowWorks(759)).toBe(false);
    expect(verifyNowWorks(760)).toBe(true);
    expect(verifyNowWorks(390)).toBe(false);
    expect(verifyNowWorks(1024)).toBe(true);
  });
});

describe('verifyAccountPath', () => {
  it('is the verify_account step of the verification route', () => {
    expect(verifyAccountPath('64a1b2c3d4e5f6a7b8c9d0e1')).toBe(
      '/verification/64a1b2c3d4e5f6a7b8c9d0e1/verify_account',
    );
  });
});
