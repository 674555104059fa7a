import type { Subscription } from '@portal/domain/contracts/subscription';
import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import { intakes } from '../../db/schema/intakes';
import { products, productTemplates } from '../../db/schema/products';
import { type SubscriptionProductPlan, subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { checkoutQueries } from '../checkout/checkout.repository';
import { productOnSale } from '../products/on-sale';

const ID = /^[0-9a-f]{24}$/i;

const subscriptionColumns = {
  id: subscriptions.id,
  status: subscriptions.status,
  type: subscriptions.type,
  name: subscriptions.name,
  durationMonths: subscriptions.durationMonths,
  productPlans: subscriptions.productPlans,
  prescriptions: subscriptions.prescriptions,
  scheduleDetails: subscriptions.scheduleDetails,
  currentPeriodStart: subscriptions.currentPeriodStart,
  rescheduleDate: subscriptions.rescheduleDate,
  providerSubscriptionId: subscriptions.providerSubscriptionId,
  cancellationInfo: subscriptions.cancellationInfo,
  coachingInfo: subscriptions.coachingInfo,
  intakeId: subscriptions.intakeId,
  membershipId: subscriptions.membershipId,
  promoCode: subscriptions.promoCode,
  createdAt: subscriptions.createdAt,
};
export type SubscriptionRow = RowOf<typeof subscriptionColumns>;

const templateColumns = {
  id: productTemplates.id,
  type: productTemplates.type,
  name: productTemplates.name,
  productName: productTemplates.productName,
  productImages: productTemplates.productImages,
  membershipId: productTemplates.membershipId,
  attachments: productTemplates.attachments,
  settings: productTemplates.settings,
};
export type TemplateRow = RowOf<typeof templateColumns>;

/** Ended subscriptions: a new one may be started in their place. */
const ENDED = ['canceled', 'incomplete_expired'] as const;

export type NewSubscription = typeof subscriptions.$inferInsert;

/** The latest trial end of the plans (ISO), or null when none has one. */
function trialEnd(plans: SubscriptionProductPlan[]): string | null {
  const ends = plans
    .map((p) => (p.trial_ends_at ? Date.parse(p.trial_ends_at) : Number.NaN))
    .filter(Number.isFinite);
  return ends.length > 0 ? new Date(Math.max(...ends)).toISOString() : null;
}

/** Maps a row and the templates of its plans to 001 §3 Subscription. */
export function toSubscription(row: SubscriptionRow, templates: Map<string, TemplateRow>): Subscription {
  return {
    _id: row.id,
    status: row.status,
    type: row.type,
    name: row.name,
    duration: row.durationMonths || row.productPlans[0]?.duration || 0,
    product_plans: row.productPlans.map((p) => {
      const t = templates.get(p.product_template);
      return {
        product_template: t
          ? {
              _id: t.id,
              name: t.name,
              product_name: t.productName,
              product_images: t.productImages,
              membership: t.membershipId,
              attachments: t.attachments,
              protocol: t.settings.protocol !== undefined,
            }
          : null,
        product: p.product,
        quantity: p.quantity,
        duration: p.duration,
        unit_amount: p.unit_amount,
        ...((p.one_time_fee ?? 0) > 0
          ? { one_time_fee: p.one_time_fee, one_time_fee_paid_at: p.one_time_fee_paid_at ?? null }
          : {}),
        ...((p.trial_period_days ?? 0) > 0 ? { trial_period_days: p.trial_period_days } : {}),
        ...(p.trial_ends_at ? { trial_ends_at: p.trial_ends_at } : {}),
        ...(p.dosage ? { dosage: p.dosage } : {}),
        ...(p.frequency ? { frequency: p.frequency } : {}),
      };
    }),
    prescriptions: row.prescriptions,
    schedule_details: row.scheduleDetails,
    current_period_start: row.currentPeriodStart?.toISOString() ?? null,
    trial_end: row.status === 'trialing' ? trialEnd(row.productPlans) : null,
    reschedule_date: row.rescheduleDate ? Math.floor(row.rescheduleDate.getTime() / 1000) : null,
    subscription_id: row.providerSubscriptionId,
    cancellation_info: row.cancellationInfo,
    coaching_info: row.coachingInfo,
    intake: row.intakeId,
    membership: row.membershipId,
    promo_code: row.promoCode,
    created_at: row.createdAt.toISOString(),
  };
}

function subscriptionQueries(db: Db) {
  return {
    ...checkoutQueries(db),

    /** An active priced product of the organization with its template. */
    async findProduct(organizationId: string, productId: string) {
      if (!ID.test(productId)) return undefined;
      const [row] = await db
        .select({
          id: products.id,
          pricingType: products.pricingType,
          unitAmount: products.unitAmount,
          intervalCount: products.intervalCount,
          planProperties: products.planProperties,
          oneTimeFee: products.oneTimeFee,
          billingScheme: products.billingScheme,
          tiers: products.tiers,
          tiersMode: products.tiersMode,
          trialPeriodDays: products.trialPeriodDays,
          template: templateColumns,
        })
        .from(products)
        .innerJoin(productTemplates, eq(productTemplates.id, products.productTemplateId))
        .where(and(eq(products.id, productId), productOnSale(organizationId)))
        .limit(1);
      return row;
    },

    /** The patient's intake, held until the transaction ends. */
    async lockPatientIntake(intakeId: string, userId: string) {
      const [row] = await db
        .select({
          id: intakes.id,
          products: intakes.products,
          subscriptions: intakes.subscriptions,
          patientComplete: intakes.patientComplete,
          closed: intakes.closed,
        })
        .from(intakes)
        .where(and(eq(intakes.id, intakeId), eq(intakes.userId, userId)))
        .limit(1)
        .for('update');
      return row;
    },

    /** The patient's live subscription to the product from the intake (or from no intake). */
    async findForProduct(
      userId: string,
      productId: string,
      intakeId: string | null,
    ): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select(subscriptionColumns)
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            intakeId ? eq(subscriptions.intakeId, intakeId) : isNull(subscriptions.intakeId),
            notInArray(subscriptions.status, [...ENDED]),
            sql`${subscriptions.productPlans} @> ${JSON.stringify([{ product: productId }])}::jsonb`,
          ),
        )
        .limit(1);
      return row;
    },

    /** The patient's live subscription of a coaching membership. */
    async findForMembership(userId: string, membershipId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select(subscriptionColumns)
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.membershipId, membershipId),
            eq(subscriptions.type, 'coaching_membership'),
            notInArray(subscriptions.status, [...ENDED]),
          ),
        )
        .limit(1);
      return row;
    },

    /** All the patient's subscriptions, newest first. */
    async listForPatient(userId: string): Promise<SubscriptionRow[]> {
      return db
        .select(subscriptionColumns)
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.createdAt));
    },

    async insert(values: NewSubscription): Promise<SubscriptionRow> {
      const [row] = await db.insert(subscriptions).values(values).returning(subscriptionColumns);
      return row!;
    },

    /** Links a subscription to the visit it came from and lists it on the intake (once). */
    async attachToIntake(subscriptionId: string, intakeId: string, current: string[]): Promise<void> {
      await db.update(subscriptions).set({ intakeId }).where(eq(subscriptions.id, subscriptionId));
      if (!current.includes(subscriptionId)) {
        await db
          .update(intakes)
          .set({ subscriptions: [...current, subscriptionId], updatedAt: new Date() })
          .where(eq(intakes.id, intakeId));
      }
    },

    /** Replaces a subscription's plans (a fee recorded on them); answers the row as it now stands. */
    async setPlans(
      subscriptionId: string,
      productPlans: SubscriptionProductPlan[],
    ): Promise<SubscriptionRow> {
      const [row] = await db
        .update(subscriptions)
        .set({ productPlans, updatedAt: new Date() })
        .where(eq(subscriptions.id, subscriptionId))
        .returning(subscriptionColumns);
      return row!;
    },

    async setUserMembership(userId: string, membershipId: string): Promise<void> {
      await db.update(users).set({ membershipId }).where(eq(users.id, userId));
    },

    /** The organization's coaching product template of a membership. */
    async membershipTemplate(organizationId: string, membershipId: string): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select(templateColumns)
        .from(productTemplates)
        .where(
          and(
            eq(productTemplates.organizationId, organizationId),
            eq(productTemplates.membershipId, membershipId),
            eq(productTemplates.type, 'coaching_membership'),
          ),
        )
        .limit(1);
      return row;
    },

    async templates(plans: SubscriptionProductPlan[]): Promise<Map<string, TemplateRow>> {
      const ids = [...new Set(plans.map((p) => p.product_template))];
      if (ids.length === 0) return new Map();
      const found = await db
        .select(templateColumns)
        .from(productTemplates)
        .where(inArray(productTemplates.id, ids));
      return new Map(found.map((t) => [t.id, t]));
    },
  };
}
export type SubscriptionQueries = ReturnType<typeof subscriptionQueries>;

/** The only place of the subscriptions module touching the tables. */
export function createSubscriptionsRepository(db: Db) {
  return {
    ...subscriptionQueries(db),
    transaction<T>(fn: (queries: SubscriptionQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(subscriptionQueries(tx as unknown as Db)));
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
