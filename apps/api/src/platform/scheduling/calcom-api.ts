import { z } from 'zod';

/**
 * Cal.com's API v2, the calls the portal makes (decision 047). Cal.com publishes no Node SDK for v2, so
 * these are plain fetch calls; each names the `cal-api-version` its request and response shapes belong to.
 */
export const CALCOM_SLOTS_VERSION = '2024-09-04';
export const CALCOM_BOOKINGS_VERSION = '2024-08-13';

export type CalcomSlot = { start: Date; end: Date };
export type CalcomBookingRequest = {
  eventTypeId: number;
  start: Date;
  attendee: { name: string; email: string; timeZone: string };
  /** Strings only (Cal.com's rule); the webhook hands them back. */
  metadata: Record<string, string>;
};
export type CalcomBooking = {
  uid: string;
  start: Date;
  end: Date;
  location: string | null;
  hostEmail: string | null;
};

/** Cal.com answered with an error or could not be reached; `status` is Cal.com's HTTP status (0: unreachable). */
export class CalcomError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const Instant = z.iso.datetime({ offset: true });
const SlotsResponse = z.object({
  status: z.literal('success'),
  data: z.record(z.string(), z.array(z.object({ start: Instant, end: Instant.optional() }))),
});
const BookingResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    uid: z.string().min(1).max(64),
    start: Instant,
    end: Instant,
    location: z.string().nullish(),
    meetingUrl: z.string().nullish(),
    hosts: z.array(z.object({ email: z.string().nullish() })).default([]),
  }),
});

function toBooking(b: z.infer<typeof BookingResponse>['data']): CalcomBooking {
  return {
    uid: b.uid,
    start: new Date(b.start),
    end: new Date(b.end),
    location: b.meetingUrl ?? b.location ?? null,
    hostEmail: b.hosts[0]?.email ?? null,
  };
}

export function createCalcomClient(opts: {
  apiKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}) {
  const base = opts.baseUrl.replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call(path: string, version: string, init: RequestInit = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${opts.apiKey}`,
          'cal-api-version': version,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new CalcomError(0, 'Cal.com could not be reached');
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new CalcomError(response.status, `Cal.com answered ${response.status}`);
    return body;
  }

  return {
    /** Open slots of the event type in [from, to), each with its end (format=range). */
    async slots(eventTypeId: number, from: Date, to: Date): Promise<CalcomSlot[]> {
      const query = new URLSearchParams({
        eventTypeId: String(eventTypeId),
        start: from.toISOString(),
        end: to.toISOString(),
        timeZone: 'UTC',
        format: 'range',
      });
      const parsed = SlotsResponse.safeParse(await call(`/v2/slots?${query}`, CALCOM_SLOTS_VERSION));
      if (!parsed.success) throw new CalcomError(502, 'Cal.com answered slots in an unknown shape');
      return Object.values(parsed.data.data)
        .flat()
        .map((s) => ({ start: new Date(s.start), end: new Date(s.end ?? s.start) }));
    },

    async book(request: CalcomBookingRequest): Promise<CalcomBooking> {
      const body = JSON.stringify({
        start: request.start.toISOString(),
        eventTypeId: request.eventTypeId,
        attendee: request.attendee,
        metadata: request.metadata,
      });
      const parsed = BookingResponse.safeParse(
        await call('/v2/bookings', CALCOM_BOOKINGS_VERSION, { method: 'POST', body }),
      );
      if (!parsed.success) throw new CalcomError(502, 'Cal.com answered the booking in an unknown shape');
      return toBooking(parsed.data.data);
    },

    /** Moves a booking; Cal.com answers with the new booking (a new uid) that replaces it. */
    async reschedule(uid: string, start: Date): Promise<CalcomBooking> {
      const parsed = BookingResponse.safeParse(
        await call(`/v2/bookings/${encodeURIComponent(uid)}/reschedule`, CALCOM_BOOKINGS_VERSION, {
          method: 'POST',
          body: JSON.stringify({ start: start.toISOString() }),
        }),
      );
      if (!parsed.success) throw new CalcomError(502, 'Cal.com answered the reschedule in an unknown shape');
      return toBooking(parsed.data.data);
    },

    async cancel(uid: string, reason: string): Promise<void> {
      await call(`/v2/bookings/${encodeURIComponent(uid)}/cancel`, CALCOM_BOOKINGS_VERSION, {
        method: 'POST',
        body: JSON.stringify({ cancellationReason: reason }),
      });
    },
  };
}
export type CalcomClient = ReturnType<typeof createCalcomClient>;

/** "user-verification:101,coaching:102" → the event type of each kind. */
export function parseEventTypes(setting: string | undefined): Map<string, number> {
  const map = new Map<string, number>();
  for (const pair of (setting ?? '').split(',').filter(Boolean)) {
    const [kind, id] = pair.split(':');
    if (kind && id) map.set(kind, Number(id));
  }
  return map;
}
