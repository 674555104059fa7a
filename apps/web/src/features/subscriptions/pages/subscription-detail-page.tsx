import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { isObjectId } from '@portal/domain/ids';
import { formatUsd } from '@portal/domain/pricing/money';
import { billingEveryText } from '@portal/domain/pricing/plan-texts';
import {
  formatBillingDate,
  protocolLabel,
  subscriptionActions,
  subscriptionNote,
  subscriptionStatusLabel,
} from '@portal/domain/subscriptions/status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { subscriptionKeys, subscriptionQueryOptions } from '../../../api/subscriptions';
import {
  type BackTo,
  DetailFacts,
  DetailFrame,
  DetailLoadError,
  DetailLoading,
  DetailNotFound,
} from '../../../components/detail-page/detail-page';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/session';
import { CancelModal } from '../components/cancel-modal';
import { InvoiceList } from '../components/invoice-list';
import { RescheduleModal } from '../components/reschedule-modal';
import { ResumeModal } from '../components/resume-modal';
import { RetentionModal } from '../components/retention-modal';
import '../subscriptions.css';
import './subscription-detail.css';

export const SUBSCRIPTION_NOT_FOUND = 'We could not find this subscription.';
export const SUBSCRIPTION_NOT_FOUND_TEXT =
  'It may belong to another account, or the link may be mistyped. All your subscriptions are on the subscriptions page.';
export const SUBSCRIPTION_LOAD_ERROR = 'We could not load this subscription. Please try again.';

/** Statuses with a next billing date to show (as on the list's cards). */
const NEXT_BILLING: ReadonlySet<string> = new Set([
  'active',
  'trialing',
  'rescheduled',
  'paused_by_reschedule',
]);

type Open =
  | { kind: 'cancel'; mode: 'pause' | 'cancel' }
  | { kind: 'resume' | 'reschedule' | 'retention' }
  | null;

/**
 * /dashboard/{userId}/subscriptions/{id} (002 §2.1): one subscription with its product, plan, dose, status,
 * next billing date, documents, invoices and the actions its card offers on the list (001 §4), through the
 * same modals. Only the signed-in patient's own subscriptions are read.
 */
