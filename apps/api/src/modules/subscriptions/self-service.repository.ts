import { and, desc, eq, inArray, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentMethods } from '../../db/schema/billing';
import { organizations } from '../../db/schema/organizations';
import { invoices, subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import type { BillingInvoice } from '../../platform/payments/subscription-billing';

const ID = /^[0-9a-f]{24}$/i;

export type FullSubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type SubscriptionPatch = Partial<
  Omit<typeof subscriptions.$inferInsert, 'id' | 'userId' | 'organizationId'>
>;

/** Statuses whose sandbox periods run on (see platform/payments/sandbox-renewal.ts). */
const RUNNING = ['active', 'trialing', 'rescheduled', 'paused_by_reschedule', 'past_due', 'paused'] as const;

function selfServiceQueries(db: Db) {
  return {
    async ownerOf(id: string) {
      if (!ID.test(id)) return undefined;
      const [row] = await db
        .select({ userId: subscriptions.userId, organizationId: subscriptions.organizationId })
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .limit(1);
      return row;
    },

    async get(id: string): Promise<FullSubscriptionRow | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
      return row;
    },

    /** The subscription, held until the transaction ends: a doubled submit waits and sees the first one's result. */
    async lock(id: string): Promise<FullSubscriptionRow | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .limit(1)
        .for('update');
      return row;
    },

    /** Like lock, but a row another worker holds is skipped (the renewal job). */
    async lockIfFree(id: string): Promise<FullSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .limit(1)
        .for('update', { skipLocked: true });
      return row;
    },

    async listForPatient(userId: string): Promise<FullSubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.createdAt));
    },

    async update(id: string, patch: SubscriptionPatch): Promise<FullSubscriptionRow> {
      const [row] = await db
        .update(subscriptions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(subscriptions.id, id))
        .returning();
      return row!;
    },

    async insertInvoice(values: typeof invoices.$inferInsert): Promise<void> {
      await db.insert(invoices).values(values).onConflictDoNothing();
    },

    /** The invoice the payment provider answered for a period of this subscription. */
    async insertProviderInvoice(
      sub: { id: string; organizationId: string; userId: string },
      invoice: BillingInvoice,
      at: Date,
    ): Promise<void> {
      await db
        .insert(invoices)
        .values({
          organizationId: sub.organizationId,
          userId: sub.userId,
          subscriptionId: sub.id,
          amountDue: invoice.amount_due,
          amountPaid: invoice.amount_paid,
          currency: invoice.currency,
          status: invoice.status,
          periodStart: invoice.period_start,
          periodEnd: invoice.period_end,
          providerInvoiceId: invoice.id,
          paidAt: invoice.paid_at,
          createdAt: at,
        })
        .onConflictDoNothing();
    },

    async settleOpenInvoices(subscriptionId: string, at: Date): Promise<void> {
      await db
        .update(invoices)
        .set({ status: 'paid', amountPaid: sql`${invoices.amountDue}`, paidAt: at })
        .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'open')));
    },

    async invoicesFor(subscriptionIds: string[]): Promise<InvoiceRow[]> {
      if (subscriptionIds.length === 0) return [];
      return db
        .select()
        .from(invoices)
        .where(inArray(invoices.subscriptionId, subscriptionIds))
        .orderBy(desc(invoices.createdAt));
    },

    /** An invoice with what its PDF shows: the patient, the brand and the subscription or order name. */
    async invoiceForPdf(invoiceId: string) {
      if (!ID.test(invoiceId)) return undefined;
      const [row] = await db
        .select({
          invoice: invoices,
          subscriptionName: subscriptions.name,
          productPlans: subscriptions.productPlans,
          firstName: users.firstName,
          lastName: users.lastName,
          shippingInfo: users.shippingInfo,
          organizationName: organizations.name,
          settings: organizations.settings,
        })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
        .leftJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
        .where(eq(invoices.id, invoiceId))
        .limit(1);
      return row;
    },

    /** The patient's provider customer and whether a card is on file. */
    async payer(userId: string): Promise<{ customerId: string | null; hasCard: boolean }> {
      const [row] = await db
        .select({ stripeId: users.stripeId, card: paymentMethods.id })
        .from(users)
        .leftJoin(
          paymentMethods,
          and(eq(paymentMethods.userId, users.id), eq(paymentMethods.isDefault, true)),
        )
        .where(eq(users.id, userId))
        .limit(1);
      return { customerId: row?.stripeId ?? null, hasCard: !!row?.card };
    },

    async clearMembership(userId: string, membershipId: string): Promise<void> {
      await db
        .update(users)
        .set({ membershipId: null })
        .where(and(eq(users.id, userId), eq(users.membershipId, membershipId)));
    },

    async membershipOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: users.membershipId })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.id ?? null;
    },

    /** Sandbox subscriptions whose period has ended by `now`. */
    async dueSandbox(now: Date, limit: number): Promise<string[]> {
      const found = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            like(subscriptions.providerSubscriptionId, 'sub_sandbox_%'),
            lte(subscriptions.currentPeriodEnd, now),
            inArray(subscriptions.status, [...RUNNING]),
          ),
        )
        .limit(limit);
      return found.map((r) => r.id);
    },
  };
}
export type SelfServiceQueries = ReturnType<typeof selfServiceQueries>;

export function createSelfServiceRepository(db: Db) {
  return {
    ...selfServiceQueries(db),
    /** Runs fn in one transaction; `tx` lets a notification be stored with the change. */
    transaction<T>(fn: (queries: SelfServiceQueries, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(selfServiceQueries(tx as unknown as Db), tx as unknown as Db));
    },
  };
}
export type SelfServiceRepository = ReturnType<typeof createSelfServiceRepository>;
