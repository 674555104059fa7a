import { RESTRICTED_LAB_STATES } from '@portal/domain/constants';
import type { Order } from '@portal/domain/contracts/order';
import { MESSAGES } from '@portal/domain/messages';
import { orderName } from '@portal/domain/orders/order-name';
import { specialDiscountCents } from '@portal/domain/pricing/plan-pricing';
import { ApiError, Errors } from '../../platform/errors';
import type { PaymentAdapter } from '../../platform/payments/adapter';
import { type InvoicePdfData, renderInvoicePdf } from '../../platform/pdf/invoice-pdf';
import { couponRedeemable } from '../billing/billing.service';
import type { Notifier } from '../notifications/notifier';
import { type OrdersRepository, toOrder } from './orders.repository';

export type CreateOrderInput = {
  productTemplateId: string;
  productId: string;
  quantity: number;
  promoCode: string | null;
};

/** States a submitted order is checked against; a shipping state wins over the profile's. */
function patientState(payer: {
  state: string | null;
  shippingInfo: { state?: string } | null;
}): string | null {
  return payer.shippingInfo?.state || payer.state || null;
}

/** Orders that were already handed to payment answer as they are: a retried submit charges once. */
const SUBMITTED = new Set(['submitted', 'paid', 'fulfilled']);

/**
 * One-time purchases (002 §4.1, §4.4): an order is created with a price snapshot, then submitted once,
 * which charges the patient's default card for the snapshot amount.
 */
