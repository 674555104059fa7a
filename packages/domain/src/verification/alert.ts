import type { Appointment } from '../contracts/appointment';
import { needsVerification } from './status';

/** The appointment fields the booked-call rule reads (001 §3 Appointment). */
export type VerificationCallCandidate = Pick<Appointment, 'event' | 'event_type'>;

/**
 * The identity-verification call still ahead of the patient: kind user-verification, not canceled, starting
 * after `now`. The soonest one when several are booked; null when none.
 */
export function upcomingVerificationCall<T extends VerificationCallCandidate>(
  appointments: readonly T[],
  now: Date,
): T | null {
  let soonest: T | null = null;
  let soonestStart = Number.POSITIVE_INFINITY;
  for (const appointment of appointments) {
    if (appointment.event_type.kind !== 'user-verification' || appointment.event.canceled) continue;
    const start = Date.parse(appointment.event.start_time);
    if (Number.isNaN(start) || start <= now.getTime()) continue;
    if (start < soonestStart) {
      soonest = appointment;
      soonestStart = start;
    }
  }
  return soonest;
}

/** Paths of the verification flow: the bar pushing towards it would only repeat the page. */
export function isVerificationPath(pathname: string): boolean {
  return pathname === '/verification' || pathname.startsWith('/verification/');
}

/**
 * The verification alert bar shows for not_started, outdated or rejected once the appointments have loaded
 * (001 §2 Verification badge and alert), never on the verification flow itself.
 */
export function showVerificationAlert(input: {
  status: string;
  appointmentsLoading: boolean;
  pathname: string;
}): boolean {
  return needsVerification(input.status) && !input.appointmentsLoading && !isVerificationPath(input.pathname);
}

/** The alert bar's button (001 §2 Navigation: top warning bar). */
export const VERIFY_ACCOUNT_LABEL = 'Verify Account';

/**
 * designed: the specification asks for a different message when a verification call is booked but gives
 * neither text.
 */
export const VERIFICATION_ALERT_TEXTS = {
  notVerified:
    'Your account is not verified yet. Verify your identity so your physician can review your visit.',
  outdated: 'Your identity verification is out of date. Please verify your account again.',
  rejected: "We couldn't verify your identity. Please verify your account again.",
  callBooked: (when: string) =>
    `Your identity verification call is booked for ${when}. Keep your photo ID at hand for the call.`,
} as const;

/**
 * The alert's message: the booked call when there is one (`bookedCallTime` is its formatted start), else by
 * status.
 */
export function verificationAlertMessage(status: string, bookedCallTime: string | null): string {
  if (bookedCallTime) return VERIFICATION_ALERT_TEXTS.callBooked(bookedCallTime);
  if (status === 'rejected') return VERIFICATION_ALERT_TEXTS.rejected;
  if (status === 'outdated') return VERIFICATION_ALERT_TEXTS.outdated;
  return VERIFICATION_ALERT_TEXTS.notVerified;
}
