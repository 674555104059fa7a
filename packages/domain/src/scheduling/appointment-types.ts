import type { AppointmentTypeRules } from './availability';
import { APPOINTMENT_MIN_LEAD_MINUTES, APPOINTMENT_SLOT_MINUTES } from './slots';

export type SchedulingKind = 'user-verification' | 'consultation' | 'coaching' | 'follow-up';

/** Days ahead a call may be booked when the clinic set nothing else. */
export const DEFAULT_HORIZON_DAYS = 60;

/**
 * The rules of a kind of call when the clinic has not set its own (appointment_types): 30 minutes on a
 * 30-minute grid, at least 2 hours ahead, within 60 days, no buffers.
 */
export function defaultAppointmentRules(_kind: SchedulingKind): AppointmentTypeRules {
  return {
    durationMinutes: APPOINTMENT_SLOT_MINUTES,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: APPOINTMENT_MIN_LEAD_MINUTES,
    horizonDays: DEFAULT_HORIZON_DAYS,
  };
}

/** How the clinic's screens name each kind of call. */
export const APPOINTMENT_TYPE_NAMES: Readonly<Record<SchedulingKind, string>> = {
  'user-verification': 'Identity verification call',
  consultation: 'Consultation',
  coaching: 'Coaching session',
  'follow-up': 'Follow-up',
};
