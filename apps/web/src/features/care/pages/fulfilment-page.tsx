import { FULFILMENT_LABELS, type FulfilmentStep, nextFulfilmentStep } from '@portal/domain/care/fulfilment';
import { formatWaiting } from '@portal/domain/care/review-queue';
import { staffCan } from '@portal/domain/care/staff-roles';
import type { CareFulfilmentOrder } from '@portal/domain/contracts/fulfilment';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { fulfilmentQueryOptions, useAdvanceFulfilment } from '../../../api/care/fulfilment';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { Badge } from '../components/badge';
import { ShipDialog } from '../components/ship-dialog';
import { formatDateTime, personName } from '../lib/labels';
import { chartPath } from '../lib/paths';
import '../care.css';
import '../fulfilment.css';
import { CareTabs, tabId } from '../components/care-tabs';

/** The tabs: one per step an order can wait at, then the delivered ones for reference. */
const TABS: readonly FulfilmentStep[] = ['awaiting_fulfilment', 'processing', 'shipped', 'delivered'];

/** The button that moves an order from this step to the next. */
const NEXT_ACTION: Partial<Record<FulfilmentStep, string>> = {
  awaiting_fulfilment: 'Start processing',
  processing: 'Mark shipped',
  shipped: 'Mark delivered',
};

const EMPTY: Record<FulfilmentStep, string> = {
  awaiting_fulfilment:
    'New orders appear here when a protocol is approved, renews or is resumed to ship now.',
  processing: 'Orders being prepared by the pharmacy appear here.',
  shipped: 'Orders on their way to the patient appear here.',
  delivered: 'Delivered orders appear here.',
};

