import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema/billing';
import { intakes } from '../../db/schema/intakes';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { patientState } from './care.repository';

/** The queries of a decision, all on the transaction that holds the visit. */
export function decisionQueries(tx: Db) {
  return {
    /** The visit and its patient, locked until the decision commits: a second decision waits, then is refused. */
    async lockVisit(organizationId: string, visitId: string) {
      const [row] = await tx
        .select({
          id: intakes.id,
          userId: intakes.userId,
          products: intakes.products,
          subscriptionIds: intakes.subscriptions,
          patientComplete: intakes.patientComplete,
          physicianReview: intakes.physicianReview,
          closed: intakes.closed,
          awaiting: intakes.awaitingPatientUpdate,
          completedAt: intakes.completedAt,
          promoCode: intakes.promoCode,
        })
        .from(intakes)
        .where(and(eq(intakes.id, visitId), eq(intakes.organizationId, organizationId)))
        .for('update');
      return row;
    },

    /** The visit's subscription ids as they stand now (the approval may have just added some). */
    async visitSubscriptions(visitId: string): Promise<string[]> {
      const [row] = await tx
        .select({ ids: intakes.subscriptions })
        .from(intakes)
        .where(eq(intakes.id, visitId));
      return row?.ids ?? [];
    },

    /**
     * The discount code the patient used at this visit's checkout, as it stood: its total showed the
     * discount, so the first charge keeps it even if the code has since ended.
     */
    async checkoutCoupon(organizationId: string, code: string | null) {
      if (!code) return undefined;
      const [row] = await tx
        .select({ percentOff: coupons.percentOff, appliesTo: coupons.appliesTo })
        .from(coupons)
        .where(and(eq(coupons.organizationId, organizationId), sql`upper(${coupons.code}) = upper(${code})`))
        .limit(1);
      return row;
    },

    async patient(userId: string) {
      const [row] = await tx
        .select({ state: patientState, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /**
     * What waits for this review, locked: the visit's own subscriptions and the membership the patient
     * started at its checkout (charged once a physician accepts the patient).
     */
    async awaitingSubscriptions(userId: string, ids: string[]) {
      return tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.status, 'awaiting_physician_review'),
            ids.length > 0
              ? sql`(${inArray(subscriptions.id, ids)} or ${subscriptions.type} = 'coaching_membership')`
              : eq(subscriptions.type, 'coaching_membership'),
          ),
        )
        .orderBy(subscriptions.createdAt, subscriptions.id)
        .for('update');
    },

    async reviewVisit(visitId: string, changes: { closed: boolean; at: Date }) {
      await tx
        .update(intakes)
        .set({
          physicianReview: true,
          reviewedAt: changes.at,
          ...(changes.closed ? { closed: true, closedAt: changes.at } : {}),
          updatedAt: changes.at,
        })
        .where(eq(intakes.id, visitId));
    },

    async holdForPatient(visitId: string, awaiting: { reason: string; hold_date: string | null }, at: Date) {
      await tx
        .update(intakes)
        .set({ awaitingPatientUpdate: { is_awaiting: true, ...awaiting }, updatedAt: at })
        .where(eq(intakes.id, visitId));
    },

    /** The ID/Profile Image Mismatch alert of 002 §4.11: the patient's photos need a new upload. */
    async flagPhotos(userId: string, at: Date) {
      await tx
        .update(users)
        .set({
          image: sql`coalesce(${users.image}, '{}'::jsonb) || ${JSON.stringify({
            requires_user_attention: true,
            requires_user_attention_notification_date: at.toISOString(),
          })}::jsonb`,
        })
        .where(eq(users.id, userId));
    },
  };
}
