import { formatCallTime } from '@portal/domain/scheduling/format-slot';
import {
  showVerificationAlert,
  upcomingVerificationCall,
  VERIFY_ACCOUNT_LABEL,
  verificationAlertMessage,
} from '@portal/domain/verification/alert';
import {
  needsVerification,
  verificationStatusOf,
  verifyAccountPath,
} from '@portal/domain/verification/badge';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { verificationCallsQueryOptions } from '../../../api/appointments';
import { buttonClassName } from '../../../components/ui/button';
import type { Patient } from '../../../lib/patient';
import { patientTimeZone } from '../../../lib/time-zone';
import './verification.css';

/**
 * The warning bar above the signed-in pages for accounts whose identity is not verified (001 §2: top warning
 * bar with 'Verify Account', and the verification alert bar). One bar carries both: two bars saying the same
 * thing would only push the page down. It waits for the appointments so the message does not change under
 * the patient's eyes once a booked verification call is known (until then the bar keeps its place with the
 * message hidden, so nothing below it moves); a failed look-up counts as no call booked.
 */
export function VerificationBar({ user }: { user: Patient }) {
  const { pathname } = useLocation();
  const status = verificationStatusOf(user);
  const calls = useQuery({ ...verificationCallsQueryOptions(user._id), enabled: needsVerification(status) });
  const shown = showVerificationAlert({ status, appointmentsLoading: calls.isPending, pathname });
  // While the appointments load, the bar already holds its place (and offers its button) with its message
  // hidden: arriving later it would push the whole page down.
  const holding =
    !shown && calls.isPending && showVerificationAlert({ status, appointmentsLoading: false, pathname });
  if (!shown && !holding) return null;

  const booked = upcomingVerificationCall(calls.data ?? [], new Date());
  const when = booked ? formatCallTime(new Date(booked.event.start_time), patientTimeZone()) : null;
  return (
    <section className="verification-bar" aria-label="Identity verification">
      <svg
        className="verification-bar__icon"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 8v5m0 3h.01M10.3 3.9 2.2 18a2 2 0 0 0 1.7 3h16.2a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      </svg>
      {holding ? (
        <p className="verification-bar__text verification-bar__text--holding" aria-hidden="true">
          {verificationAlertMessage(status, null)}
        </p>
      ) : (
        <p className="verification-bar__text">{verificationAlertMessage(status, when)}</p>
      )}
      <Link
        className={buttonClassName({ variant: 'primary', size: 'sm', className: 'verification-bar__action' })}
        to={verifyAccountPath(user._id)}
      >
        {VERIFY_ACCOUNT_LABEL}
      </Link>
    </section>
  );
}
