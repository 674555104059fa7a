import { z } from 'zod';
import { DISCOUNT_CODE_MAX } from '../constants';
import { MESSAGES } from '../messages';
import { normalizeDiscountCode, validateDiscountCode } from '../validation/discount-code';
import { Id } from './common';

/** Card brands accepted (001 §2 Payment information). */
export const CARD_BRANDS = ['Visa', 'MasterCard', 'Discover', 'American Express'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The saved card as shown in settings and checkout (001 §3, 002 §7.2). */
export const Card = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type Card = z.infer<typeof Card>;

/**
 * A card token from the payment provider's browser library (Stripe.js: `pm_…`, `tok_…`; the sandbox:
 * `tok_…`). Never a card number: only these characters, and a provider prefix is checked by the adapter.
 */
export const CardToken = z
  .string()
  .min(1, MESSAGES.formPaymentRequired)
  .max(512)
  .regex(/^[A-Za-z0-9_.-]+$/, MESSAGES.invalidCreditCard);

const ReferralText = z.string().max(128);

/** POST /billing/{org}/patient/{user}/billing/profile/create and /users/{org}/{user}/billing/profile/create. */
export const BillingProfileBody = z
  .object({
    token: CardToken,
    organization: Id.optional(),
    user_id: Id.optional(),
    referral_id: ReferralText.nullable().optional(),
    affiliate_token: ReferralText.nullable().optional(),
  })
  .strict();
export type BillingProfileBody = z.infer<typeof BillingProfileBody>;

/** PUT /users/{org}/{id}/add-card: the client sends charge false, new_user false, charge_amount null. */
export const AddCardBody = z
  .object({
    token: CardToken,
    user: Id.optional(),
    charge: z.boolean().optional(),
    new_user: z.boolean().optional(),
    charge_amount: z.number().int().min(0).max(100_000_000).nullable().optional(),
  })
  .strict();
export type AddCardBody = z.infer<typeof AddCardBody>;

/** The patient's billing profile after a card was saved. */
export const BillingProfile = z.object({
  user_id: Id,
  stripe_id: z.string(),
  has_card_source: z.boolean(),
  stripe_profile: z.object({ default_source: z.string() }),
  card: Card,
});
export type BillingProfile = z.infer<typeof BillingProfile>;

/** Which provider tokenises cards in the browser, and its publishable key (null for the sandbox). */
export const PaymentsConfig = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  publishable_key: z.string().nullable(),
  /** Where the browser sends card details when the sandbox is active. */
  tokens_url: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/**
 * GET /organization/{org}/merchant (002 §7.7): the clinic's public payment details for the card field — who
 * charges the card (the clinic's name), in which country and currency, and how the browser tokenises it.
 * Nothing secret: the publishable key is public by design.
 */
export const Merchant = PaymentsConfig.extend({
  organization: z.string(),
  name: z.string(),
  country: z.literal('US'),
  currency: z.literal('usd'),
  support_email: z.string().nullable(),
});
export type Merchant = z.infer<typeof Merchant>;

const DigitsOrNumber = (maxDigits: number) =>
  z
    .union([
      z
        .number()
        .int()
        .min(0)
        .max(10 ** maxDigits - 1),
      z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{1,${maxDigits}}$`), 'Must be a number.'),
    ])
    .transform((v) => Number(v));

/** POST /sandbox/payments/tokens: what the card form sends to the sandbox (Stripe.js stand-in). */
export const SandboxCardBody = z
  .object({
    number: z.string().max(32),
    exp_month: DigitsOrNumber(2),
    exp_year: DigitsOrNumber(4),
    cvc: z.string().max(8),
  })
  .strict();
export type SandboxCardBody = z.input<typeof SandboxCardBody>;

export const SandboxToken = z.object({
  id: z.string(),
  object: z.literal('token'),
  livemode: z.literal(false),
  card: Card,
});
export type SandboxToken = z.infer<typeof SandboxToken>;

/** A discount code in the path, checked by the same rules as the form (000 §5), trimmed. */
export const DiscountCodeParam = z
  .string()
  .max(DISCOUNT_CODE_MAX * 10, MESSAGES.discountCodeTooLong)
  .superRefine((value, ctx) => {
    const message =
      validateDiscountCode(value) ?? (value.trim() === '' ? MESSAGES.discountCodeInvalid : undefined);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normalizeDiscountCode);

/** POST /v2/cart/coupon/{code}: the products in the cart, priced product ids or product template ids. */
export const CouponBody = z
  .object({
    products: z
      .array(
        z
          .object({
            product: Id,
            quantity: z.number().int().min(1).max(1000).default(1),
          })
          .strict(),
      )
      .min(1, MESSAGES.noProductSelected)
      .max(50),
  })
  .strict();
export type CouponBody = z.input<typeof CouponBody>;

/** 000 §3 "Coupon discount": the code and, per product id sent, the percentage off. */
export const CouponDiscount = z.object({
  promoCode: z.string(),
  productDiscounts: z.record(z.string(), z.object({ discount: z.number() })),
});
export type CouponDiscount = z.infer<typeof CouponDiscount>;
