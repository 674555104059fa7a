import { describe, expect, it } from 'vitest';
import {
  isVerificationPath,
  showVerificationAlert,
  upcomingVerificationCall,
  VERIFICATION_ALERT_TEXTS,
  verificationAlertMessage,
} from './alert';

const NOW = new Date('2026-11-22T12:00:00.000Z');

function call(kind: 'user-verification' | 'coaching', start: string, canceled = false) {
  return {
    event: {
      name: kind,
      start_time: start,
      end_time: start,
      canceled,
      external_source: null,
      uuid: null,
      location: null,
    },
    event_type: { kind },
  };
}

describe('upcomingVerificationCall', () => {
  it('finds a verification call that starts after now and is not canceled', () => {
    const booked = call('user-verification', '2026-11-23T15:00:00.000Z');
    expect(upcomingVerificationCall([booked], NOW)).toBe(booked);
  });

  it('ignores past, canceled and other kinds of appointments', () => {
    expect(
      upcomingVerificationCall(
        [
          call('user-verification', '2026-11-22T11:59:59.000Z'), // one second before now
          call('user-verification', '2026-11-22T12:00:00.000Z'), // exactly now: not in the future
          call('user-verification', '2026-11-25T10:00:00.000Z', true),
          call('coaching', '2026-11-25T10:00:00.000Z'),
          call('user-verification', 'not a date'),
        ],
        NOW,
      ),
    ).toBeNull();
  });

  it('picks the soonest of several booked calls', () => {
    const later = call('user-verification', '2026-11-30T10:00:00.000Z');
    const sooner = call('user-verification', '2026-11-24T10:00:00.000Z');
    expect(upcomingVerificationCall([later, sooner], NOW)).toBe(sooner);
  });
});

describe('showVerificationAlert (001 §2)', () => {
  const shown = (status: string, appointmentsLoading = false, pathname = '/dashboard/u/profile') =>
    showVerificationAlert({ status, appointmentsLoading, pathname });

  it('shows for not_started, outdated and rejected once appointments have loaded', () => {
    expect(shown('not_started')).toBe(true);
    expect(shown('outdated')).toBe(true);
    expect(shown('rejected')).toBe(true);
    expect(shown('not_started', true)).toBe(false);
  });

  it('hides for other statuses and on the verification route', () => {
    expect(shown('pending')).toBe(false);
    expect(shown('completed')).toBe(false);
    expect(shown('not_started', false, '/verification/u/verify_account')).toBe(false);
    expect(isVerificationPath('/verifications')).toBe(false);
  });
});

describe('verificationAlertMessage', () => {
  it('tells about the booked call when there is one, whatever the status', () => {
    const text = verificationAlertMessage('rejected', 'Monday, November 23 at 7:00 AM PST');
    expect(text).toBe(
      'Your identity verification call is booked for Monday, November 23 at 7:00 AM PST. Keep your photo ID at hand for the call.',
    );
  });

  it('otherwise words the message by status', () => {
    expect(verificationAlertMessage('not_started', null)).toBe(VERIFICATION_ALERT_TEXTS.notVerified);
    expect(verificationAlertMessage('outdated', null)).toBe(VERIFICATION_ALERT_TEXTS.outdated);
    expect(verificationAlertMessage('rejected', null)).toBe(VERIFICATION_ALERT_TEXTS.rejected);
  });
});
