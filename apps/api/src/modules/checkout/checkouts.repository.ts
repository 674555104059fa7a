import { and, asc, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import {
  type CheckoutError,
  type CheckoutProgress,
  type CheckoutStatus,
  checkouts,
} from '../../db/schema/checkouts';
import { intakes, intakeTemplates } from '../../db/schema/intakes';
import { products, productTemplates } from '../../db/schema/products';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { productOnSale } from '../products/on-sale';
import { checkoutQueries } from './checkout.repository';

const ID = /^[0-9a-f]{24}$/i;

const checkoutColumns = {
  id: checkouts.id,
  organizationId: checkouts.organizationId,
  userId: checkouts.userId,
  kind: checkouts.kind,
  intakeId: checkouts.intakeId,
  requestHash: checkouts.requestHash,
  purchaseHash: checkouts.purchaseHash,
  status: checkouts.status,
  step: checkouts.step,
  progress: checkouts.progress,
  result: checkouts.result,
  error: checkouts.error,
  attempts: checkouts.attempts,
  lockedUntil: checkouts.lockedUntil,
};
export type CheckoutRow = RowOf<typeof checkoutColumns>;

export type NewCheckout = {
  organizationId: string;
  userId: string;
  idempotencyKey: string;
  kind: 'consultation' | 'signup' | 'shop';
  intakeId: string | null;
  requestHash: string;
  purchaseHash: string;
  progress: CheckoutProgress;
  lockedUntil: Date;
};

/** A priced product the organization sells now, with what the checkout needs of its template. */
const variantColumns = {
  id: products.id,
  templateId: products.productTemplateId,
  templateType: productTemplates.type,
  templateName: productTemplates.name,
  pricingType: products.pricingType,
  unitAmount: products.unitAmount,
  currency: products.currency,
  intervalCount: products.intervalCount,
  isDefault: products.isDefault,
  planProperties: products.planProperties,
  oneTimeFee: products.oneTimeFee,
  billingScheme: products.billingScheme,
  tiers: products.tiers,
  tiersMode: products.tiersMode,
  trialPeriodDays: products.trialPeriodDays,
};
export type VariantRow = RowOf<typeof variantColumns>;

function checkoutsQueries(db: Db) {
  const variants = () =>
    db
      .select(variantColumns)
      .from(products)
      .innerJoin(productTemplates, eq(productTemplates.id, products.productTemplateId));

  return {
    /** The intake, held until the transaction ends: checkouts of one visit are claimed one at a time. */
    lockIntake: checkoutQueries(db).lockIntake,

    async find(organizationId: string, userId: string, key: string): Promise<CheckoutRow | undefined> {
      const [row] = await db
        .select(checkoutColumns)
        .from(checkouts)
        .where(
          and(
            eq(checkouts.organizationId, organizationId),
            eq(checkouts.userId, userId),
            eq(checkouts.idempotencyKey, key),
          ),
        )
        .limit(1);
      return row;
    },

    /** A new checkout, in progress; undefined when a request with the same key inserted it first. */
    async insert(values: NewCheckout): Promise<CheckoutRow | undefined> {
      const [row] = await db
        .insert(checkouts)
        .values({ ...values, status: 'in_progress', attempts: 1 })
        .onConflictDoNothing({
          target: [checkouts.organizationId, checkouts.userId, checkouts.idempotencyKey],
        })
        .returning(checkoutColumns);
      return row;
    },

    /**
     * Takes a checkout that may run again (failed, superseded, or in progress past its lease, i.e. its request
     * died) for one more attempt; undefined when another request took it first.
     */
    async takeOver(
      id: string,
      now: Date,
      values: { requestHash: string; progress: CheckoutProgress; lockedUntil: Date },
    ): Promise<CheckoutRow | undefined> {
      const [row] = await db
        .update(checkouts)
        .set({
          ...values,
          status: 'in_progress',
          error: null,
          attempts: sql`${checkouts.attempts} + 1`,
          updatedAt: now,
        })
        .where(
          and(
            eq(checkouts.id, id),
            or(
              inArray(checkouts.status, ['failed', 'superseded']),
              and(eq(checkouts.status, 'in_progress'), lte(checkouts.lockedUntil, now)),
            ),
          ),
        )
        .returning(checkoutColumns);
      return row;
    },

    /** The other checkouts of an intake, latest first. */
    async othersOnIntake(intakeId: string, exceptId: string | null) {
      return db
        .select({
          id: checkouts.id,
          status: checkouts.status,
          lockedUntil: checkouts.lockedUntil,
          progress: checkouts.progress,
        })
        .from(checkouts)
        .where(and(eq(checkouts.intakeId, intakeId), exceptId ? ne(checkouts.id, exceptId) : undefined))
        .orderBy(desc(checkouts.updatedAt));
    },

    /** Checkouts whose progress another checkout of the same intake carries on. */
    async supersede(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(checkouts)
        .set({ status: 'superseded', lockedUntil: null, progress: {}, updatedAt: now })
        .where(inArray(checkouts.id, ids));
    },

    /** Saves what is done and renews the running request's hold (each finished step shows it is alive). */
    async saveProgress(
      id: string,
      step: string,
      progress: CheckoutProgress,
      now: Date,
      lockedUntil: Date,
    ): Promise<void> {
      await db
        .update(checkouts)
        .set({ step, progress, lockedUntil, updatedAt: now })
        .where(and(eq(checkouts.id, id), eq(checkouts.status, 'in_progress')));
    },

    async fail(id: string, error: CheckoutError, progress: CheckoutProgress, now: Date): Promise<void> {
      await db
        .update(checkouts)
        .set({
          status: 'failed' satisfies CheckoutStatus,
          step: error.step,
          error,
          progress,
          lockedUntil: null,
          updatedAt: now,
        })
        .where(eq(checkouts.id, id));
    },

    async complete(
      id: string,
      values: {
        result: Record<string, unknown>;
        totals: Record<string, unknown>;
        progress: CheckoutProgress;
      },
      now: Date,
    ): Promise<void> {
      await db
        .update(checkouts)
        .set({
          ...values,
          status: 'completed' satisfies CheckoutStatus,
          step: null,
          error: null,
          lockedUntil: null,
          completedAt: now,
          updatedAt: now,
        })
        .where(eq(checkouts.id, id));
    },

    /** The patient's intake with what its checkout needs, or undefined (unknown, another's, another clinic's). */
    async intakeForCheckout(intakeId: string, userId: string, organizationId: string) {
      if (!ID.test(intakeId)) return undefined;
      const [row] = await db
        .select({
          id: intakes.id,
          products: intakes.products,
          subscriptions: intakes.subscriptions,
          patientComplete: intakes.patientComplete,
          closed: intakes.closed,
          expiresAt: intakes.expiresAt,
          questionsTotal: intakes.questionsTotal,
          completeTotal: intakes.completeTotal,
          disablePaymentCollection: intakeTemplates.disablePaymentCollection,
        })
        .from(intakes)
        .innerJoin(intakeTemplates, eq(intakeTemplates.id, intakes.templateId))
        .where(
          and(
            eq(intakes.id, intakeId),
            eq(intakes.userId, userId),
            eq(intakes.organizationId, organizationId),
          ),
        )
        .limit(1);
      return row;
    },

    /** Every priced product on sale of the templates, shortest plan first (products_product_template_id_interval_count_idx). */
    async variantsOf(organizationId: string, templateIds: string[]): Promise<VariantRow[]> {
      if (templateIds.length === 0) return [];
      return variants()
        .where(and(productOnSale(organizationId), inArray(products.productTemplateId, templateIds)))
        .orderBy(asc(products.intervalCount), asc(products.sortOrder));
    },

    /** The templates of priced products on sale, by product id. */
    async templatesOfProducts(organizationId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const found = await db
        .select({ id: products.id, templateId: products.productTemplateId })
        .from(products)
        .innerJoin(productTemplates, eq(productTemplates.id, products.productTemplateId))
        .where(and(productOnSale(organizationId), inArray(products.id, ids)));
      return new Map(found.map((r) => [r.id, r.templateId]));
    },

    /** Compensation: subscriptions this checkout started, still awaiting review, are cancelled. */
    async cancelSubscriptions(ids: string[], reason: string, now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: now, cancelReason: reason, updatedAt: now })
        .where(and(inArray(subscriptions.id, ids), eq(subscriptions.status, 'awaiting_physician_review')));
    },

    /** Compensation: the intake no longer lists the cancelled subscriptions. */
    async detachFromIntake(intakeId: string, ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      const [row] = await db
        .select({ subscriptions: intakes.subscriptions })
        .from(intakes)
        .where(eq(intakes.id, intakeId))
        .limit(1)
        .for('update');
      if (!row) return;
      const kept = row.subscriptions.filter((id) => !ids.includes(id));
      if (kept.length !== row.subscriptions.length)
        await db.update(intakes).set({ subscriptions: kept, updatedAt: now }).where(eq(intakes.id, intakeId));
    },

    /** Compensation: the patient no longer has the membership this checkout started. */
    async clearMembership(userId: string, membershipId: string): Promise<void> {
      await db
        .update(users)
        .set({ membershipId: null })
        .where(and(eq(users.id, userId), eq(users.membershipId, membershipId)));
    },
  };
}
export type CheckoutsQueries = ReturnType<typeof checkoutsQueries>;

/** The checkouts table and the few writes of other tables the checkout's compensation needs. */
export function createCheckoutsRepository(db: Db) {
  return {
    ...checkoutsQueries(db),
    transaction<T>(fn: (queries: CheckoutsQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(checkoutsQueries(tx as unknown as Db)));
    },
    /** The same, also handing the transaction to other modules' repositories (one commit for both). */
    transactionWith<T>(fn: (queries: CheckoutsQueries, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(checkoutsQueries(tx as unknown as Db), tx as unknown as Db));
    },
  };
}
export type CheckoutsRepository = ReturnType<typeof createCheckoutsRepository>;
