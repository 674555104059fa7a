import { describe, expect, it } from 'vitest';
import { patient, tokenExpiringIn } from '../test/helpers';
import { clearSession, getSessionPatient, getStoredUser, saveSession, saveUser } from './session';

const clinical = patient({
  birthday: '04-12-1980',
  sex: 'female',
  height: 66,
  weight: 150,
  state: 'CA',
  mobile_number: '+15555550100',
  stripe_id: 'cus_1',
  medical_profile: { allergies: 'penicillin' } as never,
  shipping_info: { address: '1 Main St', city: 'Oakland', state: 'CA', zip: '94612' } as never,
  analytics_traits: { utm_source: 'mail' },
  image: { profile_image: 'https://x/p.jpg' } as never,
});

describe('login state in browser storage (000 §3)', () => {
  it('keeps the token and, of the user, only what routing needs', () => {
    const token = tokenExpiringIn(3600);
    saveSession({ token, user: clinical });

    expect(localStorage.getItem('token')).toBe(token);
    const stored = JSON.parse(localStorage.getItem('user') ?? 'null') as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(
      [
        '_id',
        'organization',
        'role',
        'first_name',
        'last_name',
        'verified',
        'verificationStatus',
        'verification_status',
        'requires_intake',
        'complete_intake',
        'mobile_verified',
        'has_card_source',
        'membership',
        'feature_flags',
      ].sort(),
    );
    const everything = Object.entries(localStorage)
      .concat(Object.entries(sessionStorage))
      .map(([, v]) => v)
      .join('\n');
    for (const secret of [
      '04-12-1980',
      'penicillin',
      '1 Main St',
      'Oakland',
      '+15555550100',
      'cus_1',
      'jane@example.com',
      'utm_source',
      'p.jpg',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('holds the full record in memory for the tab, and forgets it on logout', () => {
    saveSession({ token: tokenExpiringIn(3600), user: clinical });
    expect(getSessionPatient()).toBe(clinical);
    expect(getStoredUser()?._id).toBe(clinical._id);

    clearSession();
    expect(getSessionPatient()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('does not answer with the record of a patient another tab signed out of', () => {
    saveUser(clinical);
    // another tab signs in as someone else: only the storage changes
    localStorage.setItem('user', JSON.stringify({ _id: 'someone-else' }));
    expect(getSessionPatient()).toBeNull();
    expect(getStoredUser()?._id).toBe('someone-else');
  });
});
