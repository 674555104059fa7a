import { z } from 'zod';
import { PromoCode } from './checkout';
import { Id } from './common';

/** Subscription statuses (001 §4 "Subscription statuses and labels"). */
export const SUBSCRIPTION_STATUSES = [
  'awaiting_physician_review',
  'created',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
  'rescheduled',
  'prescription_requested',
  'paused_by_reschedule',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The product template as a subscription's product plan shows it (001 §3). */
export const SubscriptionProductTemplate = z.object({
  _id: Id,
  name: z.string(),
  product_name: z.string(),
  product_images: z.array(z.string()),
  membership: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
});

export const SubscriptionProductPlan = z.object({
  product_template: SubscriptionProductTemplate.nullable(),
  /** The priced product (or the membership price of a membership). */
  product: z.string(),
  quantity: z.number().int(),
  /** Months per billing period. */
  duration: z.number().int(),
  /** Cents per billing period at the time of purchase. */
  unit_amount: z.number().int(),
  dosage: z.string().optional(),
  frequency: z.string().optional(),
});

/** A subscription (001 §3 Subscription). Created awaiting physician review; nothing is billed until approval. */
export const Subscription = z.object({
  _id: Id,
  status: z.enum(SUBSCRIPTION_STATUSES),
  type: z.enum(['medication', 'lab', 'supplement', 'coaching_membership']),
  name: z.string(),
  duration: z.number().int(),
  product_plans: z.array(SubscriptionProductPlan),
  prescriptions: z.array(z.unknown()),
  schedule_details: z.object({ phases: z.array(z.object({ start_date: z.string() })) }).nullable(),
  current_period_start: z.string().nullable(),
  /** Unix seconds. */
  reschedule_date: z.number().nullable(),
  /** The payment provider's subscription id: null until a physician approves and billing starts. */
  subscription_id: z.string().nullable(),
  cancellation_info: z.object({
    renews_at: z.string().nullable().optional(),
    free_consultation_scheduled_date: z.string().nullable().optional(),
    cancellation_attempt: z.number().int(),
  }),
  coaching_info: z
    .object({
      appointment_start_time: z.string().nullable().optional(),
      appointment_end_time: z.string().nullable().optional(),
      appointment_link: z.string().nullable().optional(),
    })
    .nullable(),
  intake: Id.nullable(),
  membership: Id.nullable(),
  promo_code: z.string().nullable(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;

/** POST /v2/subscriptions/product/{productId} (002 §7.3; 000 §4 "Checkout submit" step 4). */
export const CreateSubscriptionBody = z
  .object({
    quantity: z.number().int().min(1).max(1000).default(1),
    promo_code: PromoCode.nullable().optional(),
    /** The visit the subscription comes from; it is added to the intake's subscriptions. */
    intake: Id.nullable().optional(),
  })
  .strict();
export type CreateSubscriptionBody = z.input<typeof CreateSubscriptionBody>;

/** POST /memberships/{org}/membership/{id}/price/{priceId}/start (000 §7, 002 §7.4). */
export const StartMembershipBody = z
  .object({
    data: z
      .object({
        patient_id: Id,
        stripe_customer_id: z.string().max(64).nullable().optional(),
      })
      .strict(),
  })
  .strict();
export type StartMembershipBody = z.infer<typeof StartMembershipBody>;
