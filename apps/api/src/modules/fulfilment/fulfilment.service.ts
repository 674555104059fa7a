import { fulfilmentNotice, fulfilmentRefusal } from '@portal/domain/care/fulfilment';
import { staffCan } from '@portal/domain/care/staff-roles';
import type {
  CareFulfilmentAdvanceBody,
  CareFulfilmentOrder,
  CareFulfilmentPage,
  CareFulfilmentQuery,
} from '@portal/domain/contracts/fulfilment';
import type { Db } from '../../db/client';
import type { Auth } from '../../platform/auth/access';
import { ApiError, Errors } from '../../platform/errors';
import { createNotificationsRepository } from '../notifications/notifications.repository';
import type { NotificationInput, Notifier } from '../notifications/notifier';
import { decodeCursor, encodeCursor } from '../notifications/page-cursor';
import { fulfilmentQueries, type ListedFulfilment } from './fulfilment.repository';
import { renderFulfilmentEmail } from './fulfilment-email';

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toCareOrder(row: ListedFulfilment): CareFulfilmentOrder {
  return {
    _id: row.id,
    status: row.status,
    source: row.source,
    patient: { _id: row.patientId, first_name: row.patientFirstName, last_name: row.patientLastName },
    subscription: row.subscriptionId,
    order: row.orderId,
    product: { name: row.productName, dosage: row.dosage, quantity: row.quantity },
    shipping_address: row.shippingAddress,
    tracking_number: row.trackingNumber,
    carrier: row.carrier,
    created_at: row.createdAt,
    processing_at: iso(row.processingAt),
    shipped_at: iso(row.shippedAt),
    delivered_at: iso(row.deliveredAt),
    moved_by: row.moverId
      ? { _id: row.moverId, first_name: row.moverFirstName ?? '', last_name: row.moverLastName ?? '' }
      : null,
  };
}

type Pending = { userId: string; input: NotificationInput };

/**
 * The pharmacy's side of an order (issue 12 §4): the care team lists the clinic's parcels by step and moves
 * each one step on, telling the patient each time. The order is locked for the step, so two coordinators
 * pressing "Mark shipped" together move it once and tell the patient once; pressing it again answers the
 * order as it stands.
 */
export function createFulfilmentService(deps: {
  db: Db;
  notifier: Pick<Notifier, 'store' | 'deliver'>;
  now: () => Date;
}) {
  const read = fulfilmentQueries(deps.db);
  const allow = (auth: Auth) => {
    if (!staffCan(auth.role, 'advance_fulfilment')) throw Errors.forbidden();
  };

  return {
    async list(auth: Auth, query: CareFulfilmentQuery): Promise<CareFulfilmentPage> {
      allow(auth);
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const [rows, counts] = await Promise.all([
        read.page(auth.organizationId, query.status, after, query.limit),
        read.openCounts(auth.organizationId),
      ]);
      const more = rows.length > query.limit;
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toCareOrder),
        next_cursor: more && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
        counts: {
          awaiting_fulfilment: counts.get('awaiting_fulfilment') ?? 0,
          processing: counts.get('processing') ?? 0,
          shipped: counts.get('shipped') ?? 0,
        },
      };
    },

    /**
     * Moves the order to `to`. `onPatient` learns whose order it is as soon as it is found, so the request's
     * audit row names the patient whether the step is made or refused.
     */
    async advance(
      auth: Auth,
      id: string,
      body: CareFulfilmentAdvanceBody,
      onPatient: (patientId: string) => void = () => undefined,
    ): Promise<CareFulfilmentOrder> {
      allow(auth);
      const trackingNumber = body.tracking_number?.trim() || null;
      const carrier = body.carrier?.trim() || null;
      let pending: Pending | null = null;
      await deps.db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const q = fulfilmentQueries(tx);
        const row = await q.lock(auth.organizationId, id);
        if (!row) throw Errors.notFound('The order');
        onPatient(row.userId);
        // the same step again (a double click, a retried request) changes nothing and tells nobody twice
        if (row.status === body.to) return;
        const refusal = fulfilmentRefusal(row.status, body.to, trackingNumber);
        if (refusal === 'TrackingNumberRequired') {
          throw new ApiError(
            400,
            'TrackingNumberRequired',
            'Enter the tracking number to ship the order.',
            {},
            [{ path: 'tracking_number', message: 'Enter the tracking number to ship the order.' }],
          );
        }
        if (refusal) {
          throw new ApiError(
            409,
            refusal,
            `This order is ${row.status.replace('_', ' ')}: it cannot be marked ${body.to} now.`,
          );
        }
        const at = deps.now();
        await q.moveTo(row.id, body.to, auth.userId, at, { trackingNumber, carrier });
        if (body.to === 'shipped' && row.orderId) await q.markOrderFulfilled(row.orderId, at);
        const to = await createNotificationsRepository(tx).recipient(row.userId);
        const input: NotificationInput = {
          category: 'order',
          message: fulfilmentNotice(body.to, row.productName, { trackingNumber, carrier }),
          data: { type: 'other', fulfilmentId: row.id, ...(row.orderId ? { orderId: row.orderId } : {}) },
          ...(to
            ? {
                email: renderFulfilmentEmail({
                  step: body.to,
                  brand: to.settings.name || to.organizationName,
                  firstName: to.firstName,
                  link: `${to.appUrl.replace(/\/$/, '')}/orders`,
                  trackingNumber,
                  carrier,
                }),
              }
            : {}),
        };
        await deps.notifier.store(tx, row.userId, auth.organizationId, input);
        pending = { userId: row.userId, input };
      });
      const sent = pending as Pending | null;
      if (sent) deps.notifier.deliver(sent.userId, sent.input);
      const order = await read.find(auth.organizationId, id);
      return toCareOrder(order!);
    },
  };
}