function addressLines(address: CareFulfilmentOrder['shipping_address']): string[] {
  if (!address) return [];
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  const street = [address.street_address, address.apt_suite].filter(Boolean).join(', ');
  const place = [address.city, [address.state, address.zip_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [name, street, place].filter((line) => line.trim() !== '');
}

function productText(order: CareFulfilmentOrder): string {
  return [order.product.name, order.product.dosage, `× ${order.product.quantity}`]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Fulfilment (issue 12 §4): the clinic's parcels by step, oldest first, each moved one step on by the care
 * team; shipping asks for the tracking number in a dialog. The patient is told by the server at each step.
 */
export default function FulfilmentPage() {
  const user = useSessionUser();
  const canAdvance = staffCan(user?.role ?? '', 'advance_fulfilment');
  const [tab, setTab] = useState<FulfilmentStep>('awaiting_fulfilment');
  const list = useInfiniteQuery(fulfilmentQueryOptions(tab));
  const advance = useAdvanceFulfilment();
  const [shipping, setShipping] = useState<CareFulfilmentOrder | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = list.data?.pages[0]?.counts;
  const now = new Date();

  function choose(step: FulfilmentStep) {
    setTab(step);
    setOutcome(null);
    advance.reset();
  }

  function move(order: CareFulfilmentOrder, body: { tracking_number?: string; carrier?: string } = {}) {
    const to = nextFulfilmentStep(order.status);
    if (!to || to === 'awaiting_fulfilment') return;
    setOutcome(null);
    advance.mutate(
      { id: order._id, body: { to, ...body } },
      {
        onSuccess: (moved) => {
          setShipping(null);
          setOutcome(
            `${personName(moved.patient)}’s ${moved.product.name} is now ${FULFILMENT_LABELS[moved.status].toLowerCase()}.`,
          );
        },
      },
    );
  }

  const countOf = (step: FulfilmentStep) =>
    counts && step !== 'delivered' ? ` (${counts[step as keyof typeof counts]})` : '';

  return (
    <div className="care-page">
      <div className="care-page__head">
        <h1 className="care-page__title">Fulfilment</h1>
      </div>

      <CareTabs
        label="Orders by step"
        idPrefix="fulfilment"
        tabs={TABS}
        selected={tab}
        onSelect={choose}
        render={(step) => (
          <>
            {FULFILMENT_LABELS[step]}
            {countOf(step)}
          </>
        )}
      />

      <div
        className="care-tabs__panel"
        role="tabpanel"
        id="fulfilment-panel"
        aria-labelledby={tabId('fulfilment', tab)}
      >
        <div aria-live="polite">{outcome ? <Alert tone="success">{outcome}</Alert> : null}</div>
        {advance.error && !shipping ? <Alert tone="error">{advance.error.message}</Alert> : null}

        {list.isPending ? (
          <div className="care-loading">
            <Spinner label="Loading orders" />
          </div>
        ) : list.isError && !list.data ? (
          <Alert tone="error">{list.error.message}</Alert>
        ) : items.length === 0 ? (
          <div className="care-empty">
            <h2 className="care-empty__title">No orders {FULFILMENT_LABELS[tab].toLowerCase()}</h2>
            <p>{EMPTY[tab]}</p>
          </div>
        ) : (
          <table className="care-table care-fulfilment">
            <caption className="ui-visually-hidden">
              Orders {FULFILMENT_LABELS[tab].toLowerCase()}, oldest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">Product</th>
                <th scope="col">Ship to</th>
                <th scope="col">Ordered</th>
                <th scope="col">{tab === 'awaiting_fulfilment' ? 'Source' : 'Progress'}</th>
                <th scope="col">
                  <span className="ui-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((order) => {
                const lines = addressLines(order.shipping_address);
                const action = NEXT_ACTION[order.status];
                const name = personName(order.patient);
                return (
                  <tr key={order._id}>
                    <th scope="row" data-label="Patient">
                      <Link className="care-table__patient" to={chartPath(order.patient._id)}>
                        {name}
                      </Link>
                    </th>
                    <td data-label="Product">{productText(order)}</td>
                    <td data-label="Ship to">
                      {lines.length > 0 ? (
                        <address className="care-fulfilment__address">
                          {lines.map((line) => (
                            <span key={line}>{line}</span>
                          ))}
                        </address>
                      ) : (
                        <Badge tone="danger">No shipping address</Badge>
                      )}
                    </td>
                    <td data-label="Ordered">
                      <span className="care-fulfilment__age">
                        <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
                        <span className="care-muted">{formatWaiting(order.created_at, now)} ago</span>
                      </span>
                    </td>
                    <td data-label={tab === 'awaiting_fulfilment' ? 'Source' : 'Progress'}>
                      <Progress order={order} />
                    </td>
                    <td className="care-table__actions">
                      {canAdvance && action ? (
                        <Button
                          size="sm"
                          variant={order.status === 'processing' ? 'primary' : 'secondary'}
                          loading={advance.isPending && advance.variables?.id === order._id}
                          aria-label={`${action}: ${name}, ${order.product.name}`}
                          onClick={() => (order.status === 'processing' ? setShipping(order) : move(order))}
                        >
                          {action}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}

        {list.hasNextPage ? (
          <div className="care-more">
            <Button
              variant="secondary"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        ) : null}
      </div>

      {shipping ? (
        <ShipDialog
          open
          order={shipping}
          pending={advance.isPending}
          error={advance.error?.message ?? null}
          onClose={() => {
            setShipping(null);
            advance.reset();
          }}
          onConfirm={(parcel) => move(shipping, parcel)}
        />
      ) : null}
    </div>
  );
}

const SOURCES: Record<string, string> = {
  approval: 'First order (approved)',
  renewal: 'Renewal',
  resume_now: 'Resumed to ship now',
  order: 'One-time order',
};

/** Where the order came from, or how far it went and who moved it. */
function Progress({ order }: { order: CareFulfilmentOrder }) {
  if (order.status === 'awaiting_fulfilment') return <>{SOURCES[order.source] ?? order.source}</>;
  const by = order.moved_by ? ` by ${personName(order.moved_by)}` : '';
  const at =
    order.status === 'processing'
      ? order.processing_at
      : order.status === 'shipped'
        ? order.shipped_at
        : order.delivered_at;
  return (
    <span className="care-fulfilment__progress">
      <span>
        {FULFILMENT_LABELS[order.status]}
        {at ? ` ${formatDateTime(at)}` : ''}
        {by}
      </span>
      {order.tracking_number ? (
        <span>
          {order.carrier ? `${order.carrier} ` : ''}
          <span className="care-fulfilment__tracking">{order.tracking_number}</span>
        </span>
      ) : null}
    </span>
  );
}
