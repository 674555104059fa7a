import type { Appointment } from '@portal/domain/contracts/appointment';
import { apiRequest, type RequestOptions, requireOrganizationId, seg } from '../lib/api-client';

// The reads of booked appointments, free of the query library: the route guard starts one on a first load.

/** The kinds of booked appointment the portal lists (the `productVariant` filter). */
export type AppointmentVariant = 'coaching' | 'user-verification';

/** GET /v2/appointments/{org}/user/{patient}?productVariant= (001 §7): the patient's appointments of a kind. */
export function getAppointments(
  userId: string,
  variant: AppointmentVariant,
  signal?: AbortSignal,
): Promise<Appointment[]> {
  return read(userId, variant, { signal });
}

function read(
  userId: string,
  variant: AppointmentVariant,
  options: Pick<RequestOptions, 'signal' | 'handleUnauthorized'>,
): Promise<Appointment[]> {
  const org = requireOrganizationId();
  return apiRequest<Appointment[]>(`/v2/appointments/${seg(org)}/user/${seg(userId)}`, {
    query: { productVariant: variant },
    ...options,
  });
}

/** An early read serves the screen that asks within this time; later the screen reads afresh. */
const EARLY_READ_MS = 30_000;
const early = new Map<string, { at: number; read: Promise<Appointment[]> }>();

/**
 * Starts reading the patient's verification calls beside the patient's record, on the first load of a page
 * that shows the verification bar: the bar's message waits for them, and would otherwise ask only once the
 * record has arrived and the shell is drawn.
 */
export function readVerificationCallsEarly(userId: string): void {
  if (early.has(userId)) return;
  // a refused token is the guard's to handle (it keeps where the patient was going), and a failure belongs to
  // the screen that takes the read
  const started = read(userId, 'user-verification', { handleUnauthorized: false });
  started.catch(() => undefined);
  early.set(userId, { at: Date.now(), read: started });
}

/** Drops an early read no screen will take (the first load went to login or failed). */
export function dropEarlyReads(): void {
  early.clear();
}

/** The early read of this patient's verification calls, once; undefined when none is recent. */
export function takeVerificationCallsRead(userId: string): Promise<Appointment[]> | undefined {
  const started = early.get(userId);
  early.delete(userId);
  return started && Date.now() - started.at < EARLY_READ_MS ? started.read : undefined;
}
