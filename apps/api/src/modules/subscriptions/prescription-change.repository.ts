import type { SubscriptionStatus } from '@portal/domain/contracts/subscription';
import type { PrescriptionChangeType } from '@portal/domain/dashboard/prescription-change';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { prescriptionChangeRequests } from '../../db/schema/prescription-change-requests';
import { subscriptions } from '../../db/schema/subscriptions';

const ID = /^[0-9a-f]{24}$/i;

export type RecordInput = {
  subscriptionId: string;
  userId: string;
  organizationId: string;
  requestType: PrescriptionChangeType;
  comment: string | null;
  notice: string;
};

export type RecordedRequest = {
  id: string;
  subscriptionId: string;
  requestType: PrescriptionChangeType;
  comment: string | null;
  createdAt: Date;
};

/** The tables behind a protocol change request: the subscription, the request row and the patient's notification. */
export function createPrescriptionChangeRepository(db: Db) {
  return {
    /** Who owns a subscription, for the central access check (resource "subscription"). */
    async ownerOf(id: string): Promise<{ userId: string; organizationId: string } | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await db
        .select({ userId: subscriptions.userId, organizationId: subscriptions.organizationId })
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .limit(1);
      return row;
    },

    async findSubscription(id: string) {
      const [row] = await db
        .select({
          id: subscriptions.id,
          userId: subscriptions.userId,
          organizationId: subscriptions.organizationId,
          status: subscriptions.status,
          type: subscriptions.type,
          name: subscriptions.name,
        })
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .limit(1);
      return row;
    },

    /**
     * In one transaction: moves the subscription from active to prescription_requested (only if it is still
     * an active medication subscription, so two concurrent requests record one), stores the request and
     * notifies the patient. Undefined when the subscription was no longer active.
     */
    async record(input: RecordInput): Promise<RecordedRequest | undefined> {
      return db.transaction(async (tx) => {
        const previousStatus: SubscriptionStatus = 'active';
        const [moved] = await tx
          .update(subscriptions)
          .set({ status: 'prescription_requested' })
          .where(
            and(
              eq(subscriptions.id, input.subscriptionId),
              eq(subscriptions.status, previousStatus),
              eq(subscriptions.type, 'medication'),
            ),
          )
          .returning({ id: subscriptions.id });
        if (!moved) return undefined;
        const [request] = await tx
          .insert(prescriptionChangeRequests)
          .values({
            organizationId: input.organizationId,
            userId: input.userId,
            subscriptionId: input.subscriptionId,
            requestType: input.requestType,
            comment: input.comment,
            previousStatus,
          })
          .returning({
            id: prescriptionChangeRequests.id,
            subscriptionId: prescriptionChangeRequests.subscriptionId,
            requestType: prescriptionChangeRequests.requestType,
            comment: prescriptionChangeRequests.comment,
            createdAt: prescriptionChangeRequests.createdAt,
          });
        await tx.insert(notifications).values({
          userId: input.userId,
          organizationId: input.organizationId,
          category: 'subscription',
          message: input.notice,
          data: { type: 'protocol', subscriptionId: input.subscriptionId },
        });
        return request!;
      });
    },
  };
}
export type PrescriptionChangeRepository = ReturnType<typeof createPrescriptionChangeRepository>;
