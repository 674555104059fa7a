import type { Order } from '@portal/domain/contracts/order';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import type { RowOf } from '../../db/row-of';
import { couponRedemptions, coupons } from '../../db/schema/billing';
import { labPanels, labReports } from '../../db/schema/labs';
import { type OrderStatus, orders } from '../../db/schema/orders';
import { organizations } from '../../db/schema/organizations';
import { products, productTemplates } from '../../db/schema/products';
import { invoices } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { checkoutQueries } from '../checkout/checkout.repository';
import { productOnSale } from '../products/on-sale';

const ID = /^[0-9a-f]{24}$/i;

const orderColumns = {
  id: orders.id,
  name: orders.name,
  userId: orders.userId,
  organizationId: orders.organizationId,
  productTemplateId: orders.productTemplateId,
  productId: orders.productId,
  quantity: orders.quantity,
  promoCode: orders.promoCode,
  status: orders.status,
  subtotalAmount: orders.subtotalAmount,
  discountAmount: orders.discountAmount,
  amount: orders.amount,
  currency: orders.currency,
  providerPaymentId: orders.providerPaymentId,
  submittedAt: orders.submittedAt,
  createdAt: orders.createdAt,
  // the patient-facing name (the showcase's and the invoice's), never the template's short internal one
  productName: productTemplates.productName,
  productType: productTemplates.type,
  productImages: productTemplates.productImages,
};
export type OrderRow = RowOf<typeof orderColumns>;

/** An order and the id of the invoice issued when it was paid, if any. */
export function toOrder(row: OrderRow, invoiceId: string | null = null): Order {
  return {
    _id: row.id,
    name: row.name,
    user: row.userId,
    organization: row.organizationId,
    product_template: row.productTemplateId,
    product: row.productId,
    product_name: row.productName,
    product_type: row.productType,
    product_image: row.productImages[0] ?? null,
    quantity: row.quantity,
    promo_code: row.promoCode,
    status: row.status,
    subtotal_amount: row.subtotalAmount,
    discount_amount: row.discountAmount,
    amount: row.amount,
    currency: row.currency,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    invoice_id: invoiceId,
    created_at: row.createdAt.toISOString(),
  };
}

export type NewOrder = {
  name: string;
  userId: string;
  organizationId: string;
  productTemplateId: string;
  productId: string;
  quantity: number;
  promoCode: string | null;
  subtotalAmount: number;
  discountAmount: number;
  amount: number;
  currency: string;
};

