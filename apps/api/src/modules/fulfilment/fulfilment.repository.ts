import type { FulfilmentStep } from '@portal/domain/care/fulfilment';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type FulfilmentSource, fulfilmentOrders } from '../../db/schema/fulfilment';
import { orders } from '../../db/schema/orders';
import { productTemplates } from '../../db/schema/products';
import type { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import type { PagePosition } from '../notifications/page-cursor';

const ID = /^[0-9a-f]{24}$/i;

/** Product types the pharmacy ships; a coaching membership and a lab ship nothing. */
const SHIPPED_TYPES: ReadonlySet<string> = new Set(['medication', 'supplement']);

/** The instant to the microsecond, as the keyset cursor keeps it. */
const createdAtUs = sql<string>`to_char(${fulfilmentOrders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type ShippedSubscription = Pick<
  typeof subscriptions.$inferSelect,
  'id' | 'userId' | 'organizationId' | 'type' | 'productPlans'
>;

const mover = alias(users, 'mover');
const patient = alias(users, 'patient');

/** The staff member who made the current step, by the step's own column. */
const movedBy = sql<string | null>`case ${fulfilmentOrders.status}
  when 'processing' then ${fulfilmentOrders.processingBy}
  when 'shipped' then ${fulfilmentOrders.shippedBy}
  when 'delivered' then ${fulfilmentOrders.deliveredBy} end`;

/** A listed order with its patient, product and the staff member who made its current step. */
function listed(db: Db) {
  return db
    .select({
      id: fulfilmentOrders.id,
      status: fulfilmentOrders.status,
      source: fulfilmentOrders.source,
      subscriptionId: fulfilmentOrders.subscriptionId,
      orderId: fulfilmentOrders.orderId,
      dosage: fulfilmentOrders.dosage,
      quantity: fulfilmentOrders.quantity,
      shippingAddress: fulfilmentOrders.shippingAddress,
      trackingNumber: fulfilmentOrders.trackingNumber,
      carrier: fulfilmentOrders.carrier,
      createdAt: createdAtUs,
      processingAt: fulfilmentOrders.processingAt,
      shippedAt: fulfilmentOrders.shippedAt,
      deliveredAt: fulfilmentOrders.deliveredAt,
      productName: productTemplates.productName,
      patientId: patient.id,
      patientFirstName: patient.firstName,
      patientLastName: patient.lastName,
      moverId: mover.id,
      moverFirstName: mover.firstName,
      moverLastName: mover.lastName,
    })
    .from(fulfilmentOrders)
    .innerJoin(productTemplates, eq(productTemplates.id, fulfilmentOrders.productTemplateId))
    .innerJoin(patient, eq(patient.id, fulfilmentOrders.userId))
    .leftJoin(mover, eq(mover.id, movedBy));
}
export type ListedFulfilment = Awaited<ReturnType<ReturnType<typeof listed>['where']>>[number];

export function fulfilmentQueries(db: Db) {
  return {
    /**
     * A parcel for each product line of a subscription that ships, addressed where the patient's shipping
     * address says now. `key` names the cause (approval, renewal period, resume): the same cause twice
     * inserts nothing (the unique source key), so a retried job or request sends one parcel.
     */
    async createForSubscription(
      sub: ShippedSubscription,
      source: FulfilmentSource,
      key: string,
      at: Date,
    ): Promise<number> {
      if (!SHIPPED_TYPES.has(sub.type) || sub.productPlans.length === 0) return 0;
      const [who] = await db
        .select({ shippingInfo: users.shippingInfo })
        .from(users)
        .where(eq(users.id, sub.userId))
        .limit(1);
      const inserted = await db
        .insert(fulfilmentOrders)
        .values(
          sub.productPlans.map((plan, i) => ({
            organizationId: sub.organizationId,
            userId: sub.userId,
            subscriptionId: sub.id,
            source,
            sourceKey: `${source}:${key}:${i}`,
            productTemplateId: plan.product_template,
            productId: plan.product,
            dosage: plan.dosage ?? null,
            quantity: Math.max(1, plan.quantity),
            shippingAddress: who?.shippingInfo ?? null,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoNothing({ target: fulfilmentOrders.sourceKey })
        .returning({ id: fulfilmentOrders.id });
      return inserted.length;
    },

    /** One page of a clinic's orders at one step, oldest first, on the (organization, status, created, id) index. */
    async page(
      organizationId: string,
      status: FulfilmentStep,
      after: PagePosition | undefined,
      limit: number,
    ) {
      return listed(db)
        .where(
          and(
            eq(fulfilmentOrders.organizationId, organizationId),
            eq(fulfilmentOrders.status, status),
            after
              ? sql`(${fulfilmentOrders.createdAt}, ${fulfilmentOrders.id}) > (${after.at}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(fulfilmentOrders.createdAt), asc(fulfilmentOrders.id))
        .limit(limit + 1);
    },

    /** How many of the clinic's orders wait at each open step (index-only counts). */
    async openCounts(organizationId: string): Promise<Map<FulfilmentStep, number>> {
      const rows = await db
        .select({ status: fulfilmentOrders.status, n: sql<number>`count(*)::int` })
        .from(fulfilmentOrders)
        .where(
          and(
            eq(fulfilmentOrders.organizationId, organizationId),
            inArray(fulfilmentOrders.status, ['awaiting_fulfilment', 'processing', 'shipped']),
          ),
        )
        .groupBy(fulfilmentOrders.status);
      return new Map(rows.map((r) => [r.status, Number(r.n)]));
    },

    /** The order of this clinic, held until the transaction ends: a second advance waits and sees the first. */
    async lock(organizationId: string, id: string) {
      if (!ID.test(id)) return undefined;
      const [row] = await db
        .select({
          id: fulfilmentOrders.id,
          userId: fulfilmentOrders.userId,
          orderId: fulfilmentOrders.orderId,
          status: fulfilmentOrders.status,
          trackingNumber: fulfilmentOrders.trackingNumber,
          carrier: fulfilmentOrders.carrier,
          productTemplateId: fulfilmentOrders.productTemplateId,
        })
        .from(fulfilmentOrders)
        .where(and(eq(fulfilmentOrders.id, id), eq(fulfilmentOrders.organizationId, organizationId)))
        .limit(1)
        .for('update');
      if (!row) return undefined;
      const [template] = await db
        .select({ name: productTemplates.name })
        .from(productTemplates)
        .where(eq(productTemplates.id, row.productTemplateId))
        .limit(1);
      return { ...row, productName: template?.name ?? 'order' };
    },

    async find(organizationId: string, id: string): Promise<ListedFulfilment | undefined> {
      const [row] = await listed(db)
        .where(and(eq(fulfilmentOrders.id, id), eq(fulfilmentOrders.organizationId, organizationId)))
        .limit(1);
      return row;
    },

    async moveTo(
      id: string,
      step: Exclude<FulfilmentStep, 'awaiting_fulfilment'>,
      by: string,
      at: Date,
      parcel: { trackingNumber: string | null; carrier: string | null },
    ): Promise<void> {
      const stamp =
        step === 'processing'
          ? { processingAt: at, processingBy: by }
          : step === 'shipped'
            ? { shippedAt: at, shippedBy: by, trackingNumber: parcel.trackingNumber, carrier: parcel.carrier }
            : { deliveredAt: at, deliveredBy: by };
      await db
        .update(fulfilmentOrders)
        .set({ status: step, updatedAt: at, ...stamp })
        .where(eq(fulfilmentOrders.id, id));
    },

    /** A one-time order's own record of its shipping (its details page reads `fulfilled_at`). */
    async markOrderFulfilled(orderId: string, at: Date): Promise<void> {
      await db.update(orders).set({ status: 'fulfilled', fulfilledAt: at }).where(eq(orders.id, orderId));
    },
  };
}
export type FulfilmentQueries = ReturnType<typeof fulfilmentQueries>;
