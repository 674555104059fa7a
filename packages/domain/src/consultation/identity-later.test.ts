import { describe, expect, it } from 'vitest';
import { doThisLaterTarget, showDoThisLater } from './identity-later';

const both = { idImageUrl: 'https://x/id.png', selfieUrl: 'https://x/me.png' };

describe('showDoThisLater', () => {
  it('shows on verify_account and existing_identity when an image is missing', () => {
    expect(showDoThisLater('verify_account', { idImageUrl: null, selfieUrl: both.selfieUrl })).toBe(true);
    expect(showDoThisLater('existing_identity', { idImageUrl: both.idImageUrl })).toBe(true);
    expect(showDoThisLater('verify_account', {})).toBe(true);
  });

  it('hides when both images exist', () => {
    expect(showDoThisLater('verify_account', both)).toBe(false);
  });

  it('hides on other steps', () => {
    expect(showDoThisLater('id_image', {})).toBe(false);
    expect(showDoThisLater('profile_image', {})).toBe(false);
    expect(showDoThisLater('schedule', {})).toBe(false);
  });
});

describe('doThisLaterTarget', () => {
  it('goes to checkout for an intake', () => {
    expect(doThisLaterTarget('i1', false)).toEqual({ kind: 'checkout', intakeId: 'i1' });
  });

  it('goes to the dashboard without an intake or on the verification route', () => {
    expect(doThisLaterTarget(null, false)).toEqual({ kind: 'dashboard' });
    expect(doThisLaterTarget('i1', true)).toEqual({ kind: 'dashboard' });
  });
});