function orderQueries(db: Db) {
  const withTemplate = () =>
    db
      .select(orderColumns)
      .from(orders)
      .innerJoin(productTemplates, eq(productTemplates.id, orders.productTemplateId));

  return {
    lockCoupon: checkoutQueries(db).lockCoupon,

    /** An active priced product of the organization with its active template. */
    async findProduct(organizationId: string, productId: string) {
      if (!ID.test(productId)) return undefined;
      const [row] = await db
        .select({
          id: products.id,
          templateId: products.productTemplateId,
          pricingType: products.pricingType,
          unitAmount: products.unitAmount,
          currency: products.currency,
          templateName: productTemplates.name,
          templateType: productTemplates.type,
        })
        .from(products)
        .innerJoin(productTemplates, eq(productTemplates.id, products.productTemplateId))
        .where(and(eq(products.id, productId), productOnSale(organizationId)))
        .limit(1);
      return row;
    },

    async insert(values: NewOrder): Promise<string> {
      const [row] = await db.insert(orders).values(values).returning({ id: orders.id });
      return row!.id;
    },

    async find(id: string): Promise<OrderRow | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await withTemplate().where(eq(orders.id, id)).limit(1);
      return row;
    },

    /** The order's status, held until the transaction ends so a second submit waits here. */
    async lockStatus(id: string): Promise<OrderStatus | undefined> {
      const [row] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, id))
        .limit(1)
        .for('update');
      return row?.status;
    },

    async setStatus(
      id: string,
      changes: { status: OrderStatus; submittedAt?: Date | null; providerPaymentId?: string | null },
    ): Promise<void> {
      await db.update(orders).set(changes).where(eq(orders.id, id));
    },

    /** Records the coupon's use by the order and counts it once. */
    async redeem(r: {
      couponId: string;
      userId: string;
      organizationId: string;
      orderId: string;
      amountOff: number;
    }): Promise<void> {
      await db.insert(couponRedemptions).values(r);
      await db
        .update(coupons)
        .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1`, updatedAt: new Date() })
        .where(eq(coupons.id, r.couponId));
    },

    /** What the submit needs of the patient: the provider customer and the states to check. */
    async payer(userId: string) {
      const [row] = await db
        .select({ stripeId: users.stripeId, state: users.state, shippingInfo: users.shippingInfo })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /**
     * A paid lab's report, waiting for the clinic (issue 14): the patient's lab list shows it as Visit Form
     * Pending and the care team's lab orders list it as created. One per order, whichever path paid it; a
     * lab product without a panel opens none.
     */
    async openLabReport(order: OrderRow): Promise<void> {
      if (order.productType !== 'lab') return;
      await db.execute(sql`
        insert into ${labReports} (id, user_id, organization_id, panel_id, order_id, status)
        select ${newId()}, ${order.userId}, ${order.organizationId}, p.id, ${order.id}, 'created'
          from ${labPanels} p
         where p.organization_id = ${order.organizationId} and p.product_template_id = ${order.productTemplateId}
           and not exists (select 1 from ${labReports} r where r.order_id = ${order.id})
         order by p.created_at, p.id
         limit 1`);
    },

    /** Issues the invoice of a paid order: the charged amount, paid now. */
    async issueInvoice(order: OrderRow, paidAt: Date): Promise<void> {
      await db.insert(invoices).values({
        organizationId: order.organizationId,
        userId: order.userId,
        orderId: order.id,
        amountDue: order.amount,
        amountPaid: order.amount,
        currency: order.currency,
        status: 'paid',
        paidAt,
        createdAt: paidAt,
      });
    },

    /** The latest paid invoice of each order, in one read on invoices_order_id_idx. */
    async paidInvoices(orderIds: string[]): Promise<Map<string, string>> {
      if (orderIds.length === 0) return new Map();
      const found = await db
        .select({ id: invoices.id, orderId: invoices.orderId })
        .from(invoices)
        .where(and(inArray(invoices.orderId, orderIds), eq(invoices.status, 'paid')))
        .orderBy(invoices.createdAt);
      // Ascending, so a later invoice of the same order overwrites an earlier one.
      return new Map(found.map((i) => [i.orderId!, i.id]));
    },

    /** The invoice of a paid order with who issued it and to whom, for its PDF. */
    async invoiceOf(orderId: string) {
      const [row] = await db
        .select({
          id: invoices.id,
          amountDue: invoices.amountDue,
          amountPaid: invoices.amountPaid,
          currency: invoices.currency,
          paidAt: invoices.paidAt,
          createdAt: invoices.createdAt,
          brandName: organizations.name,
          brandSettings: organizations.settings,
          firstName: users.firstName,
          lastName: users.lastName,
          shippingInfo: users.shippingInfo,
        })
        .from(invoices)
        .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(and(eq(invoices.orderId, orderId), eq(invoices.status, 'paid')))
        .orderBy(desc(invoices.createdAt))
        .limit(1);
      return row;
    },

    async listForPatient(userId: string, limit = 200): Promise<OrderRow[]> {
      return withTemplate()
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
    },
  };
}
export type OrderQueries = ReturnType<typeof orderQueries>;

export function createOrdersRepository(db: Db) {
  return {
    ...orderQueries(db),

    async ownerOf(id: string): Promise<{ userId: string; organizationId: string } | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await db
        .select({ userId: orders.userId, organizationId: orders.organizationId })
        .from(orders)
        .where(eq(orders.id, id))
        .limit(1);
      return row;
    },

    transaction<T>(fn: (queries: OrderQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(orderQueries(tx as unknown as Db)));
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
