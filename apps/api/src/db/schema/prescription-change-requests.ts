import type { SubscriptionStatus } from '@portal/domain/contracts/subscription';
import type { PrescriptionChangeType } from '@portal/domain/dashboard/prescription-change';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref } from './columns';
import { organizations } from './organizations';
import { subscriptions } from './subscriptions';
import { users } from './users';

/**
 * A patient's request to change the prescription of a medication subscription (001 §2 Customize Protocol):
 * what they asked for and their details, for the clinical team to review. The subscription's status before
 * the request is kept so a reviewer can restore it.
 */
export const prescriptionChangeRequests = pgTable(
  'prescription_change_requests',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: ref('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    requestType: varchar('request_type', { length: 16 }).$type<PrescriptionChangeType>().notNull(),
    comment: text('comment'),
    previousStatus: varchar('previous_status', { length: 32 }).$type<SubscriptionStatus>().notNull(),
    /** The physician's answer (issue 12 §6): approved with a new prescription, or declined with a message. */
    resolution: varchar('resolution', { length: 16 }).$type<'approved' | 'declined'>(),
    response: text('response'),
    resolvedBy: ref('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('prescription_change_requests_subscription_id_created_at_idx').on(t.subscriptionId, t.createdAt),
    index('prescription_change_requests_user_id_idx').on(t.userId),
    index('prescription_change_requests_organization_id_created_at_idx').on(t.organizationId, t.createdAt),
    /** The care team's open tasks, oldest first. */
    index('prescription_change_requests_open_idx')
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.resolvedAt} is null`),
    check(
      'prescription_change_requests_type_check',
      sql`${t.requestType} in ('RaiseDosage', 'LowerDosage', 'Other')`,
    ),
  ],
);
