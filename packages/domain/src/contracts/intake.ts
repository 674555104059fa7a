import { z } from 'zod';
import { Id } from './common';

/** A product selected on an intake: a product template, and the priced variant once configured (000 §3). */
export const IntakeProduct = z.object({
  product_template: Id,
  product: Id.nullable().optional(),
  quantity: z.number().optional(),
  frequency: z.string().optional(),
  dosage: z.string().optional(),
  shipping: z.object({ months: z.number(), non_recurring: z.boolean().optional() }).optional(),
  membership: z.string().nullable().optional(),
  referrer: z.string().optional(),
  is_addon: z.boolean().optional(),
  treatment_properties: z
    .object({
      duration: z.number().optional(),
      has_custom_quantity: z.boolean().optional(),
      membership_price: z.string().nullable().optional(),
      product: z.string().optional(),
      product_template: z.string().optional(),
      quantity: z.number().optional(),
      stripe_plan_id: z.string().nullable().optional(),
      recommendation_requested: z.boolean().optional(),
      comment: z.string().optional(),
    })
    .optional(),
});
export type IntakeProduct = z.infer<typeof IntakeProduct>;

/** An answer to a follow-up question, kept under its parent's response. */
export const IntakeChildResponse = z.object({
  _id: Id,
  question: Id,
  response: z.array(Id),
  free_format_response: z.string().nullable(),
});
export type IntakeChildResponse = z.infer<typeof IntakeChildResponse>;

/** An answer (000 §3): chosen option ids or a free text, with the follow-up answers. */
export const IntakeResponse = IntakeChildResponse.extend({
  child_responses: z.array(IntakeChildResponse),
});
export type IntakeResponse = z.infer<typeof IntakeResponse>;

export const ImageVerification = z.object({
  profile_image_url: z.string().nullable().optional(),
  id_image_url: z.string().nullable().optional(),
});
export const AwaitingPatientUpdate = z.object({
  is_awaiting: z.boolean(),
  reason: z.string().nullable().optional(),
  hold_date: z.string().nullable().optional(),
});

export const IntakeStatus = z.object({
  questions: z.object({ total: z.number().int() }),
  complete: z.object({ total: z.number().int() }),
  incomplete: z.object({ total: z.number().int() }),
});
export type IntakeStatus = z.infer<typeof IntakeStatus>;

/** One patient's visit (000 §3): an instance of an intake template with its answers and products. */
export const Intake = z.object({
  _id: Id,
  user: Id,
  organization: Id,
  intake_template: Id,
  /** Number of top-level questions. */
  total_steps: z.number().int(),
  products: z.array(IntakeProduct),
  subscriptions: z.array(Id),
  /** One per top-level question, in question order. */
  intake_responses: z.array(IntakeResponse),
  bundle_support: z.boolean(),
  image_verification: ImageVerification,
  awaiting_patient_update: AwaitingPatientUpdate,
  status: IntakeStatus,
  patient_complete: z.boolean(),
  physician_review: z.boolean(),
  closed: z.boolean(),
  expires_at: z.string().nullable(),
  /** When the patient submitted the visit for review (null while incomplete). */
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Intake = z.infer<typeof Intake>;

/** Longest assistance comment a patient may leave with a dose recommendation request. */
export const TREATMENT_COMMENT_MAX = 1000;

/**
 * One configured product of POST /v2/intakes/{id}/products (000 §3 "Selected configuration"): the priced
 * product with the monthly quantity, dosing frequency label and strength the patient chose.
 */
export const IntakeProductConfiguration = z
  .object({
    product: Id,
    quantity: z.number().int().min(1).max(1000).optional(),
    frequency: z.string().min(1).max(100).optional(),
    dosage: z.string().min(1).max(50).optional(),
    membership: Id.nullable().optional(),
    treatment_properties: z
      .object({
        recommendation_requested: z.boolean().optional(),
        comment: z.string().max(TREATMENT_COMMENT_MAX).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type IntakeProductConfiguration = z.infer<typeof IntakeProductConfiguration>;

/** Body of POST and DELETE /v2/intakes/{id}/products: ids (templates or priced products) or configurations. */
export const IntakeProductsBody = z
  .object({
    products: z
      .array(z.union([Id, IntakeProductConfiguration]))
      .min(1)
      .max(20),
  })
  .strict();
export type IntakeProductsBody = z.infer<typeof IntakeProductsBody>;

/* Bodies of the intake calls (000 §7). */
const INTAKE_TEXT_MAX = 5000;
const INTAKE_URL_MAX = 2048;
const IntakeOptionIds = z.array(Id).max(50);
const IntakeFreeText = z.string().max(INTAKE_TEXT_MAX);

/** POST /users/{org}/user/{userId}/template/{templateId}: also sent with pharmacy_verification true. */
export const IntakeCreateBody = z.object({ pharmacy_verification: z.boolean() }).partial().strict().nullish();

/** PUT .../intake/{intake}: the fields of 000 §7 a patient changes. */
export const IntakeUpdateBody = z
  .object({
    subscriptions: z.array(Id).max(50),
    image_verification: z
      .object({
        profile_image_url: z.string().max(INTAKE_URL_MAX).nullable(),
        id_image_url: z.string().max(INTAKE_URL_MAX).nullable(),
      })
      .partial()
      .strict(),
    awaiting_patient_update: z
      .object({
        is_awaiting: z.boolean(),
        reason: z.string().max(500).nullable().optional(),
        hold_date: z.string().max(40).nullable().optional(),
      })
      .strict(),
  })
  .partial()
  .strict();

/** Option ids (radio, checkbox; a single id is taken as a list of one) or a free text answer. */
export const IntakeAnswerBody = z
  .object({
    response: z.union([Id, IntakeOptionIds]).transform((v) => (typeof v === 'string' ? [v] : v)),
    free_format_response: IntakeFreeText,
  })
  .partial()
  .strict();

export const IntakeChildAnswersBody = z
  .object({
    responses: z
      .array(
        z
          .object({
            question: Id,
            is_free_format: z.boolean(),
            free_format_response: IntakeFreeText.optional(),
            response: IntakeOptionIds.optional(),
          })
          .strict(),
      )
      .min(1)
      .max(20),
  })
  .strict();

export const IntakeExpirationBody = z
  .object({ days: z.number().int().min(1).max(365) })
  .partial()
  .strict()
  .nullish();