export default function SubscriptionDetailPage() {
  const { id = '' } = useParams();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const back: BackTo = {
    to: `/dashboard/${encodeURIComponent(userId)}/subscriptions`,
    label: 'Back to subscriptions',
  };
  const valid = isObjectId(id);
  const query = useQuery({ ...subscriptionQueryOptions(userId, id), enabled: valid && Boolean(userId) });

  if (!valid)
    return <DetailNotFound back={back} title={SUBSCRIPTION_NOT_FOUND} text={SUBSCRIPTION_NOT_FOUND_TEXT} />;
  if (query.isPending) return <DetailLoading back={back} label="Loading the subscription" />;
  if (query.isError) {
    if (query.error instanceof ApiError && [403, 404].includes(query.error.status))
      return <DetailNotFound back={back} title={SUBSCRIPTION_NOT_FOUND} text={SUBSCRIPTION_NOT_FOUND_TEXT} />;
    return (
      <DetailLoadError
        back={back}
        title="Subscription"
        text={SUBSCRIPTION_LOAD_ERROR}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <Details subscription={query.data} userId={userId} back={back} />;
}

/** "2.5 mg, Once weekly, 4 per month" from what the plan carries; null when it carries no dose. */
function doseText(plan: SubscriptionDetails['product_plans'][number]): string | null {
  const parts = [plan.dosage, plan.frequency].filter((part): part is string => Boolean(part?.trim()));
  return parts.length > 0 ? parts.join(', ') : null;
}

function Details({
  subscription: sub,
  userId,
  back,
}: {
  subscription: SubscriptionDetails;
  userId: string;
  back: BackTo;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const actions = subscriptionActions(sub, sub.billing);
  const note = subscriptionNote(sub, (s) => formatBillingDate(s * 1000));
  const next = sub.billing && NEXT_BILLING.has(sub.status) ? sub.billing.scheduled_date : null;
  const attachments = sub.product_plans.flatMap((p) => p.product_template?.attachments ?? []);
  const image = sub.product_plans[0]?.product_template?.product_images[0];
  const perPeriod = sub.product_plans.reduce((sum, plan) => sum + plan.unit_amount, 0);
  const eyebrow = protocolLabel(sub);

  /** Shows an action's answer at once, then refreshes this page and the list behind it. */
  function updated(next: SubscriptionDetails) {
    queryClient.setQueryData(subscriptionQueryOptions(userId, sub._id).queryKey, next);
  }
  function close() {
    setOpen(null);
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.list(userId) });
  }

  const facts: [string, ReactNode][] = [
    ['Status', subscriptionStatusLabel(sub.status)],
    ['Plan', `${billingEveryText(sub.duration)}, ${formatUsd(perPeriod)} per period`],
  ];
  for (const plan of sub.product_plans) {
    const name = plan.product_template?.product_name || plan.product_template?.name || sub.name;
    const dose = doseText(plan);
    facts.push([
      sub.product_plans.length > 1 ? `Product: ${name}` : 'Product',
      dose ? `${name} (${dose}), quantity ${plan.quantity}` : `${name}, quantity ${plan.quantity}`,
    ]);
  }
  // 002 §3's trial and one-time fee, where the subscription has them
  if (sub.status === 'trialing' && sub.trial_end)
    facts.push(['Free trial until', formatBillingDate(Date.parse(sub.trial_end))]);
  const fee = sub.product_plans.reduce((sum, plan) => sum + (plan.one_time_fee ?? 0), 0);
  const feePaid = sub.product_plans.find((plan) => plan.one_time_fee_paid_at)?.one_time_fee_paid_at;
  if (fee > 0)
    facts.push([
      'One-time fee',
      feePaid
        ? `${formatUsd(fee)}, paid ${formatBillingDate(Date.parse(feePaid))}`
        : `${formatUsd(fee)}, charged with the first payment`,
    ]);
  if (next) facts.push(['Next billing date', formatBillingDate(Date.parse(next))]);
  if (sub.billing)
    facts.push([
      'Current period',
      `${formatBillingDate(Date.parse(sub.billing.current_period_start))} to ${formatBillingDate(Date.parse(sub.billing.current_period_end))}`,
    ]);
  facts.push(['Started', formatBillingDate(Date.parse(sub.created_at))]);
  if (sub.canceled_at) facts.push(['Canceled on', formatBillingDate(Date.parse(sub.canceled_at))]);

  return (
    <DetailFrame back={back} labelledBy="subscription-detail-title">
      <header className="sub-detail__header">
        {image ? <img className="sub-detail__image" src={image} alt="" width={72} height={72} /> : null}
        <div className="sub-detail__names">
          {eyebrow ? <p className="sub-card__eyebrow">{eyebrow}</p> : null}
          <h1 className="detail-page__title" id="subscription-detail-title">
            {sub.name}
          </h1>
        </div>
        <span className={`sub-card__status sub-card__status--${sub.status}`}>
          {subscriptionStatusLabel(sub.status)}
        </span>
      </header>
      <div className="detail-page__card">
        {note ? <p className="sub-detail__note">{note}</p> : null}
        <DetailFacts facts={facts} />
        <div className="detail-page__actions">
          {actions.resume ? <Button onClick={() => setOpen({ kind: 'resume' })}>Resume</Button> : null}
          {actions.reschedule ? (
            <Button variant="secondary" onClick={() => setOpen({ kind: 'reschedule' })}>
              Reschedule
            </Button>
          ) : null}
          {actions.pause ? (
            <Button variant="secondary" onClick={() => setOpen({ kind: 'cancel', mode: 'pause' })}>
              Pause
            </Button>
          ) : null}
          {actions.messageUs ? (
            <Link
              className={buttonClassName({ variant: 'secondary' })}
              to={`/messages/${encodeURIComponent(userId)}/new`}
            >
              Message Us
            </Link>
          ) : null}
          {actions.cancel ? (
            <Button
              variant="ghost"
              // the retention offer comes first for a billed subscription, as on the list
              onClick={() =>
                setOpen(sub.billing ? { kind: 'retention' } : { kind: 'cancel', mode: 'cancel' })
              }
            >
              Cancel
            </Button>
          ) : null}
        </div>
      </div>

      {attachments.length > 0 ? (
        <section className="detail-page__card" aria-labelledby="subscription-documents-title">
          <h2 className="detail-page__subtitle" id="subscription-documents-title">
            Documents
          </h2>
          <ul className="sub-detail__documents">
            {attachments.map((a) => (
              <li key={a.url}>
                <a href={a.url} target="_blank" rel="noopener noreferrer">
                  {a.name} <span className="ui-visually-hidden">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="detail-page__card" aria-labelledby="subscription-invoices-title">
        <h2 className="detail-page__subtitle" id="subscription-invoices-title">
          Invoices
        </h2>
        {sub.invoices.length === 0 ? (
          <p className="detail-page__muted">No invoices yet: the first is issued when billing starts.</p>
        ) : (
          <InvoiceList invoices={sub.invoices} />
        )}
      </section>

      {open?.kind === 'cancel' ? (
        <CancelModal subscription={sub} mode={open.mode} userId={userId} onClose={close} onDone={updated} />
      ) : null}
      {open?.kind === 'resume' ? (
        <ResumeModal subscription={sub} userId={userId} onClose={close} onDone={updated} />
      ) : null}
      {open?.kind === 'reschedule' ? (
        <RescheduleModal subscription={sub} userId={userId} onClose={close} onDone={updated} />
      ) : null}
      {open?.kind === 'retention' ? (
        <RetentionModal
          subscription={sub}
          onClose={close}
          onCancelTreatment={() => setOpen({ kind: 'cancel', mode: 'cancel' })}
          onCounted={updated}
        />
      ) : null}
    </DetailFrame>
  );
}
