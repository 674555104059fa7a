import { z } from 'zod';

/**
 * Cal.com's API v2, the calls the portal makes (decision 047). Cal.com publishes no Node SDK for v2, so
 * these are plain fetch calls; each names the `cal-api-version` its request and response shapes belong to.
 */
export const CALCOM_SLOTS_VERSION = '2024-09-04';
export const CALCOM_BOOKINGS_VERSION = '2024-08-13';

export type CalcomSlot = { start: Date; end: Date };

/**
 * Which event type: the clinic's (by id: any of its hosts), or one physician's own, by the event type's slug and
 * their username (Cal.com v2's documented ways to read slots of, and book, one user's event type; a managed
 * event type gives each member a child with the same slug). organizationSlug when the users are in an
 * organization.
 */
export type CalcomEventTarget =
  | { eventTypeId: number }
  | { eventTypeSlug: string; username: string; organizationSlug?: string | undefined };

const targetParams = (target: CalcomEventTarget): Record<string, string> =>
  'eventTypeId' in target
    ? { eventTypeId: String(target.eventTypeId) }
    : {
        eventTypeSlug: target.eventTypeSlug,
        username: target.username,
        ...(target.organizationSlug ? { organizationSlug: target.organizationSlug } : {}),
      };

export type CalcomBookingRequest = {
  target: CalcomEventTarget;
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
    async slots(target: CalcomEventTarget, from: Date, to: Date): Promise<CalcomSlot[]> {
      const query = new URLSearchParams({
        ...targetParams(target),
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
        ...('eventTypeId' in request.target
          ? { eventTypeId: request.target.eventTypeId }
          : targetParams(request.target)),
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

/** "user-verification:101,coaching:102:coaching" → the event type of each kind. */
export function parseEventTypes(setting: string | undefined): Map<string, number> {
  const map = new Map<string, number>();
  for (const pair of (setting ?? '').split(',').filter(Boolean)) {
    const [kind, id] = pair.split(':');
    if (kind && id) map.set(kind, Number(id));
  }
  return map;
}

/** "coaching:102:coaching" → the slug each physician's own event type of the kind has (here: coaching). */
export function parseEventTypeSlugs(setting: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of (setting ?? '').split(',').filter(Boolean)) {
    const [kind, , slug] = entry.split(':');
    if (kind && slug) map.set(kind, slug);
  }
  return map;
}

/** "maya@clinic.example:maya-okafor" → each physician's Cal.com username, by their staff e-mail (lower case). */
export function parseUsernames(setting: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of (setting ?? '').split(',').filter(Boolean)) {
    const at = entry.lastIndexOf(':');
    if (at > 0) map.set(entry.slice(0, at).trim().toLowerCase(), entry.slice(at + 1).trim());
  }
  return map;
}
