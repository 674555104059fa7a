import { VERIFY_LINK_MIN_WIDTH } from '@portal/domain/constants';
import {
  identityBadge,
  VERIFY_NOW_LABEL,
  verificationStatusOf,
  verifyAccountPath,
} from '@portal/domain/verification/badge';
import { Link } from 'react-router';
import type { Patient } from '../../../lib/patient';
import { useMediaQuery } from '../../../lib/use-media-query';
import './verification.css';

/** Media query of the 'Verify Now' rule (001 §9: from 760 px). */
export const VERIFY_NOW_QUERY = `(min-width: ${VERIFY_LINK_MIN_WIDTH}px)`;

/**
 * The identity badge (001 §4 Verification). 'Verify Now' leads to the verification flow only from 760 px
 * (001 §2); narrower screens show the status alone, and the verification bar's 'Verify Account' is the way in.
 */
export function IdentityBadge({ user, className }: { user: Patient; className?: string }) {
  const wide = useMediaQuery(VERIFY_NOW_QUERY);
  const badge = identityBadge(verificationStatusOf(user));
  if (!badge) return null;
  return (
    <span
      className={['identity-badge', `identity-badge--${badge.tone}`, className].filter(Boolean).join(' ')}
    >
      <span className="identity-badge__label">
        <BadgeIcon tone={badge.tone} />
        {badge.label}
      </span>
      {badge.verifyNow && wide ? (
        <Link className="identity-badge__link" to={verifyAccountPath(user._id)}>
          {VERIFY_NOW_LABEL}
        </Link>
      ) : null}
    </span>
  );
}

const ICONS = {
  success: 'M20 6 9 17l-5-5',
  info: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  warning: 'M12 8v5m0 3h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  danger: 'M15 9l-6 6m0-6 6 6M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
} as const;

function BadgeIcon({ tone }: { tone: keyof typeof ICONS }) {
  return (
    <svg
      className="identity-badge__icon"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[tone]} />
    </svg>
  );
}
