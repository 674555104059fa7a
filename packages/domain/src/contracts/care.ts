import { z } from 'zod';
import { Id } from './common';

/** GET /care/{org}/queue: the physician review queue, oldest first (issue 12 §2). */
export const CareQueueQuery = z
  .object({
    state: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'A two-letter state.')
      .transform((s) => s.toUpperCase())
      .optional(),
    /** A product template id requested in the visit. */
    product: Id.optional(),
    /** Only visits waiting longer than the 48-hour target. */
    over_target: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type CareQueueQuery = z.infer<typeof CareQueueQuery>;

export const StaffRef = z.object({ _id: Id, first_name: z.string(), last_name: z.string() });

export const CareQueueItem = z.object({
  /** The visit (intake) id. */
  _id: Id,
  patient: z.object({
    _id: Id,
    first_name: z.string(),
    last_name: z.string(),
    /** Whole years, null without a birthday. */
    age: z.number().int().nullable(),
    state: z.string().nullable(),
    /** 001 §3 User.verificationStatus. */
    verification_status: z.string(),
  }),
  products: z.array(z.object({ product_template: Id, name: z.string() })),
  submitted_at: z.string(),
  waiting: z.object({
    hours: z.number().int(),
    status: z.enum(['on_track', 'due_soon', 'over_target']),
    due_at: z.string(),
  }),
  claimed_by: StaffRef.extend({ at: z.string() }).nullable(),
});
export type CareQueueItem = z.infer<typeof CareQueueItem>;

export const CareQueuePage = z.object({
  items: z.array(CareQueueItem),
  /** Visits matching the filters, over every page. */
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type CareQueuePage = z.infer<typeof CareQueuePage>;

export const CareVisitParams = z.object({ org: Id, id: Id }).strict();

/** POST /care/{org}/visits/{id}/claim: who now works on the visit. */
export const CareClaim = z.object({ _id: Id, claimed_by: StaffRef.extend({ at: z.string() }) });
export type CareClaim = z.infer<typeof CareClaim>;
