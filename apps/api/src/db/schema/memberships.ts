import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { organizations } from './organizations';

export type MembershipFeature = { title: string; description: string };
export type MembershipIncludedProduct = { name: string; image?: string; features: string[] };

/** A coaching membership a clinic sells, alone or alongside a protocol. */
export const memberships = pgTable(
  'memberships',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    features: jsonb('features').$type<MembershipFeature[]>().notNull().default([]),
    includedProducts: jsonb('included_products').$type<MembershipIncludedProduct[]>().notNull().default([]),
    /** Scheduling widget link for coaching sessions. */
    eventLink: text('event_link'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('memberships_organization_id_idx').on(t.organizationId)],
);

export const membershipPrices = pgTable(
  'membership_prices',
  {
    id: idColumn(),
    membershipId: ref('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** Amount charged per interval, in cents. */
    unitAmount: integer('unit_amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('usd'),
    /** Billing interval in months (recurring.interval_count). */
    intervalCount: integer('interval_count').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    stripePriceId: varchar('stripe_price_id', { length: 64 }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('membership_prices_membership_id_interval_count_idx').on(t.membershipId, t.intervalCount),
    check('membership_prices_unit_amount_check', sql`${t.unitAmount} >= 0`),
    check('membership_prices_interval_count_check', sql`${t.intervalCount} > 0`),
  ],
);
