import type { AccountAlert } from '@portal/domain/dashboard/widgets';
import { MESSAGES } from '@portal/domain/messages';
import { Link } from 'react-router';
import { buttonClassName } from '../../../../components/ui/button';
import { seg } from '../../../../lib/api-client';
import { WidgetCard } from '../widget-card';

/** Alerts (001 §2): an unverified mobile number and an identity not verified, each with its way to fix it. */
export function AlertsWidget({
  alerts,
  userId,
  verificationStatus,
  wide,
}: {
  alerts: AccountAlert[];
  userId: string;
  verificationStatus: string;
  wide: boolean;
}) {
  return (
    <WidgetCard title="Alerts" eyebrow="Action needed" tone="warning" wide={wide}>
      <ul className="widget-alerts">
        {alerts.includes('mobile') ? (
          <li className="widget-alerts__item">
            <div>
              <p className="widget-alerts__title">Verify your mobile number</p>
              <p>{MESSAGES.verifyNumberWarning}</p>
            </div>
            <Link
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              to={`/dashboard/${seg(userId)}/settings/mobile`}
            >
              Verify Number
            </Link>
          </li>
        ) : null}
        {alerts.includes('identity') ? (
          <li className="widget-alerts__item">
            <div>
              <p className="widget-alerts__title">
                {verificationStatus === 'rejected' ? 'Verification Rejected' : 'Verify your identity'}
              </p>
              <p>
                {verificationStatus === 'rejected'
                  ? 'We could not verify your identity. Please verify again so your physician can prescribe.'
                  : 'Your physician needs to confirm your identity before prescribing your treatment.'}
              </p>
            </div>
            <Link
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              to={`/verification/${seg(userId)}/verify_account`}
            >
              Verify Identity
            </Link>
          </li>
        ) : null}
      </ul>
    </WidgetCard>
  );
}
