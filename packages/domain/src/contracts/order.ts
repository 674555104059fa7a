import { z } from 'zod';
import { PromoCode } from './checkout';
import { Id } from './common';

export const ORDER_STATUSES = [
  'created',
  'submitted',
  'paid',
  'fulfilled',
  'canceled',
  'refunded',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * POST /v2/orders/patient (002 §7.2). The server names the order itself (orderName); a `name` sent by the
 * client is accepted for compatibility and not stored.
 */
export const CreateOrderBody = z
  .object({
    name: z.string().max(200).optional(),
    product_template: Id,
    product: Id,
    quantity: z.number().int().min(1).max(10).default(1),
    promo_code: PromoCode.nullable().optional(),
  })
  .strict();
export type CreateOrderBody = z.input<typeof CreateOrderBody>;

/** A one-time purchase with its price snapshot in cents (002 §3 Order). */
export const Order = z.object({
  _id: Id,
  name: z.string(),
  user: Id,
  organization: Id,
  product_template: Id,
  product: Id,
  product_name: z.string(),
  product_type: z.string(),
  /** The template's first image. Always sent; optional for fixtures written before it existed. */
  product_image: z.string().nullable().optional(),
  quantity: z.number().int(),
  promo_code: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  subtotal_amount: z.number().int(),
  discount_amount: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  submitted_at: z.string().nullable(),
  /** The invoice issued when the order was paid (GET /v2/orders/{id}/invoice); null before payment. */
  invoice_id: Id.nullable().optional(),
  created_at: z.string(),
});
export type Order = z.infer<typeof Order>;
