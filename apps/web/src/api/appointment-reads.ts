import type { Appointment } from '@portal/domain/contracts/appointment';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';

// The read of booked appointments, free of the query library: the route guard makes one ahead on a first load.

/** The kinds of booked appointment the portal lists (the `productVariant` filter). */
export type AppointmentVariant = 'coaching' | 'user-verification';

/**
 * GET /v2/appointments/{org}/user/{patient}?productVariant= (001 §7): the patient's appointments of a kind, or
 * all of them without one.
 */
export function getAppointments(
  userId: string,
  variant: AppointmentVariant | undefined,
  signal?: AbortSignal,
): Promise<Appointment[]> {
  const [path, query] = appointmentsRead(userId, variant);
  return apiRequest<Appointment[]>(path, { query, signal });
}

/** The path and query of {@link getAppointments}. */
export function appointmentsRead(
  userId: string,
  variant: AppointmentVariant | undefined,
): [path: string, query: Record<string, string>] {
  const org = requireOrganizationId();
  return [`/v2/appointments/${seg(org)}/user/${seg(userId)}`, variant ? { productVariant: variant } : {}];
}
