import { z } from 'zod';
import { CARRIER_MAX, FULFILMENT_STEPS, TRACKING_NUMBER_MAX } from '../care/fulfilment';
import { Id } from './common';
import { ShippingInfo } from './user';

export const FulfilmentStatus = z.enum(FULFILMENT_STEPS);

/** GET /care/{org}/fulfilment: one status at a time, oldest first (the pharmacy works in arrival order). */
export const CareFulfilmentQuery = z
  .object({
    status: FulfilmentStatus.default('awaiting_fulfilment'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type CareFulfilmentQuery = z.infer<typeof CareFulfilmentQuery>;

const Mover = z.object({ _id: Id, first_name: z.string(), last_name: z.string() }).nullable();

export const CareFulfilmentOrder = z.object({
  _id: Id,
  status: FulfilmentStatus,
  /** approval, renewal, resume_now (the patient's "Resume Now & Ship") or order. */
  source: z.string(),
  patient: z.object({ _id: Id, first_name: z.string(), last_name: z.string() }),
  subscription: Id.nullable(),
  order: Id.nullable(),
  product: z.object({
    name: z.string(),
    dosage: z.string().nullable(),
    quantity: z.number().int(),
  }),
  /** Copied when the order was made: where this parcel goes, whatever the patient changes later. */
  shipping_address: ShippingInfo.nullable(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  created_at: z.string(),
  processing_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** Who moved it to its current step; null while it awaits fulfilment. */
  moved_by: Mover,
});
export type CareFulfilmentOrder = z.infer<typeof CareFulfilmentOrder>;

export const CareFulfilmentPage = z.object({
  items: z.array(CareFulfilmentOrder),
  next_cursor: z.string().nullable(),
  /** Orders of the clinic at each step still open (delivered ones are not counted). */
  counts: z.object({
    awaiting_fulfilment: z.number().int(),
    processing: z.number().int(),
    shipped: z.number().int(),
  }),
});
export type CareFulfilmentPage = z.infer<typeof CareFulfilmentPage>;

/** POST /care/{org}/fulfilment/{id}/advance: the next step; shipping needs the tracking number. */
export const CareFulfilmentAdvanceBody = z
  .object({
    to: z.enum(['processing', 'shipped', 'delivered']),
    tracking_number: z
      .string()
      .trim()
      .max(TRACKING_NUMBER_MAX, `Tracking numbers are at most ${TRACKING_NUMBER_MAX} characters.`)
      .regex(/^[A-Za-z0-9 -]*$/, 'Use letters, digits, spaces and dashes only.')
      .optional(),
    carrier: z.string().trim().max(CARRIER_MAX, `Carriers are at most ${CARRIER_MAX} characters.`).optional(),
  })
  .strict();
export type CareFulfilmentAdvanceBody = z.input<typeof CareFulfilmentAdvanceBody>;

/** A purchase's latest parcel, as the patient's orders page shows it. */
export const PurchaseFulfilment = z.object({
  _id: Id,
  status: FulfilmentStatus,
  status_label: z.string(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  created_at: z.string(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type PurchaseFulfilment = z.infer<typeof PurchaseFulfilment>;
