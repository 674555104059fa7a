import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { intakes } from './intakes';
import { organizations } from './organizations';
import { users } from './users';

export const checkoutStatuses = ['in_progress', 'failed', 'completed', 'superseded'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

/**
 * What a checkout has done so far, so a retry never repeats a finished step. Inputs a retry may correct
 * (address, card) are kept as digests only: no address, token or card detail is stored here.
 */
export type CheckoutProgress = {
  /** Digest of the address saved. */
  shipping?: string;
  /** Digest of the card token saved. */
  card?: string;
  /** The coaching membership's subscription; `created` when this checkout started it (then it may cancel it). */
  membership?: { subscription: string; created: boolean };
  coaching?: { subscription: string; created: boolean };
  subscriptions?: { product: string; subscription: string; created: boolean }[];
  orders?: { product: string; order: string }[];
  /** Attempt number of the charge: its provider idempotency key is `checkout-{id}-{attempt}`. */
  payment?: { attempt: number; paymentId?: string | null };
  intake?: true;
  marketing?: true;
};

/** The error a failed checkout answered, in the {text, message} shape, with its status and step. */
export type CheckoutError = { status: number; text: string; message: string; step: string };

/**
 * One checkout (decision 013), keyed by the Idempotency-Key the browser sends with it: its request digests,
 * progress, totals and, once done, the answer a retry gets again.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<'consultation' | 'signup' | 'shop'>().notNull(),
    /** The consultation's intake: at most one live checkout per intake. */
    intakeId: ref('intake_id').references(() => intakes.id),
    /** Digest of the whole request: the same key with another body is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** Digest of what is bought (kind, intake or items, membership, code): a failed checkout may be retried
     * with another address or card, never with another purchase. */
    purchaseHash: varchar('purchase_hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).$type<CheckoutStatus>().notNull(),
    /** The step running, or the one that failed. */
    step: varchar('step', { length: 16 }),
    progress: jsonb('progress').$type<CheckoutProgress>().notNull().default({}),
    totals: jsonb('totals').$type<Record<string, unknown>>(),
    /** The answer of the completed checkout, without the patient record (read afresh on a replay). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: jsonb('error').$type<CheckoutError>(),
    attempts: integer('attempts').notNull().default(1),
    /** While in progress: until when the running request holds it (a crashed one is taken over after). */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('checkouts_organization_id_user_id_idempotency_key_idx').on(
      t.organizationId,
      t.userId,
      t.idempotencyKey,
    ),
    index('checkouts_user_id_idx').on(t.userId),
    index('checkouts_intake_id_idx').on(t.intakeId),
    // One checkout at a time pays for a visit; a failed one may be taken over by another key.
    uniqueIndex('checkouts_live_intake_id_idx')
      .on(t.intakeId)
      .where(sql`${t.status} in ('in_progress', 'completed')`),
    check('checkouts_status_check', sql`${t.status} in ('in_progress', 'failed', 'completed', 'superseded')`),
    check('checkouts_kind_check', sql`${t.kind} in ('consultation', 'signup', 'shop')`),
  ],
);
