import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCalcomDelivery, verifyCalcomSignature } from './calcom-webhook';
import { calendlyBookingLink, parseCalendlyEventLinks } from './calendly-link';
import { parseCalendlyDelivery, verifyCalendlySignature } from './calendly-webhook';
import { MalformedDelivery } from './outside-event';

const hex = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex');
const NOW = new Date('2026-06-10T19:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);

describe('Cal.com signature', () => {
  const body = Buffer.from('{"triggerEvent":"BOOKING_CREATED"}');
  it('accepts the hex HMAC of the body, in either case, and nothing else', () => {
    const good = hex('secret-0123456789', body.toString());
    expect(verifyCalcomSignature(body, good, 'secret-0123456789')).toBe(true);
    expect(verifyCalcomSignature(body, good.toUpperCase(), 'secret-0123456789')).toBe(true);
    expect(verifyCalcomSignature(body, good, 'other-secret-0123')).toBe(false);
    expect(verifyCalcomSignature(body, good.slice(0, -2), 'secret-0123456789')).toBe(false);
    expect(verifyCalcomSignature(body, `sha256=${good}`, 'secret-0123456789')).toBe(false);
    expect(verifyCalcomSignature(body, undefined, 'secret-0123456789')).toBe(false);
  });
});

describe('Calendly signature', () => {
  const body = Buffer.from('{"event":"invitee.created"}');
  const header = (t: number, key = 'signing-key-0123456789') => `t=${t},v1=${hex(key, `${t}.${body}`)}`;
  it('is valid within 3 minutes either way, stale beyond, invalid with another key or a missing part', () => {
    expect(verifyCalendlySignature(body, header(T), 'signing-key-0123456789', NOW)).toBe('valid');
    expect(verifyCalendlySignature(body, header(T - 180), 'signing-key-0123456789', NOW)).toBe('valid');
    expect(verifyCalendlySignature(body, header(T - 181), 'signing-key-0123456789', NOW)).toBe('stale');
    expect(verifyCalendlySignature(body, header(T + 181), 'signing-key-0123456789', NOW)).toBe('stale');
    expect(
      verifyCalendlySignature(body, header(T, 'another-key-0123456'), 'signing-key-0123456789', NOW),
    ).toBe('invalid');
    expect(
      verifyCalendlySignature(
        body,
        `v1=${hex('signing-key-0123456789', `${T}.${body}`)}`,
        'signing-key-0123456789',
        NOW,
      ),
    ).toBe('invalid');
    expect(verifyCalendlySignature(body, `t=${T}`, 'signing-key-0123456789', NOW)).toBe('invalid');
    expect(verifyCalendlySignature(body, undefined, 'signing-key-0123456789', NOW)).toBe('invalid');
  });
  it('signs the timestamp with the body: another timestamp under the same v1 is invalid', () => {
    const v1 = hex('signing-key-0123456789', `${T - 600}.${body}`);
    expect(verifyCalendlySignature(body, `t=${T},v1=${v1}`, 'signing-key-0123456789', NOW)).toBe('invalid');
  });
});

describe('reading deliveries', () => {
  it('reads a Cal.com reschedule as a booking replacing the old uid, and ignores other triggers', () => {
    const event = parseCalcomDelivery({
      triggerEvent: 'BOOKING_RESCHEDULED',
      createdAt: '2026-06-10T19:00:00.000Z',
      payload: {
        uid: 'new-uid',
        rescheduleUid: 'old-uid',
        startTime: '2026-06-12T16:00:00Z',
        endTime: '2026-06-12T16:30:00Z',
        attendees: [{ email: 'pat@example.com', timeZone: 'America/Denver' }],
        organizer: { email: 'dr@example.com' },
        metadata: { patient_id: 'not-an-id', kind: 'coaching' },
      },
    });
    expect(event).toMatchObject({
      type: 'booked',
      eventId: 'calcom:BOOKING_RESCHEDULED:new-uid:2026-06-10T19:00:00.000Z',
      replaces: 'old-uid',
      booking: { uuid: 'new-uid', patientId: null, kind: 'coaching', attendeeTimeZone: 'America/Denver' },
    });
    expect(parseCalcomDelivery({ triggerEvent: 'MEETING_ENDED', createdAt: 'x', payload: {} })).toEqual({
      type: 'ignored',
    });
    expect(() => parseCalcomDelivery([1, 2])).toThrow(MalformedDelivery);
    expect(() =>
      parseCalcomDelivery({
        triggerEvent: 'BOOKING_CREATED',
        createdAt: 'x',
        payload: { uid: 'u', startTime: '2026-06-12T16:30:00Z', endTime: '2026-06-12T16:00:00Z' },
      }),
    ).toThrow(MalformedDelivery);
  });

  it('reads Calendly’s invitee uuid from its URI and a rescheduled cancellation as such', () => {
    const payload = {
      uri: 'https://api.calendly.com/scheduled_events/EV1/invitees/INV-2',
      email: 'pat@example.com',
      rescheduled: true,
      scheduled_event: {
        start_time: '2026-06-12T16:00:00.000000Z',
        end_time: '2026-06-12T16:20:00.000000Z',
        location: { type: 'physical', location: '1 Main St' },
      },
      tracking: { utm_content: '0123456789abcdef01234567', utm_term: 'x' },
    };
    expect(parseCalendlyDelivery({ event: 'invitee.canceled', created_at: 'c', payload })).toEqual({
      type: 'canceled',
      eventId: 'calendly:invitee.canceled:INV-2:c',
      uuid: 'INV-2',
      rescheduled: true,
    });
    expect(parseCalendlyDelivery({ event: 'invitee.created', created_at: 'c', payload })).toMatchObject({
      type: 'booked',
      replaces: null,
      booking: {
        uuid: 'INV-2',
        location: '1 Main St',
        patientId: '0123456789abcdef01234567',
        physicianId: null,
      },
    });
    expect(() =>
      parseCalendlyDelivery({
        event: 'invitee.created',
        created_at: 'c',
        payload: { ...payload, uri: `https://api.calendly.com/x/invitees/${'A'.repeat(65)}` },
      }),
    ).toThrow(MalformedDelivery);
  });

  it('reads the kind, subscription, event and reschedule page the portal’s kind page put on a booking', () => {
    const base = {
      uri: 'https://api.calendly.com/scheduled_events/EV7/invitees/INV-7',
      event: 'https://api.calendly.com/scheduled_events/EV7',
      email: 'pat@example.com',
      reschedule_url: 'https://calendly.com/reschedulings/INV-7',
      scheduled_event: { start_time: '2026-06-12T16:00:00Z', end_time: '2026-06-12T16:30:00Z' },
    };
    const sub = '0123456789abcdef01234568';
    expect(
      parseCalendlyDelivery({
        event: 'invitee.created',
        created_at: 'c',
        payload: {
          ...base,
          tracking: { utm_content: '0123456789abcdef01234567', utm_term: sub, utm_campaign: 'coaching' },
        },
      }),
    ).toMatchObject({
      booking: {
        kind: 'coaching',
        subscriptionId: sub,
        physicianId: null,
        externalEventId: 'EV7',
        rescheduleUrl: 'https://calendly.com/reschedulings/INV-7',
      },
    });
    // The kind's page without a subscription tags the kind twice; an unknown campaign is no kind at all.
    expect(
      parseCalendlyDelivery({
        event: 'invitee.created',
        created_at: 'c',
        payload: {
          ...base,
          reschedule_url: 'javascript:alert(1)',
          tracking: { utm_term: 'user-verification', utm_campaign: 'user-verification' },
        },
      }),
    ).toMatchObject({
      booking: { kind: 'user-verification', subscriptionId: null, rescheduleUrl: null },
    });
    expect(
      parseCalendlyDelivery({
        event: 'invitee.created',
        created_at: 'c',
        payload: { ...base, tracking: { utm_term: sub, utm_campaign: 'surgery' } },
      }),
    ).toMatchObject({ booking: { kind: null, subscriptionId: null, physicianId: sub } });
  });
});

describe('Calendly booking link', () => {
  const who = { patientId: 'p1', name: 'Ana Lee', email: 'ana+1@example.com' };
  it('prefills the patient and tags what the page books, keeping the page’s own parameters', () => {
    expect(calendlyBookingLink('https://calendly.com/dr/visit?hide_gdpr_banner=1', who, { term: 'd1' })).toBe(
      'https://calendly.com/dr/visit?hide_gdpr_banner=1&name=Ana+Lee&email=ana%2B1%40example.com&utm_content=p1&utm_term=d1',
    );
    expect(
      calendlyBookingLink('https://calendly.com/clinic/coaching', who, { term: 's1', campaign: 'coaching' }),
    ).toBe(
      'https://calendly.com/clinic/coaching?name=Ana+Lee&email=ana%2B1%40example.com&utm_content=p1&utm_term=s1&utm_campaign=coaching',
    );
    expect(calendlyBookingLink('javascript:alert(1)', who, { term: 'd' })).toBeNull();
    expect(calendlyBookingLink('not a url', who, { term: 'd' })).toBeNull();
  });
});

describe('CALENDLY_EVENT_LINKS', () => {
  it('reads each kind’s https page and names every entry it cannot use, one line each', () => {
    const ok = parseCalendlyEventLinks(
      'user-verification:https://calendly.com/c/verify, coaching:https://calendly.com/c/coach?month=1',
    );
    expect(ok.problems).toEqual([]);
    expect([...ok.links]).toEqual([
      ['user-verification', 'https://calendly.com/c/verify'],
      ['coaching', 'https://calendly.com/c/coach?month=1'],
    ]);
    const bad = parseCalendlyEventLinks(
      'follow-up:https://calendly.com/c/f,coaching:http://calendly.com/c/coach,consultation,user-verification:https://calendly.com/a,user-verification:https://calendly.com/b',
    );
    expect(bad.links.get('user-verification')).toBe('https://calendly.com/a');
    expect(bad.problems).toEqual([
      expect.stringMatching(
        /^CALENDLY_EVENT_LINKS: "follow-up:https:\/\/calendly.com\/c\/f" does not start with a kind/,
      ),
      expect.stringMatching(/^CALENDLY_EVENT_LINKS: the page of coaching must be an https link/),
      expect.stringMatching(/^CALENDLY_EVENT_LINKS: "consultation" does not start with a kind/),
      'CALENDLY_EVENT_LINKS: user-verification is listed more than once.',
    ]);
  });
});
