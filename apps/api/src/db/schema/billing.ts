import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { intakes } from './intakes';
import { orders } from './orders';
import { organizations } from './organizations';
import { subscriptions } from './subscriptions';
import { users } from './users';

/**
 * A patient's billing profile with the payment provider: a reference to a tokenised card.
 * The card number never reaches the server; only what the provider returns for display is kept.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    provider: varchar('provider', { length: 16 }).$type<'sandbox' | 'stripe'>().notNull(),
    providerCustomerId: varchar('provider_customer_id', { length: 64 }).notNull(),
    providerPaymentMethodId: varchar('provider_payment_method_id', { length: 64 }).notNull(),
    brand: varchar('brand', { length: 24 }).notNull(),
    last4: varchar('last4', { length: 4 }).notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_methods_user_id_idx').on(t.userId),
    index('payment_methods_organization_id_idx').on(t.organizationId),
    uniqueIndex('payment_methods_user_id_default_idx').on(t.userId).where(sql`${t.isDefault}`),
    check('payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_exp_month_check', sql`${t.expMonth} between 1 and 12`),
  ],
);

/** A discount code. Codes are alphanumeric, at most 20 characters, matched case-insensitively. */
export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    code: varchar('code', { length: 20 }).notNull(),
    description: text('description'),
    percentOff: integer('percent_off').notNull(),
    /** Product template ids the discount applies to. */
    appliesTo: jsonb('applies_to').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    /** Null: unlimited. */
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_organization_id_code_idx').on(t.organizationId, sql`upper(${t.code})`),
    check('coupons_percent_off_check', sql`${t.percentOff} between 1 and 100`),
    check('coupons_code_check', sql`${t.code} ~ '^[A-Za-z0-9]{1,20}$'`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: idColumn(),
    couponId: ref('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    intakeId: ref('intake_id').references(() => intakes.id),
    orderId: ref('order_id').references(() => orders.id),
    subscriptionId: ref('subscription_id').references(() => subscriptions.id),
    /** Discount granted, in cents. */
    amountOff: integer('amount_off').notNull().default(0),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_redemptions_coupon_id_idx').on(t.couponId),
    index('coupon_redemptions_user_id_idx').on(t.userId),
    index('coupon_redemptions_organization_id_idx').on(t.organizationId),
    index('coupon_redemptions_intake_id_idx').on(t.intakeId),
    index('coupon_redemptions_order_id_idx').on(t.orderId),
    index('coupon_redemptions_subscription_id_idx').on(t.subscriptionId),
  ],
);
