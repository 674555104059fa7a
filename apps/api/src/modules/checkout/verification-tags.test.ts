import type { PatientUser } from '@portal/domain/contracts/user';
import { describe, expect, it } from 'vitest';
import { verificationTags } from './checkout-steps';

const user = (over: Partial<PatientUser>) => ({ verified: false, image: {}, ...over }) as PatientUser;

describe('verification marketing tags at checkout (000 §4)', () => {
  it('toggles incomplete to complete once the ID photo and the selfie are given', () => {
    expect(verificationTags(user({ image: { id: { id_url: 'a' }, profile: { profile_url: 'b' } } }))).toEqual(
      [
        ['status:verification:incomplete', 'inactive'],
        ['status:verification:complete', 'active'],
      ],
    );
  });

  it('counts a patient verified already as complete', () => {
    expect(verificationTags(user({ verified: true }))[1]).toEqual(['status:verification:complete', 'active']);
  });

  it.each([
    ['nothing', {}],
    ['only the ID photo', { id: { id_url: 'a' } }],
    ['only the selfie', { profile: { profile_url: 'b' } }],
  ])('keeps incomplete active with %s', (_, image) => {
    expect(verificationTags(user({ image }))).toEqual([['status:verification:incomplete', 'active']]);
  });
});
