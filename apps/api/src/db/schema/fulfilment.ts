import type { FulfilmentStep } from '@portal/domain/care/fulfilment';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { orders } from './orders';
import { organizations } from './organizations';
import { products, productTemplates } from './products';
import { subscriptions } from './subscriptions';
import { type ShippingInfo, users } from './users';

/** What made the pharmacy send a parcel. */
export type FulfilmentSource = 'approval' | 'renewal' | 'resume_now' | 'order';

/**
 * One parcel for the pharmacy to fill and ship (issue 12 §4). Its own table rather than columns on
 * `orders`: an approval, each paid renewal and "Resume Now & Ship" all ship a subscription's product, which
 * has no `orders` row, and a subscription ships many times; `orders` stays the one-time purchase with its
 * price, and a one-time order that ships points here by `order_id`. The address is copied at creation, so
 * a patient who moves later does not redirect a parcel already packed.
 */
export const fulfilmentOrders = pgTable(
  'fulfilment_orders',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    subscriptionId: ref('subscription_id').references(() => subscriptions.id),
    orderId: ref('order_id').references(() => orders.id),
    source: varchar('source', { length: 16 }).$type<FulfilmentSource>().notNull(),
    /**
     * One parcel per cause: the subscription's approval, one renewal period, one resume, one order. A
     * retried job or request inserts nothing the second time.
     */
    sourceKey: varchar('source_key', { length: 120 }).notNull(),
    productTemplateId: ref('product_template_id')
      .notNull()
      .references(() => productTemplates.id),
    productId: ref('product_id').references(() => products.id),
    dosage: varchar('dosage', { length: 64 }),
    quantity: integer('quantity').notNull().default(1),
    shippingAddress: jsonb('shipping_address').$type<ShippingInfo | null>(),
    status: varchar('status', { length: 24 })
      .$type<FulfilmentStep>()
      .notNull()
      .default('awaiting_fulfilment'),
    trackingNumber: varchar('tracking_number', { length: 64 }),
    carrier: varchar('carrier', { length: 40 }),
    processingAt: timestamp('processing_at', { withTimezone: true, mode: 'date' }),
    processingBy: ref('processing_by'),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    shippedBy: ref('shipped_by'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    deliveredBy: ref('delivered_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fulfilment_orders_source_key_idx').on(t.sourceKey),
    // the staff list: one status of one clinic, oldest first, keyset on (created_at, id)
    index('fulfilment_orders_organization_id_status_created_at_idx').on(
      t.organizationId,
      t.status,
      t.createdAt,
      t.id,
    ),
    // the patient's orders page: the latest parcel of each subscription or order on the page
    index('fulfilment_orders_subscription_id_created_at_idx').on(t.subscriptionId, t.createdAt),
    index('fulfilment_orders_order_id_idx').on(t.orderId),
    index('fulfilment_orders_user_id_created_at_idx').on(t.userId, t.createdAt),
    check(
      'fulfilment_orders_for_something',
      sql`${t.subscriptionId} is not null or ${t.orderId} is not null`,
    ),
    check('fulfilment_orders_quantity_check', sql`${t.quantity} > 0`),
  ],
);
