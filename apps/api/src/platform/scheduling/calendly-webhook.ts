import { BookableKind } from '@portal/domain/contracts/appointment';
import { z } from 'zod';
import { MalformedDelivery, type OutsideEvent } from './outside-event';
import { hmacSha256Hex, sameSignature } from './signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the subscription's signing key. */
export const CALENDLY_SIGNATURE_HEADER = 'calendly-webhook-signature';
/** A delivery signed longer ago than this (or this far ahead) is refused: a captured one cannot be replayed later. */
export const CALENDLY_TOLERANCE_SECONDS = 3 * 60;

export type SignatureCheck = 'valid' | 'invalid' | 'stale';

export function verifyCalendlySignature(
  raw: Buffer,
  header: string | undefined,
  key: string,
  now: Date,
): SignatureCheck {
  if (!header) return 'invalid';
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^\d{1,12}$/.test(t) || !v1) return 'invalid';
  const signed = Buffer.concat([Buffer.from(`${t}.`, 'utf8'), raw]);
  if (!sameSignature(hmacSha256Hex(key, signed), v1)) return 'invalid';
  const age = Math.abs(now.getTime() / 1000 - Number(t));
  return age > CALENDLY_TOLERANCE_SECONDS ? 'stale' : 'valid';
}

const Instant = z.iso.datetime({ offset: true });
const Id = z.string().regex(/^[0-9a-f]{24}$/i);
const InviteeUri = z
  .string()
  .max(200)
  .regex(/\/invitees\/[A-Za-z0-9_-]{1,64}$/);

const EventUri = z
  .string()
  .max(200)
  .regex(/\/scheduled_events\/[A-Za-z0-9_-]{1,64}$/);
/** Calendly's own page for the invitee to move the booking: kept only as an https link. */
const PageLink = z
  .string()
  .max(2000)
  .regex(/^https:\/\/[^\s/]+\/\S*$/);
const Invitee = z.object({
  uri: InviteeUri,
  /** The scheduled event, whose uuid Calendly's cancellation API names. */
  event: EventUri.nullish().catch(null),
  reschedule_url: PageLink.nullish().catch(null),
  email: z.string().max(254).nullish(),
  timezone: z.string().max(64).nullish(),
  rescheduled: z.boolean().nullish(),
  old_invitee: InviteeUri.nullish(),
  scheduled_event: z
    .object({
      uri: EventUri.nullish().catch(null),
      name: z.string().max(500).nullish(),
      start_time: Instant,
      end_time: Instant,
      location: z
        .object({ location: z.string().max(2000).nullish(), join_url: z.string().max(2000).nullish() })
        .nullish(),
      event_memberships: z.array(z.object({ user_email: z.string().max(254).nullish() })).nullish(),
    })
    .optional(),
  /**
   * The portal's link carries the patient in utm_content; utm_term is the physician on a physician's page, and on
   * the clinic's page of a kind (named in utm_campaign) the subscription, else the kind again.
   */
  tracking: z
    .object({
      utm_content: Id.nullish().catch(null),
      utm_term: z.string().max(64).nullish().catch(null),
      utm_campaign: BookableKind.nullish().catch(null),
    })
    .nullish()
    .catch(null),
});

const Delivery = z.object({
  event: z.string().max(64),
  created_at: z.string().max(64),
  payload: z.unknown(),
});

/** The invitee's uuid: the last part of its URI, and what Calendly passes back as `invitee_uuid`. */
export const inviteeUuid = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);

const isId = (value: string | null | undefined): value is string => Id.safeParse(value).success;

/** What the portal's link put in the utm fields: the physician, or the kind of call and its subscription. */
function tagged(tracking: z.infer<typeof Invitee>['tracking']) {
  const term = tracking?.utm_term ?? null;
  const kind = tracking?.utm_campaign ?? null;
  if (kind) return { kind, subscriptionId: isId(term) ? term : null, physicianId: null };
  return { kind: null, subscriptionId: null, physicianId: isId(term) ? term : null };
}

/**
 * Reads a Calendly delivery: invitee.created is a booking (with `old_invitee` when it is a reschedule),
 * invitee.canceled a cancellation (`rescheduled` when its invitee.created follows). A reschedule's new
 * invitee has a new uuid, so the appointment takes it. Other events are acknowledged and ignored.
 */
export function parseCalendlyDelivery(body: unknown): OutsideEvent {
  const delivery = Delivery.safeParse(body);
  if (!delivery.success) throw new MalformedDelivery('not a Calendly webhook delivery');
  const { event, created_at } = delivery.data;
  if (event !== 'invitee.created' && event !== 'invitee.canceled') return { type: 'ignored' };
  const parsed = Invitee.safeParse(delivery.data.payload);
  if (!parsed.success) throw new MalformedDelivery(`unreadable ${event} payload`);
  const p = parsed.data;
  const uuid = inviteeUuid(p.uri);
  const eventId = `calendly:${event}:${uuid}:${created_at}`;
  if (event === 'invitee.canceled') {
    return { type: 'canceled', eventId, uuid, rescheduled: p.rescheduled === true };
  }
  const scheduled = p.scheduled_event;
  if (!scheduled) throw new MalformedDelivery('invitee.created without its scheduled event');
  const tags = tagged(p.tracking);
  const eventUri = p.event ?? scheduled.uri ?? null;
  const start = new Date(scheduled.start_time);
  const end = new Date(scheduled.end_time);
  if (!(start < end)) throw new MalformedDelivery('the booking ends before it starts');
  return {
    type: 'booked',
    eventId,
    replaces: p.old_invitee ? inviteeUuid(p.old_invitee) : null,
    booking: {
      uuid,
      start,
      end,
      location: scheduled.location?.join_url ?? scheduled.location?.location ?? null,
      title: scheduled.name ?? null,
      attendeeEmail: p.email ?? null,
      attendeeTimeZone: p.timezone ?? null,
      organizerEmail: scheduled.event_memberships?.[0]?.user_email ?? null,
      patientId: p.tracking?.utm_content ?? null,
      organizationId: null,
      physicianId: tags.physicianId,
      kind: tags.kind,
      subscriptionId: tags.subscriptionId,
      externalEventId: eventUri ? eventUri.slice(eventUri.lastIndexOf('/') + 1) : null,
      rescheduleUrl: p.reschedule_url ?? null,
    },
  };
}
