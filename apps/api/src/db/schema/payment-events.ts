import { pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The payment provider's events already applied (Stripe's webhooks, the sandbox's own): the row is inserted
 * in the transaction that applies the event, so a replay, or the same event delivered twice at once, finds
 * it (or waits for it) and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: varchar('provider', { length: 16 }).$type<'stripe' | 'sandbox'>().notNull(),
    eventId: varchar('event_id', { length: 255 }).notNull(),
    type: varchar('type', { length: 64 }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_events_pkey', columns: [t.provider, t.eventId] })],
);
