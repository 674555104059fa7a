import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../constants';
import { MESSAGES } from '../messages';
import { type ShippingField, validateShippingForm } from '../validation/shipping';
import { CardToken } from './billing';
import { PromoCode } from './checkout';
import { Id } from './common';
import { MarketingTagName } from './marketing';
import { PatientUser } from './user';

/**
 * The `Idempotency-Key` header of `POST /v2/checkout`: one key per checkout the patient means to make (a
 * UUID made when the checkout page opens), sent again unchanged on every retry of it.
 */
export const IdempotencyKey = z
  .string({ error: 'An Idempotency-Key header is required.' })
  .trim()
  .min(8, 'The Idempotency-Key header must be 8 to 255 visible characters, e.g. a UUID.')
  .max(255, 'The Idempotency-Key header must be 8 to 255 visible characters, e.g. a UUID.')
  .regex(/^[\x21-\x7e]+$/, 'The Idempotency-Key header must be 8 to 255 visible characters, e.g. a UUID.');

const Text = z.string().max(200).default('');

/**
 * The address as the checkout form sends it (the body of PUT /users/{org}/{id}: shipping_info and, when the
 * form asked for it, the mobile number), checked by the form's own rules (000 §5). An invalid address
 * answers 400 with 002 §5's sentence first and each field's message after it.
 */
export const CheckoutShipping = z
  .object({
    shipping_info: z
      .object({
        first_name: Text,
        last_name: Text,
        street_address: Text,
        apt_suite: z.string().max(200).optional(),
        city: Text,
        state: z.string().max(20).default(''),
        zip_code: z.string().max(20).default(''),
        country: z.string().max(20).default(DEFAULT_COUNTRY),
        phone_number: z.string().max(30).default(''),
      })
      .strict(),
    mobile_number: z.string().max(30).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const errors = validateShippingForm({ ...value.shipping_info, mobile_number: value.mobile_number });
    const fields = Object.entries(errors) as [ShippingField, string][];
    if (!/^[A-Z]{2}$/.test(value.shipping_info.state) && !errors.state)
      fields.push(['state', MESSAGES.shippingStateRequired]);
    if (fields.length === 0) return;
    ctx.addIssue({ code: 'custom', message: MESSAGES.addressInvalidAtCheckout, path: [] });
    for (const [field, message] of fields)
      ctx.addIssue({
        code: 'custom',
        message,
        path: field === 'mobile_number' ? ['mobile_number'] : ['shipping_info', field],
      });
  });
export type CheckoutShipping = z.infer<typeof CheckoutShipping>;

/** A card typed in this checkout (the provider's token), or the saved card kept (or none, where none is needed). */
export const CheckoutPayment = z.discriminatedUnion('method', [
  z.object({ method: z.literal('new_card'), token: CardToken }).strict(),
  z.object({ method: z.literal('saved_card') }).strict(),
]);
export type CheckoutPayment = z.infer<typeof CheckoutPayment>;

/** One product of a signup checkout or a shop cart: the priced product and how many. */
export const CheckoutItem = z
  .object({
    product: Id,
    quantity: z.number().int().min(1).max(10).default(1),
  })
  .strict();
export type CheckoutItem = z.infer<typeof CheckoutItem>;

const common = {
  shipping: CheckoutShipping,
  payment: CheckoutPayment,
  promo_code: PromoCode.nullable().optional(),
  /** Tags set after the checkout, besides the documented ones of its kind (000 §4 "Marketing tags toggle"). */
  marketing_tags: z
    .array(z.object({ tag: MarketingTagName, status: z.enum(['active', 'inactive']) }).strict())
    .max(20)
    .optional(),
  /** Kept from the landing link; recorded with the first card (billing profile create). */
  referral: z
    .object({
      referral_id: z.string().max(128).nullable().optional(),
      affiliate_token: z.string().max(128).nullable().optional(),
    })
    .strict()
    .optional(),
  /**
   * The 'Total Due Now' the page showed, in cents. When sent, a checkout whose server total differs is
   * refused (409 TotalChanged) before anything is done, so a patient is never charged a figure they did not see.
   */
  expected_total: z.number().int().min(0).max(100_000_000).optional(),
};

