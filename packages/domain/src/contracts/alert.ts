import { z } from 'zod';
import { ALERT_KINDS } from '../care/alerts';
import { Id } from './common';

/**
 * POST /alerts/{org}/create/{alertId} (002 §7.8): the signed-in patient sends nothing (or their own id);
 * staff of the organization name the patient the alert is about.
 */
export const CreateAlertBody = z.object({ patient_id: Id.optional() }).strict();
export type CreateAlertBody = z.infer<typeof CreateAlertBody>;

/** An alert about a patient: open until the care team marks it done. */
export const Alert = z.object({
  _id: Id,
  /** The alertId of the call: a kind of the catalogue. */
  kind: z.enum(ALERT_KINDS),
  /** The kind's name ("ID/Profile Image Mismatch"). */
  label: z.string(),
  patient_id: Id,
  status: z.enum(['open', 'resolved']),
  created_at: z.string(),
});
export type Alert = z.infer<typeof Alert>;
