import type { Card } from '@portal/domain/contracts/billing';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import { coupons, paymentMethods } from '../../db/schema/billing';
import { events } from '../../db/schema/events';
import { products, productTemplates } from '../../db/schema/products';
import { users } from '../../db/schema/users';
import type { CardDetails, PaymentProvider } from '../../platform/payments/adapter';

const accountColumns = {
  id: users.id,
  organizationId: users.organizationId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  stripeId: users.stripeId,
};
export type BillingAccount = RowOf<typeof accountColumns>;

/** The coupon columns checkout and the coupon check read. */
export const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  percentOff: coupons.percentOff,
  appliesTo: coupons.appliesTo,
  active: coupons.active,
  maxRedemptions: coupons.maxRedemptions,
  timesRedeemed: coupons.timesRedeemed,
  expiresAt: coupons.expiresAt,
};
export type CouponRow = RowOf<typeof couponColumns>;

/** The conversion event of a referred patient's first card (000 §4 step 6). */
export const REFERRAL_EVENT = 'referral_conversion';

export type SavedCard = {
  userId: string;
  organizationId: string;
  provider: PaymentProvider;
  customerId: string;
  card: CardDetails;
};

export function createBillingRepository(db: Db) {
  return {
    async account(userId: string): Promise<BillingAccount | undefined> {
      const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /**
     * Stores the provider's customer id unless another request stored one first (compare-and-set on the
     * value read before); answers the id that is stored afterwards, which every racing request then uses.
     */
    async claimCustomerId(
      userId: string,
      customerId: string,
      expected: string | null,
    ): Promise<string | null> {
      const [won] = await db
        .update(users)
        .set({ stripeId: customerId })
        .where(
          and(
            eq(users.id, userId),
            expected === null ? isNull(users.stripeId) : eq(users.stripeId, expected),
          ),
        )
        .returning({ stripeId: users.stripeId });
      if (won) return won.stripeId;
      const [current] = await db
        .select({ stripeId: users.stripeId })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return current?.stripeId ?? null;
    },

    async defaultCard(userId: string): Promise<Card | undefined> {
      const [row] = await db
        .select({
          brand: paymentMethods.brand,
          last4: paymentMethods.last4,
          exp_month: paymentMethods.expMonth,
          exp_year: paymentMethods.expYear,
        })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)))
        .limit(1);
      return row;
    },

    /**
     * Makes the card the patient's one default card (an upsert on the one-default-per-user index, so
     * doubled requests leave one row) and marks the patient as having a card. Answers the payment-method id
     * it replaced, if any. Short, and never around a call to the provider.
     */
    async saveDefaultCard(input: SavedCard): Promise<string | null> {
      const { card } = input;
      const values = {
        provider: input.provider,
        providerCustomerId: input.customerId,
        providerPaymentMethodId: card.payment_method_id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ id: paymentMethods.providerPaymentMethodId })
          .from(paymentMethods)
          .where(and(eq(paymentMethods.userId, input.userId), eq(paymentMethods.isDefault, true)))
          .for('update');
        await tx
          .insert(paymentMethods)
          .values({ ...values, userId: input.userId, organizationId: input.organizationId, isDefault: true })
          .onConflictDoUpdate({
            target: paymentMethods.userId,
            targetWhere: sql`is_default`,
            set: { ...values, updatedAt: new Date() },
          });
        await tx
          .update(users)
          .set({
            stripeId: input.customerId,
            hasCardSource: true,
            stripeProfile: { default_source: card.payment_method_id },
          })
          .where(eq(users.id, input.userId));
        return previous?.id ?? null;
      });
    },

    /**
     * Records the patient's referral conversion once (the referral id or affiliate token of the landing
     * link, given with the billing profile). The patient's row is held so doubled requests record one.
     */
    async recordReferralOnce(
      userId: string,
      organizationId: string,
      referral: { referral_id?: string | null; affiliate_token?: string | null },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [seen] = await tx
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.userId, userId), eq(events.name, REFERRAL_EVENT)))
          .limit(1);
        if (seen) return;
        await tx.insert(events).values({
          organizationId,
          userId,
          name: REFERRAL_EVENT,
          properties: {
            referral_id: referral.referral_id ?? null,
            affiliate_token: referral.affiliate_token ?? null,
          },
        });
      });
    },

    /** A coupon of the organization by code, case-insensitively (the unique index is on upper(code)). */
    async findCoupon(organizationId: string, code: string): Promise<CouponRow | undefined> {
      const [row] = await db
        .select(couponColumns)
        .from(coupons)
        .where(
          and(
            eq(coupons.organizationId, organizationId),
            eq(sql`upper(${coupons.code})`, code.toUpperCase()),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * The coupon call in one statement: the coupon of the organization by code (as findCoupon) and the
     * product template of each id (as templatesOf). Undefined when no such coupon.
     */
    async couponForProducts(
      organizationId: string,
      code: string,
      ids: string[],
    ): Promise<{ coupon: CouponRow; templates: Map<string, string> } | undefined> {
      const idList = sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::varchar[]`;
      // priced products last: an id that were both would take its priced product's template, as templatesOf
      const templates = sql<string>`(select coalesce(json_object_agg(x.id, x.template_id), '{}')::text from (
          select ${productTemplates.id} as id, ${productTemplates.id} as template_id, 0 as rank from ${productTemplates}
            where ${productTemplates.organizationId} = ${organizationId} and ${productTemplates.id} = any(${idList})
          union all
          select ${products.id}, ${products.productTemplateId}, 1 from ${products}
            where ${products.organizationId} = ${organizationId} and ${products.id} = any(${idList})
          order by rank) x)`;
      const [row] = await db
        .select({ ...couponColumns, templates })
        .from(coupons)
        .where(
          and(
            eq(coupons.organizationId, organizationId),
            eq(sql`upper(${coupons.code})`, code.toUpperCase()),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      const { templates: text, ...coupon } = row;
      return { coupon, templates: new Map(Object.entries(JSON.parse(text) as Record<string, string>)) };
    },

    /**
     * The product template of each id of the organization, whether the id is a priced product's or a
     * template's own. Ids of other organizations or unknown ids are left out.
     */
    async templatesOf(organizationId: string, ids: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      if (ids.length === 0) return found;
      const [priced, templates] = await Promise.all([
        db
          .select({ id: products.id, templateId: products.productTemplateId })
          .from(products)
          .where(and(eq(products.organizationId, organizationId), inArray(products.id, ids))),
        db
          .select({ id: productTemplates.id })
          .from(productTemplates)
          .where(and(eq(productTemplates.organizationId, organizationId), inArray(productTemplates.id, ids))),
      ]);
      for (const t of templates) found.set(t.id, t.id);
      for (const p of priced) found.set(p.id, p.templateId);
      return found;
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