const distinctProducts = (items: { product: string }[]) =>
  new Set(items.map((i) => i.product)).size === items.length;

/**
 * POST /v2/checkout: every checkout in one call (decision 013).
 * - `consultation` (000 §4 "Checkout submit"): the visit's intake, with the chosen membership price;
 * - `signup` (002 §4.4, §4.5): the one lab or supplement product of the signup checkout;
 * - `shop` (002 §2.7, the shop's checkout panel): a list of products.
 */
export const CheckoutRequest = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('consultation'),
      intake: Id,
      /** The membership chosen in the funnel; absent: the one recorded on the intake's products, if any. */
      membership: z.object({ membership: Id, price: Id }).strict().nullable().optional(),
      ...common,
    })
    .strict(),
  z
    .object({
      kind: z.literal('signup'),
      items: z.array(CheckoutItem).length(1, MESSAGES.noProductSelected),
      ...common,
    })
    .strict(),
  z
    .object({
      kind: z.literal('shop'),
      items: z
        .array(CheckoutItem)
        .min(1, MESSAGES.noProductSelected)
        .max(20)
        .refine(distinctProducts, 'Each product may appear once; set its quantity instead.'),
      ...common,
    })
    .strict(),
]);
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;
export type CheckoutRequestInput = z.input<typeof CheckoutRequest>;
export type CheckoutKind = CheckoutRequest['kind'];

/**
 * The steps a checkout runs, named in the Checkout-Step header of a failure (decision 013). A consultation
 * runs shipping, card, membership, coaching, intake, marketing; a signup or shop checkout shipping, card,
 * payment, orders, subscriptions, marketing.
 */
export const CHECKOUT_STEPS = [
  'shipping',
  'card',
  'membership',
  'coaching',
  'intake',
  'payment',
  'orders',
  'subscriptions',
  'marketing',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const CheckoutLineTotals = z.object({
  product: z.string(),
  sub_total: z.number().int(),
  savings: z.number().int(),
  special_discount: z.number().int(),
  total: z.number().int(),
  counted: z.boolean(),
  charged_now: z.number().int(),
});

/** Sub-Total, Savings, Special Discount, 'Total Due Now' and what the card was charged now, in cents. */
export const CheckoutTotalsBody = z.object({
  sub_total: z.number().int(),
  savings: z.number().int(),
  special_discount: z.number().int(),
  total_due_now: z.number().int(),
  charged_now: z.number().int(),
  currency: z.string(),
  lines: z.array(CheckoutLineTotals),
});
export type CheckoutTotalsBody = z.infer<typeof CheckoutTotalsBody>;

/** Where the patient goes next (000 §4 step 8; 002 §4.4, §4.5). */
export const CheckoutNext = z.object({
  kind: z.enum(['dashboard', 'coaching', 'lab', 'shop']),
  subscription: Id.nullable(),
  order: Id.nullable(),
});

/** The answer of a completed checkout; a retry with the same key answers it again. */
export const CheckoutResult = z.object({
  _id: Id,
  kind: z.enum(['consultation', 'signup', 'shop']),
  status: z.literal('completed'),
  intake: Id.nullable(),
  /** The coaching membership started by or found for this checkout. */
  membership_subscription: Id.nullable(),
  subscriptions: z.array(Id),
  orders: z.array(Id),
  promo_code: z.string().nullable(),
  totals: CheckoutTotalsBody,
  next: CheckoutNext,
  completed_at: z.string(),
  /** The patient as the checkout left them (address, card, membership, completed intake). */
  user: PatientUser,
});
export type CheckoutResult = z.infer<typeof CheckoutResult>;
