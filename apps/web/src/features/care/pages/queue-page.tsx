import { formatWaiting, queueCountLabel } from '@portal/domain/care/review-queue';
import { staffCan } from '@portal/domain/care/staff-roles';
import type { CareQueueItem } from '@portal/domain/contracts/care';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  type CareQueueFilters,
  careQueueQueryOptions,
  useClaimVisit,
  useQueueEvents,
} from '../../../api/care/queue';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import type { ChannelStatus } from '../../../lib/realtime';
import { useSessionUser } from '../../../lib/session';
import { Badge } from '../components/badge';
import { identityLabel, personName, WAIT_BADGES } from '../lib/labels';
import { chartPath, type QueueOutcome } from '../lib/paths';
import '../care.css';

/**
 * The states and products seen in the queue so far: the filters offer them, and keep offering them while a
 * filter narrows the rows (a select whose options vanish when chosen cannot be set back).
 */
function useSeenOptions(items: readonly CareQueueItem[]) {
  const states = useRef(new Set<string>());
  const products = useRef(new Map<string, string>());
  for (const item of items) {
    if (item.patient.state) states.current.add(item.patient.state);
    for (const product of item.products) products.current.set(product.product_template, product.name);
  }
  return {
    states: [...states.current].sort().map((s) => ({ value: s, label: s })),
    products: [...products.current]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/** The physician review queue (issue 12 §2): oldest first, live, filtered, claimable. */
/** Whether new visits appear by themselves; when the live connection fails, the queue still refreshes each minute. */
const LIVE_TEXT: Record<ChannelStatus, string> = {
  connecting: 'Connecting to live updates…',
  live: 'Live: new visits appear as they arrive',
  offline: 'Live updates unavailable: the queue refreshes every minute',
};

export default function QueuePage() {
  const user = useSessionUser();
  const role = user?.role ?? '';
  const [filters, setFilters] = useState<CareQueueFilters>({});
  const queue = useInfiniteQuery(careQueueQueryOptions(filters));
  const live = useQueueEvents();
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const total = queue.data?.pages[0]?.total ?? 0;
  const options = useSeenOptions(items);
  const claim = useClaimVisit();
  const navigate = useNavigate();
  const now = new Date();
  const outcome = (useLocation().state as QueueOutcome | null)?.outcome;

  return (
    <div className="care-page">
      <div className="care-page__head">
        <h1 className="care-page__title">Review queue</h1>
        <p className="care-page__count" aria-live="polite">
          {queue.isSuccess ? queueCountLabel(total, queue.data?.pages[0]?.total_capped ?? false) : '\u00a0'}
        </p>
        <p className={`care-live care-live--${live}`}>{LIVE_TEXT[live]}</p>
      </div>

      <form className="care-filters" aria-label="Filter the queue" onSubmit={(e) => e.preventDefault()}>
        <Select
          label="State"
          placeholder="All states"
          options={options.states}
          value={filters.state ?? ''}
          onChange={(e) => setFilters((f) => ({ ...f, state: e.target.value || undefined }))}
        />
        <Select
          label="Product"
          placeholder="All products"
          options={options.products}
          value={filters.product ?? ''}
          onChange={(e) => setFilters((f) => ({ ...f, product: e.target.value || undefined }))}
        />
        <Checkbox
          label="Over 48 h"
          checked={filters.overTarget ?? false}
          onChange={(e) => setFilters((f) => ({ ...f, overTarget: e.target.checked || undefined }))}
        />
      </form>

      {outcome ? <Alert tone="success">{outcome}</Alert> : null}
      {claim.error ? <Alert tone="error">{claim.error.message}</Alert> : null}

      {queue.isPending ? (
        <div className="care-loading">
          <Spinner label="Loading the queue" />
        </div>
      ) : queue.isError && !queue.data ? (
        <Alert tone="error">{queue.error.message}</Alert>
      ) : items.length === 0 ? (
        <div className="care-empty">
          <h2 className="care-empty__title">No visits are waiting</h2>
          <p>
            {filters.state || filters.product || filters.overTarget
              ? 'No visit matches these filters.'
              : 'New visits appear here as soon as patients submit them.'}
          </p>
        </div>
      ) : (
        <table className="care-table">
          <caption className="ui-visually-hidden">Visits awaiting review, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Patient</th>
              <th scope="col">Age</th>
              <th scope="col">State</th>
              <th scope="col">Products</th>
              <th scope="col">Identity</th>
              <th scope="col">Waiting</th>
              <th scope="col">Claimed by</th>
              <th scope="col">
                <span className="ui-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const to = chartPath(item.patient._id, item._id);
              const wait = WAIT_BADGES[item.waiting.status];
              const identity = identityLabel(item.patient.verification_status);
              const claimedByMe = item.claimed_by?._id === user?._id;
              return (
                <tr
                  key={item._id}
                  className="care-table__row"
                  // the whole row opens the chart for a pointer; keyboards use the patient's link
                  onClick={(e) => {
                    if ((e.target as HTMLElement).closest('a, button')) return;
                    void navigate(to);
                  }}
                >
                  <th scope="row" data-label="Patient">
                    <Link className="care-table__patient" to={to}>
                      {personName(item.patient)}
                    </Link>
                  </th>
                  <td data-label="Age">{item.patient.age ?? '—'}</td>
                  <td data-label="State">{item.patient.state ?? '—'}</td>
                  <td data-label="Products">{item.products.map((p) => p.name).join(', ') || '—'}</td>
                  <td data-label="Identity">
                    <Badge tone={identity.tone}>{identity.label}</Badge>
                  </td>
                  <td data-label="Waiting">
                    <span className="care-wait">
                      <span>{formatWaiting(item.submitted_at, now)}</span>
                      <Badge tone={wait.tone}>{wait.label}</Badge>
                    </span>
                  </td>
                  <td data-label="Claimed by">
                    {item.claimed_by ? (claimedByMe ? 'You' : personName(item.claimed_by)) : '—'}
                  </td>
                  <td className="care-table__actions">
                    {staffCan(role, 'claim_visit') && !claimedByMe ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={claim.isPending && claim.variables === item._id}
                        onClick={() => claim.mutate(item._id)}
                        aria-label={`Claim the visit of ${personName(item.patient)}`}
                      >
                        Claim
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {queue.hasNextPage ? (
        <div className="care-more">
          <Button
            variant="secondary"
            loading={queue.isFetchingNextPage}
            onClick={() => void queue.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
