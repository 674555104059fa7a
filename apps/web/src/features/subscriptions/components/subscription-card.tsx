import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { billingEveryText } from '@portal/domain/pricing/plan-texts';
import {
  formatBillingDate,
  protocolLabel,
  subscriptionActions,
  subscriptionNote,
  subscriptionStatusLabel,
} from '@portal/domain/subscriptions/status';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { InvoiceList } from './invoice-list';
import './subscription-card-link.css';

export type CardAction = 'resume' | 'reschedule' | 'pause' | 'cancel';

const NEXT_BILLING: ReadonlySet<string> = new Set([
  'active',
  'trialing',
  'rescheduled',
  'paused_by_reschedule',
]);

/** One subscription (001 §2): status, name, billing text, note, attachments, actions and invoices. */
export function SubscriptionCard({
  subscription: sub,
  userId,
  onAction,
}: {
  subscription: SubscriptionDetails;
  userId: string;
  onAction: (action: CardAction) => void;
}) {
  const actions = subscriptionActions(sub, sub.billing);
  const note = subscriptionNote(sub, (s) => formatBillingDate(s * 1000));
  const headingId = `sub-${sub._id}`;
  const attachments = sub.product_plans.flatMap((p) => p.product_template?.attachments ?? []);
  const image = sub.product_plans[0]?.product_template?.product_images[0];
  const next = sub.billing && NEXT_BILLING.has(sub.status) ? sub.billing.scheduled_date : null;
  // a free trial (002 §3 trial_period_days): nothing is billed until it ends
  const trialEnd = sub.status === 'trialing' ? (sub.trial_end ?? null) : null;
  const eyebrow = protocolLabel(sub);

  return (
    <article className="sub-card" aria-labelledby={headingId}>
      <div className="sub-card__top">
        {image ? <img className="sub-card__image" src={image} alt="" /> : null}
        <div className="sub-card__heading">
          {eyebrow ? <p className="sub-card__eyebrow">{eyebrow}</p> : null}
          <h2 className="sub-card__name" id={headingId}>
            <Link
              className="sub-card__link"
              to={`/dashboard/${encodeURIComponent(userId)}/subscriptions/${encodeURIComponent(sub._id)}`}
            >
              {sub.name}
            </Link>
          </h2>
          <p className="sub-card__billing">{billingEveryText(sub.duration)}</p>
        </div>
        <span className={`sub-card__status sub-card__status--${sub.status}`}>
          {subscriptionStatusLabel(sub.status)}
        </span>
      </div>
      {note ? <p className="sub-card__note">{note}</p> : null}
      {trialEnd ? (
        <p className="sub-card__trial">Free trial until {formatBillingDate(Date.parse(trialEnd))}</p>
      ) : null}
      {next ? (
        <p className="sub-card__next">Next billing date: {formatBillingDate(Date.parse(next))}</p>
      ) : null}
      {attachments.length > 0 ? (
        <ul className="sub-card__attachments" aria-label={`${sub.name} documents`}>
          {attachments.map((a) => (
            <li key={a.url}>
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                {a.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="sub-card__actions">
        {actions.resume ? (
          <Button size="sm" onClick={() => onAction('resume')} aria-describedby={headingId}>
            Resume
          </Button>
        ) : null}
        {actions.reschedule ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAction('reschedule')}
            aria-describedby={headingId}
          >
            Reschedule
          </Button>
        ) : null}
        {actions.pause ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAction('pause')}
            aria-describedby={headingId}
          >
            Pause
          </Button>
        ) : null}
        {actions.messageUs ? (
          <Link
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            to={`/messages/${userId}/new`}
            aria-describedby={headingId}
          >
            Message Us
          </Link>
        ) : null}
        {actions.cancel ? (
          <Button size="sm" variant="ghost" onClick={() => onAction('cancel')} aria-describedby={headingId}>
            Cancel
          </Button>
        ) : null}
      </div>
      <InvoiceList invoices={sub.invoices} />
    </article>
  );
}
