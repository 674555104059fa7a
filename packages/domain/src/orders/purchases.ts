import { z } from 'zod';
import { PurchaseFulfilment } from '../contracts/fulfilment';
import { ORDER_STATUSES } from '../contracts/order';
import { SUBSCRIPTION_STATUSES } from '../contracts/subscription';
import { PURCHASE_PRODUCT_TYPES } from './purchase-status';

/** Purchases per page of the showcase. */
export const PURCHASES_PAGE_SIZE = 10;

/** Any order or subscription status: a filter value applies to both kinds. */
export const PURCHASE_STATUSES = [...new Set([...ORDER_STATUSES, ...SUBSCRIPTION_STATUSES])] as [
  string,
  ...string[],
];

/** GET /v2/users/purchases-showcase query (002 §7.2). */
export const PurchasesQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    productType: z.enum(PURCHASE_PRODUCT_TYPES).optional(),
    status: z.enum(PURCHASE_STATUSES).optional(),
  })
  .strict();
export type PurchasesQuery = z.input<typeof PurchasesQuery>;

/** One purchase: a one-time order or a subscription, with its product. Amounts in cents. */
export const Purchase = z.object({
  _id: z.string(),
  kind: z.enum(['order', 'subscription']),
  name: z.string(),
  product_name: z.string(),
  product_image: z.string().nullable(),
  product_type: z.string(),
  status: z.string(),
  status_label: z.string(),
  /** An order's total, or a subscription's price per billing period. */
  amount: z.number().int(),
  currency: z.string(),
  /** Months per billing period of a subscription; null for an order. */
  billing_months: z.number().int().nullable(),
  /** The paid invoice of an order (GET /v2/orders/{id}/invoice), or a subscription's latest one. */
  invoice_id: z.string().nullable(),
  created_at: z.string(),
  /**
   * The latest parcel sent for it (a subscription ships at its approval and each renewal): its step and
   * tracking. Null when nothing ships yet; optional for fixtures written before it existed.
   */
  fulfilment: PurchaseFulfilment.nullable().optional(),
});
export type Purchase = z.infer<typeof Purchase>;

export const PurchasesPage = z.object({
  docs: z.array(Purchase),
  page: z.number().int(),
  totalPages: z.number().int(),
  totalDocs: z.number().int(),
  limit: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
  /** The product types and statuses the patient has purchases in, for the filter choices. */
  filters: z.object({
    productTypes: z.array(z.string()),
    statuses: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
});
export type PurchasesPage = z.infer<typeof PurchasesPage>;

export const PurchaseInvoice = z.object({
  _id: z.string(),
  status: z.string(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type PurchaseInvoice = z.infer<typeof PurchaseInvoice>;

/** GET /v2/users/purchases-showcase/{orderId}/details. */
export const PurchaseDetails = Purchase.extend({
  product_description: z.string().nullable(),
  quantity: z.number().int(),
  subtotal_amount: z.number().int(),
  discount_amount: z.number().int(),
  promo_code: z.string().nullable(),
  submitted_at: z.string().nullable(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /**
   * When an order was fulfilled: shipped, or for a lab sent on to the lab; for a subscription, when its
   * latest parcel shipped. Null until then. Always sent; optional for fixtures written before it existed.
   */
  fulfilled_at: z.string().nullable().optional(),
  invoices: z.array(PurchaseInvoice),
});
export type PurchaseDetails = z.infer<typeof PurchaseDetails>;
