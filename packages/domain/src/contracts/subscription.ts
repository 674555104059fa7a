import { z } from 'zod';
import { PRESCRIPTION_CHANGE_TYPES } from '../dashboard/prescription-change';
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
  /**
   * Whether the template is one of the clinic's protocols (a card of protocol selection, its catalogue's
   * `settings.protocol`): such a subscription is the patient's main protocol (001 §4 label).
   */
  protocol: z.boolean().optional(),
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
  /** The setup fee (002 §3 one_time_fee) in cents, billed once with the first charge; present when there is one. */
  one_time_fee: z.number().int().optional(),
  /** When the fee was charged (ISO); null while it is still due with the first charge. */
  one_time_fee_paid_at: z.string().nullable().optional(),
  /** The price's trial in days (002 §3 trial_period_days); present when it has one. */
  trial_period_days: z.number().int().optional(),
  /** When the plan's trial ends (ISO): its first period is billed then. Present once the trial is set. */
  trial_ends_at: z.string().optional(),
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
  /**
   * While the subscription is trialing: when its free trial ends (ISO), the date its first period is billed.
   * Null otherwise.
   */
  trial_end: z.string().nullable().optional(),
  /** Unix seconds. */
  reschedule_date: z.number().nullable(),
  /** The payment provider's subscription id: null until a physician approves and billing starts. */
  subscription_id: z.string().nullable(),
  cancellation_info: z.object({
    renews_at: z.string().nullable().optional(),
    free_consultation_scheduled_date: z.string().nullable().optional(),
    cancellation_attempt: z.number().int(),
    /** The retention discount waiting for the next renewal, in percent. */
    renewal_percent_off: z.number().int().optional(),
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

// ── Self-service (001 §3, §4, §7; 002 §7.3) ────────────────────────────────────────────────────

export const PauseCollection = z.object({
  behavior: z.enum(['void', 'keep_as_draft', 'mark_uncollectible']),
  resumes_at: z.string().nullable().optional(),
});

/** The billing provider's view of a started subscription (001 §3 "Billing-provider subscription details"). */
export const SubscriptionBilling = z.object({
  id: z.string(),
  status: z.string(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  pause_collection: PauseCollection.nullable(),
  latest_invoice: z.string().nullable(),
  /** The next billing date as scheduled: the reschedule date, else the current period end (ISO). */
  scheduled_date: z.string(),
});
export type SubscriptionBilling = z.infer<typeof SubscriptionBilling>;

/** A bill of one period; its PDF comes from GET /subscriptions/{org}/invoice?type=&invoice={_id}. */
export const SubscriptionInvoice = z.object({
  _id: Id,
  number: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']),
  /** Cents. */
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  /** Where the invoice's PDF is read (001 §3 "invoice has invoice_pdf"): this API's path, with the patient's token. */
  invoice_pdf: z.string(),
});
export type SubscriptionInvoice = z.infer<typeof SubscriptionInvoice>;

/** A subscription with its billing record (null until billing started) and invoices, newest first. */
export const SubscriptionDetails = Subscription.extend({
  billing: SubscriptionBilling.nullable(),
  invoices: z.array(SubscriptionInvoice),
  pause_reason: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  canceled_at: z.string().nullable(),
});
export type SubscriptionDetails = z.infer<typeof SubscriptionDetails>;

export const PrescriptionContract = z.object({
  _id: z.string(),
  physician_id: z.string().optional(),
  medication: z.object({
    name: z.string(),
    strength: z.string().optional(),
    patient_instructions: z.string(),
    expiration_date: z.string(),
    refills: z.number().int().optional(),
  }),
});
export type PrescriptionContract = z.infer<typeof PrescriptionContract>;

/** A chosen reason id, or the patient's own words for 'Other' (001 §5: never empty). */
const Reason = z.string().trim().min(1, 'Please choose a reason.').max(1000);

export const PauseSubscriptionBody = z.object({ data: z.object({ pause_reason: Reason }).strict() }).strict();
export const CancelSubscriptionBody = z
  .object({ data: z.object({ cancel_reason: Reason }).strict() })
  .strict();
export const ResumeSubscriptionBody = z
  .object({
    data: z
      .object({ shipNow: z.boolean().default(false) })
      .strict()
      .default({ shipNow: false }),
  })
  .strict();
/** new_time: milliseconds or unix seconds, read by magnitude (001 §7). */
export const RescheduleSubscriptionBody = z
  .object({ new_time: z.number().int().positive().max(8.64e15) })
  .strict();
export const CancellationInfoBody = z.object({ incrementCancellationAttempt: z.boolean() }).strict();

/** The answer of POST /v2/subscriptions/{id}/request-prescription-change (001 §7). */
export const PrescriptionChangeResult = z.object({
  _id: Id,
  subscription: Id,
  status: z.literal('prescription_requested'),
  requestType: z.enum(PRESCRIPTION_CHANGE_TYPES),
  comment: z.string().nullable(),
  created_at: z.string(),
});
