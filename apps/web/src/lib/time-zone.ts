import { DEFAULT_APPOINTMENT_TIME_ZONE } from '@portal/domain/scheduling/format-slot';

/** The browser's IANA time zone, where times are shown to the patient. */
export function patientTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_APPOINTMENT_TIME_ZONE;
  } catch {
    return DEFAULT_APPOINTMENT_TIME_ZONE;
  }
}
