import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { MESSAGES } from '@portal/domain/messages';
import {
  DEFAULT_SUBSCRIPTION_TAB,
  emptyTabText,
  inSubscriptionTab,
  SUBSCRIPTION_TABS,
  type SubscriptionTab,
} from '@portal/domain/subscriptions/status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { subscriptionsQueryOptions } from '../../../api/subscriptions';
import { Button, buttonClassName } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { CancelModal } from '../components/cancel-modal';
import { RescheduleModal } from '../components/reschedule-modal';
import { ResumeModal } from '../components/resume-modal';
import { RetentionModal } from '../components/retention-modal';
import { type CardAction, SubscriptionCard } from '../components/subscription-card';
import '../subscriptions.css';

type Open =
  | { kind: 'cancel'; id: string; mode: 'pause' | 'cancel' }
  | { kind: 'resume' | 'reschedule' | 'retention'; id: string }
  | null;

/** The Subscriptions page (001 §2): filter tabs, cards with their actions, and the modal flows. */
export default function SubscriptionsPage() {
  const params = useParams();
  const user = useSessionUser();
  const userId = params.userId ?? user?._id ?? '';
  const queryClient = useQueryClient();
  const query = useQuery({ ...subscriptionsQueryOptions(userId), enabled: !!userId });
  const [tab, setTab] = useState<SubscriptionTab>(DEFAULT_SUBSCRIPTION_TAB);
  const [open, setOpen] = useState<Open>(null);

  if (query.isError) console.error('subscriptions load failed', query.error);
  const all = query.data ?? [];
  const shown = all.filter((s) => inSubscriptionTab(s.status, tab));
  const current = open ? all.find((s) => s._id === open.id) : undefined;

  /** Shows the answer of an action at once, then refreshes the list in the background. */
  function updated(sub: SubscriptionDetails) {
    queryClient.setQueryData(subscriptionsQueryOptions(userId).queryKey, (list) =>
      list?.map((s) => (s._id === sub._id ? sub : s)),
    );
  }
  const close = () => {
    setOpen(null);
    void queryClient.invalidateQueries({ queryKey: subscriptionsQueryOptions(userId).queryKey });
  };

  function act(sub: SubscriptionDetails, action: CardAction) {
    if (action === 'pause') setOpen({ kind: 'cancel', id: sub._id, mode: 'pause' });
    else if (action === 'cancel')
      // The retention offer comes first for a billed subscription; one awaiting review just cancels.
      setOpen(
        sub.billing ? { kind: 'retention', id: sub._id } : { kind: 'cancel', id: sub._id, mode: 'cancel' },
      );
    else setOpen({ kind: action, id: sub._id });
  }

  /** The ARIA tabs pattern: the arrows move to the next or previous tab (wrapping), Home and End to the ends. */
  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const i = SUBSCRIPTION_TABS.findIndex((t) => t.id === tab);
    const n = SUBSCRIPTION_TABS.length;
    const target = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: n - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = SUBSCRIPTION_TABS[(target + n) % n]!;
    setTab(next.id);
    event.currentTarget.querySelector<HTMLButtonElement>(`#sub-tab-${next.id}`)?.focus();
  }

  return (
    <div className="subs">
      <h1 className="subs__title">Subscriptions</h1>
      {query.isPending && userId ? (
        <PageSpinner label="Loading subscriptions" />
      ) : query.isError && !query.data ? (
        <section className="subs__empty" aria-labelledby="subs-failed">
          <h2 id="subs-failed">{MESSAGES.subscriptionsLoadFailure}</h2>
          <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
            {MESSAGES.tryAgain}
          </Button>
        </section>
      ) : all.length === 0 ? (
        <section className="subs__empty" aria-labelledby="subs-empty">
          <h2 id="subs-empty">No Active Subscriptions</h2>
          <Link className={buttonClassName({})} to="/shop">
            Visit Our Shop
          </Link>
        </section>
      ) : (
        <>
          <div className="subs__tabs" role="tablist" aria-label="Filter subscriptions" onKeyDown={onTabKey}>
            {SUBSCRIPTION_TABS.map((t) => (
              <button
                key={t.id}
                id={`sub-tab-${t.id}`}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                aria-controls="subs-panel"
                tabIndex={tab === t.id ? 0 : -1}
                className="subs__tab"
                onClick={() => setTab(t.id)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div id="subs-panel" role="tabpanel" aria-labelledby={`sub-tab-${tab}`} className="subs__panel">
            {shown.length === 0 && tab !== 'all' ? (
              <p className="subs__none">{emptyTabText(tab)}</p>
            ) : (
              shown.map((s) => (
                <SubscriptionCard key={s._id} subscription={s} userId={userId} onAction={(a) => act(s, a)} />
              ))
            )}
          </div>
        </>
      )}

      {open && current && open.kind === 'cancel' ? (
        <CancelModal
          subscription={current}
          mode={open.mode}
          userId={userId}
          onClose={close}
          onDone={updated}
        />
      ) : null}
      {open && current && open.kind === 'resume' ? (
        <ResumeModal subscription={current} userId={userId} onClose={close} onDone={updated} />
      ) : null}
      {open && current && open.kind === 'reschedule' ? (
        <RescheduleModal subscription={current} userId={userId} onClose={close} onDone={updated} />
      ) : null}
      {open && current && open.kind === 'retention' ? (
        <RetentionModal
          subscription={current}
          onClose={close}
          onCancelTreatment={() => setOpen({ kind: 'cancel', id: current._id, mode: 'cancel' })}
          onCounted={updated}
        />
      ) : null}
    </div>
  );
}
