import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { intakes } from './intakes';
import { organizations } from './organizations';
import { products, productTemplates } from './products';
import { users } from './users';

export const orderStatuses = [
  'created',
  'submitted',
  'paid',
  'fulfilled',
  'canceled',
  'refunded',
  'failed',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A one-time purchase (a lab, a supplement bottle). Recurring purchases are subscriptions. */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    /** Date plus product name, dashes turned into underscores. */
    name: text('name').notNull(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    productTemplateId: ref('product_template_id')
      .notNull()
      .references(() => productTemplates.id),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    intakeId: ref('intake_id').references(() => intakes.id),
    quantity: integer('quantity').notNull().default(1),
    promoCode: varchar('promo_code', { length: 20 }),
    status: varchar('status', { length: 16 }).$type<OrderStatus>().notNull().default('created'),
    /** Before discount, in cents. */
    subtotalAmount: integer('subtotal_amount').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    /** Charged, in cents. */
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('usd'),
    providerPaymentId: varchar('provider_payment_id', { length: 64 }),
    /** The cardholder's dispute of the payment as the provider reports it (needs_response, won, lost...). */
    disputeStatus: varchar('dispute_status', { length: 32 }),
    disputedAt: timestamp('disputed_at', { withTimezone: true, mode: 'date' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // DESC NULLS FIRST is what ORDER BY ... DESC means: with drizzle's default NULLS LAST the index could not
    // give the list its order and every page would sort all of the patient's orders
    index('orders_user_id_created_at_id_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_organization_id_status_idx').on(t.organizationId, t.status),
    index('orders_product_template_id_idx').on(t.productTemplateId),
    index('orders_product_id_idx').on(t.productId),
    index('orders_intake_id_idx').on(t.intakeId),
    // the payment provider's refunds and disputes name the payment
    index('orders_provider_payment_id_idx')
      .on(t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    check('orders_amounts_check', sql`${t.amount} >= 0 and ${t.discountAmount} >= 0 and ${t.quantity} > 0`),
  ],
);
