import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import { couponRedemptions, coupons } from '../../db/schema/billing';
import { events } from '../../db/schema/events';
import { intakes } from '../../db/schema/intakes';
import { notifications } from '../../db/schema/notifications';
import { products } from '../../db/schema/products';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { couponColumns } from '../billing/billing.repository';
import type { Notifier } from '../notifications/notifier';

const ID = /^[0-9a-f]{24}$/i;

const intakeColumns = {
  id: intakes.id,
  userId: intakes.userId,
  organizationId: intakes.organizationId,
  products: intakes.products,
  questionsTotal: intakes.questionsTotal,
  completeTotal: intakes.completeTotal,
  patientComplete: intakes.patientComplete,
  closed: intakes.closed,
  expiresAt: intakes.expiresAt,
};
export type CheckoutIntakeRow = RowOf<typeof intakeColumns>;

export type Redemption = {
  couponId: string;
  userId: string;
  organizationId: string;
  intakeId?: string | null;
  subscriptionId?: string | null;
  amountOff: number;
};

/** Queries of the checkout: the intake, coupons and their redemptions, the welcome notification, events. */
export function checkoutQueries(db: Db) {
  return {
    /** The intake of the organization, held until the transaction ends so a double submit waits here. */
    async lockIntake(intakeId: string, organizationId: string): Promise<CheckoutIntakeRow | undefined> {
      if (!ID.test(intakeId)) return undefined;
      const [row] = await db
        .select(intakeColumns)
        .from(intakes)
        .where(and(eq(intakes.id, intakeId), eq(intakes.organizationId, organizationId)))
        .limit(1)
        .for('update');
      return row;
    },

    /** Holds the patient's row: serialises the patient's once-only steps (welcome, membership). */
    async lockUser(userId: string): Promise<{ membershipId: string | null } | undefined> {
      const [row] = await db
        .select({ membershipId: users.membershipId })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
        .for('update');
      return row;
    },

    /** The coupon by code, case-insensitively, held so times_redeemed and max_redemptions stay right. */
    async lockCoupon(organizationId: string, code: string) {
      const [row] = await db
        .select(couponColumns)
        .from(coupons)
        .where(
          and(
            eq(coupons.organizationId, organizationId),
            eq(sql`upper(${coupons.code})`, code.toUpperCase()),
          ),
        )
        .limit(1)
        .for('update');
      return row;
    },

    /** Records a redemption and counts it on the coupon. */
    async redeem(redemption: Redemption): Promise<void> {
      await db.insert(couponRedemptions).values(redemption);
      await db
        .update(coupons)
        .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1`, updatedAt: new Date() })
        .where(eq(coupons.id, redemption.couponId));
    },

    /** Unit amount and template of the organization's priced products among the ids. */
    async prices(organizationId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: products.id, templateId: products.productTemplateId, unitAmount: products.unitAmount })
        .from(products)
        .where(and(eq(products.organizationId, organizationId), inArray(products.id, ids)));
    },

    async markComplete(intakeId: string, promoCode: string | null, at: Date): Promise<void> {
      await db
        .update(intakes)
        .set({ patientComplete: true, completedAt: at, promoCode, updatedAt: at })
        .where(eq(intakes.id, intakeId));
    },

    /** Carries the promo code to the visit's subscriptions that have none. */
    async setSubscriptionsPromo(intakeId: string, promoCode: string): Promise<void> {
      await db
        .update(subscriptions)
        .set({ promoCode })
        .where(and(eq(subscriptions.intakeId, intakeId), isNull(subscriptions.promoCode)));
    },

    async hasWelcome(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.category, 'welcome')))
        .limit(1);
      return row !== undefined;
    },

    /** Stored within the checkout's transaction; the notifier delivers it once that commits. */
    async storeWelcome(
      notifier: Pick<Notifier, 'store'>,
      userId: string,
      organizationId: string,
      message: string,
    ): Promise<void> {
      await notifier.store(db, userId, organizationId, {
        category: 'welcome',
        message,
        data: { type: 'other' },
      });
    },

    async recordEvents(
      organizationId: string,
      userId: string,
      list: { name: string; properties: Record<string, unknown> }[],
    ): Promise<void> {
      if (list.length) await db.insert(events).values(list.map((e) => ({ ...e, organizationId, userId })));
    },

    /** The patient has a completed visit: no further intake is required to reach the dashboard. */
    async markUserIntakeComplete(userId: string): Promise<void> {
      await db.update(users).set({ completeIntake: true, requiresIntake: false }).where(eq(users.id, userId));
    },

    async intakeOf(intakeId: string, userId: string) {
      if (!ID.test(intakeId)) return undefined;
      const [row] = await db
        .select({ id: intakes.id, patientComplete: intakes.patientComplete })
        .from(intakes)
        .where(and(eq(intakes.id, intakeId), eq(intakes.userId, userId)))
        .limit(1);
      return row;
    },
  };
}
export type CheckoutQueries = ReturnType<typeof checkoutQueries>;

/** The only place of the checkout touching the tables; `transaction` binds the same queries to one transaction. */
export function createCheckoutRepository(db: Db) {
  return {
    ...checkoutQueries(db),
    transaction<T>(fn: (queries: CheckoutQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(checkoutQueries(tx as unknown as Db)));
    },
  };
}
export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