export function createOrdersService(deps: {
  repo: OrdersRepository;
  payments: PaymentAdapter;
  notifier?: Pick<Notifier, 'notify'>;
}) {
  const { repo, payments } = deps;

  async function present(id: string): Promise<Order> {
    const row = await repo.find(id);
    if (!row) throw Errors.notFound('The order');
    const invoiced = await repo.paidInvoices([row.id]);
    return toOrder(row, invoiced.get(row.id) ?? null);
  }

  return {
    /** POST /v2/orders/patient: the price is the product's, times the quantity, less an applicable coupon. */
    async create(userId: string, organizationId: string, input: CreateOrderInput, now = new Date()) {
      const product = await repo.findProduct(organizationId, input.productId);
      if (!product) throw Errors.notFound('The product');
      if (product.templateId !== input.productTemplateId)
        throw Errors.badRequest('The product does not belong to this product template.');
      if (product.pricingType !== 'one_time')
        throw Errors.badRequest(
          'This product is billed as a subscription: subscribe to it instead.',
          'NotOneTime',
        );

      const id = await repo.transaction(async (r) => {
        const coupon = input.promoCode ? await r.lockCoupon(organizationId, input.promoCode) : undefined;
        const applies =
          coupon && couponRedeemable(coupon, now) && coupon.appliesTo.includes(product.templateId)
            ? coupon
            : null;
        const subtotal = product.unitAmount * input.quantity;
        const discount = applies ? specialDiscountCents(subtotal, applies.percentOff) : 0;
        return r.insert({
          name: orderName(now, product.templateName),
          userId,
          organizationId,
          productTemplateId: product.templateId,
          productId: product.id,
          quantity: input.quantity,
          promoCode: applies?.code ?? null,
          subtotalAmount: subtotal,
          discountAmount: discount,
          amount: subtotal - discount,
          currency: product.currency,
        });
      });
      return present(id);
    },

    /**
     * POST /v2/orders/{orderId}/submit, by the patient who owns the order: a lab cannot be sold to NY, NJ
     * or RI; the order is claimed in a locked read so only one request charges, then marked paid. A failed
     * charge puts it back to created so the patient can retry with another card.
     */
    async submit(userId: string, orderId: string): Promise<Order> {
      const order = await repo.find(orderId);
      if (!order || order.userId !== userId) throw Errors.notFound('The order');
      if (SUBMITTED.has(order.status)) return present(orderId);
      if (order.status !== 'created')
        throw Errors.badRequest('This order can no longer be submitted.', 'WrongOrderState');

      const payer = await repo.payer(userId);
      const state = payer ? patientState(payer) : null;
      if (
        order.productType === 'lab' &&
        state &&
        (RESTRICTED_LAB_STATES as readonly string[]).includes(state)
      )
        throw Errors.badRequest(MESSAGES.labRestrictedState, 'InvalidState');
      const customerId = payer?.stripeId;
      if (order.amount > 0 && (!customerId || !payments.ownsCustomer(customerId)))
        throw new ApiError(400, 'MissingCard', MESSAGES.missingCardAndAccount);

      const claimed = await repo.transaction(async (r) => {
        if ((await r.lockStatus(orderId)) !== 'created') return false;
        await r.setStatus(orderId, { status: 'submitted', submittedAt: new Date() });
        return true;
      });
      if (!claimed) return present(orderId);

      let paymentId: string | null = null;
      if (order.amount > 0 && customerId) {
        try {
          ({ paymentId } = await payments.charge({
            customerId,
            amount: order.amount,
            currency: order.currency,
            description: order.name,
            idempotencyKey: `order-${orderId}`,
          }));
        } catch (error) {
          await repo.setStatus(orderId, { status: 'created', submittedAt: null });
          throw error;
        }
      }
      // The invoice is issued with the payment, in the same transaction: a paid order always has one.
      await repo.transaction(async (r) => {
        await r.setStatus(orderId, { status: 'paid', providerPaymentId: paymentId });
        await r.issueInvoice(order, new Date());
        await r.openLabReport(order);
        const coupon = order.promoCode
          ? await r.lockCoupon(order.organizationId, order.promoCode)
          : undefined;
        if (coupon)
          await r.redeem({
            couponId: coupon.id,
            userId,
            organizationId: order.organizationId,
            orderId,
            amountOff: order.discountAmount,
          });
      });
      await deps.notifier?.notify(userId, order.organizationId, {
        category: 'order',
        message: `We received your payment for ${order.productName}. Your order is being prepared.`,
        data: { type: 'other', orderId },
      });
      return present(orderId);
    },

    async listForPatient(userId: string): Promise<Order[]> {
      const rows = await repo.listForPatient(userId);
      const invoiced = await repo.paidInvoices(rows.map((r) => r.id));
      return rows.map((r) => toOrder(r, invoiced.get(r.id) ?? null));
    },

    /**
     * GET /v2/orders/{id}/invoice: the PDF of the invoice issued when the order was paid. An order not paid
     * yet has none (404). The PDF is rendered on each request from the stored figures, so it never drifts
     * from them and nothing is kept on disk.
     */
    async invoicePdf(orderId: string): Promise<{ fileName: string; pdf: Buffer }> {
      const order = await repo.find(orderId);
      if (!order) throw Errors.notFound('The order');
      const invoice = await repo.invoiceOf(orderId);
      if (!invoice) throw Errors.notFound('The invoice');
      const number = invoiceNumber(invoice.id, invoice.createdAt);
      const ship = invoice.shippingInfo;
      const address = ship
        ? [
            [ship.street_address, ship.apt_suite].filter(Boolean).join(', '),
            [ship.city, [ship.state, ship.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          ].filter(Boolean)
        : [];
      const data: InvoicePdfData = {
        brandName: invoice.brandName,
        brandColor: invoice.brandSettings.brand?.primary_color,
        invoiceNumber: number,
        issuedAt: invoice.paidAt ?? invoice.createdAt,
        statusLabel: 'Paid',
        lines: [
          {
            description: order.productName,
            quantity: order.quantity,
            amount: order.subtotalAmount,
          },
        ],
        subtotal: order.subtotalAmount,
        discount: order.discountAmount,
        total: invoice.amountPaid,
        currency: invoice.currency,
        patient: { name: `${invoice.firstName} ${invoice.lastName}`, address },
      };
      return { fileName: `invoice-${number}.pdf`, pdf: await renderInvoicePdf(data) };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;

/** A readable invoice number: the issue month and the id's last 8 characters, e.g. INV-202611-3FA9C21B. */
export function invoiceNumber(id: string, issuedAt: Date): string {
  const month = issuedAt.toISOString().slice(0, 7).replace('-', '');
  return `INV-${month}-${id.slice(-8).toUpperCase()}`;
}
