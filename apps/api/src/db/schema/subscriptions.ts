import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@portal/domain/contracts/subscription';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { intakes } from './intakes';
import { memberships } from './memberships';
import { orders } from './orders';
import { organizations } from './organizations';
import type { ProductType } from './products';
import { users } from './users';

/** The statuses of 001 §4, defined once in the domain package. */
export const subscriptionStatuses = SUBSCRIPTION_STATUSES;
export type { SubscriptionStatus };

/** A product line of a subscription; names and images are read from the template. */
export type SubscriptionProductPlan = {
  product_template: string;
  product: string;
  quantity: number;
  /** Months per billing period. */
  duration: number;
  /** Cents per billing period at the time of purchase. */
  unit_amount: number;
  /**
   * Cents billed per period for the quantity bought, when the price is tiered (002 §3 billing_scheme): the
   * tiers' amount, which renewals bill instead of unit_amount.
   */
  period_amount?: number;
  /** The price's setup fee (002 §3 one_time_fee), charged with the first payment only, never on a renewal. */
  one_time_fee?: number;
  /** When the fee was paid (at the shop's checkout); absent while it is still due with the first period. */
  one_time_fee_paid_at?: string;
  /** The price's trial (002 §3 trial_period_days), started at checkout. */
  trial_period_days?: number;
  /** ISO instant the trial ends: the first period is billed then (checkout + trial days). */
  trial_ends_at?: string;
  dosage?: string;
  frequency?: string;
};

export type Prescription = {
  _id: string;
  physician_id?: string;
  medication: {
    name: string;
    strength?: string;
    patient_instructions: string;
    /** ISO date. */
    expiration_date: string;
    refills?: number;
  };
};

export type CancellationInfo = {
  renews_at?: string | null;
  free_consultation_scheduled_date?: string | null;
  cancellation_attempt: number;
  /** The retention discount waiting for the next renewal, in percent. */
  renewal_percent_off?: number;
};

export type CoachingInfo = {
  appointment_start_time?: string | null;
  appointment_end_time?: string | null;
  appointment_link?: string | null;
};

export type PauseCollection = {
  behavior: 'void' | 'keep_as_draft' | 'mark_uncollectible';
  resumes_at?: string | null;
};
export type ScheduleDetails = { phases: { start_date: string; end_date?: string }[] };

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    status: varchar('status', { length: 32 }).$type<SubscriptionStatus>().notNull(),
    type: varchar('type', { length: 24 }).$type<ProductType>().notNull(),
    name: text('name').notNull(),
    durationMonths: integer('duration_months').notNull(),
    productPlans: jsonb('product_plans').$type<SubscriptionProductPlan[]>().notNull().default([]),
    prescriptions: jsonb('prescriptions').$type<Prescription[]>().notNull().default([]),
    scheduleDetails: jsonb('schedule_details').$type<ScheduleDetails | null>(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true, mode: 'date' }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
    rescheduleDate: timestamp('reschedule_date', { withTimezone: true, mode: 'date' }),
    pauseCollection: jsonb('pause_collection').$type<PauseCollection | null>(),
    pauseReason: text('pause_reason'),
    cancelReason: text('cancel_reason'),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    cancellationInfo: jsonb('cancellation_info')
      .$type<CancellationInfo>()
      .notNull()
      .default({ cancellation_attempt: 0 }),
    coachingInfo: jsonb('coaching_info').$type<CoachingInfo | null>(),
    /** The payment provider's subscription id (subscription_id in responses). */
    providerSubscriptionId: varchar('provider_subscription_id', { length: 64 }),
    intakeId: ref('intake_id').references(() => intakes.id),
    membershipId: ref('membership_id').references(() => memberships.id),
    promoCode: varchar('promo_code', { length: 20 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_id_status_idx').on(t.userId, t.status),
    index('subscriptions_organization_id_status_idx').on(t.organizationId, t.status),
    index('subscriptions_intake_id_idx').on(t.intakeId),
    index('subscriptions_membership_id_idx').on(t.membershipId),
    uniqueIndex('subscriptions_provider_subscription_id_idx').on(t.providerSubscriptionId),
    // The sandbox renewal job's look-up of periods that ended.
    index('subscriptions_current_period_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.providerSubscriptionId} like 'sub_sandbox_%'`),
  ],
);

export const invoiceStatuses = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** A bill for a subscription period or for an order. */
export const invoices = pgTable(
  'invoices',
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
    /** In cents. */
    amountDue: integer('amount_due').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    /** Given back to the card by the provider, in cents. */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull().default('usd'),
    status: varchar('status', { length: 16 }).$type<InvoiceStatus>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }),
    /** Storage key of the generated PDF, once rendered. */
    pdfPath: text('pdf_path'),
    providerInvoiceId: varchar('provider_invoice_id', { length: 64 }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_subscription_id_created_at_idx').on(t.subscriptionId, t.createdAt),
    index('invoices_order_id_idx').on(t.orderId),
    index('invoices_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('invoices_organization_id_idx').on(t.organizationId),
    uniqueIndex('invoices_provider_invoice_id_idx').on(t.providerInvoiceId),
    check('invoices_source_check', sql`${t.subscriptionId} is not null or ${t.orderId} is not null`),
    check('invoices_amounts_check', sql`${t.amountDue} >= 0 and ${t.amountPaid} >= 0`),
  ],
);
