import type { Appointment, Availability } from '@portal/domain/contracts/appointment';
import { fixedClock } from '@portal/domain/testing/fixed-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  readOutboxMessages,
  rows,
  signupPatient,
  type TestApp,
} from '../../test/harness';
import { notifierFor } from '../notifications/notifier';
import { createAppointmentReminders } from './reminders';

let t: TestApp;
let evergreen: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '100000', RATE_LIMIT_ADDRESS: '100000' });
  evergreen = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
});
afterAll(() => t.close());

type Reminder = {
  id: string;
  kind: string;
  sequence: number;
  due_at: string;
  sent_at: string | null;
  skipped_at: string | null;
};
const remindersOf = (appointmentId: string) =>
  rows<Reminder>(
    t.database,
    sql`select id, kind, sequence, due_at::text, sent_at::text, skipped_at::text from appointment_reminders
        where appointment_id = ${appointmentId} order by sequence, due_at`,
  );

/** The job's handler, run directly at a fixed instant. */
const runAt = (at: Date, reminderId: string) =>
  createAppointmentReminders({
    db: t.database.db,
    notifier: notifierFor(t.app),
    now: fixedClock(at),
  }).run({ reminderId });

/**
 * A new patient's coaching session booked at least `days` after the first open time (so both reminders of it
 * are still to come), with the patient's zone.
 */
async function bookAhead(days: number, timeZone: string) {
  const p = await signupPatient(t.app, evergreen);
  const slots = json<Availability>(
    await t.app.inject({
      url: '/v2/appointments/availability?kind=coaching&days=14',
      headers: bearer(p.token),
    }),
  ).slots;
  const later = slots.filter(
    (s) => Date.parse(s.start_time) > Date.parse(slots[0]!.start_time) + days * 86_400_000,
  );
  const booked = json<Appointment>(
    await t.app.inject({
      method: 'POST',
      url: '/v2/appointments',
      headers: bearer(p.token),
      payload: { kind: 'coaching', start_time: later[0]!.start_time, time_zone: timeZone },
    }),
  );
  return { p, later, booked };
}

describe('appointment reminders', () => {
  it('plans 24 h and 1 h reminders, sends only those of the live time, never for a moved or canceled one', async () => {
    const { p, later, booked } = await bookAhead(2, 'America/New_York');
    const first = await remindersOf(booked._id);
    expect(first.map((r) => [r.kind, r.sequence])).toEqual([
      ['day-before', 0],
      ['hour-before', 0],
    ]);
    const start = Date.parse(later[0]!.start_time);
    expect(Date.parse(first[0]!.due_at)).toBe(start - 24 * 3_600_000);
    expect(Date.parse(first[1]!.due_at)).toBe(start - 3_600_000);

    const own = json<Availability>(
      await t.app.inject({
        url: `/v2/appointments/availability?kind=coaching&days=14&physician_id=${booked.physician!._id}`,
        headers: bearer(p.token),
      }),
    ).slots;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/v2/appointments/${booked._id}/reschedule`,
      headers: bearer(p.token),
      payload: { start_time: own.at(-1)!.start_time, time_zone: 'America/Chicago' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const all = await remindersOf(booked._id);
    expect(all.map((r) => [r.kind, r.sequence])).toEqual([
      ['day-before', 0],
      ['hour-before', 0],
      ['day-before', 1],
      ['hour-before', 1],
    ]);

    // The old time's reminders, run when they were due: skipped, nothing sent.
    expect(await runAt(new Date(first[0]!.due_at), first[0]!.id)).toBe('skipped');
    expect(await runAt(new Date(first[1]!.due_at), first[1]!.id)).toBe('skipped');
    const sentBefore = await rows(
      t.database,
      sql`select id from notifications where user_id = ${p.id} and message like 'Reminder:%'`,
    );
    expect(sentBefore).toHaveLength(0);

    // The new time's day-before reminder: sent once, worded in the patient's zone.
    const dayBefore = all[2]!;
    expect(await runAt(new Date(dayBefore.due_at), dayBefore.id)).toBe('sent');
    expect(await runAt(new Date(dayBefore.due_at), dayBefore.id)).toBe('done');
    const sent = await rows<{ message: string }>(
      t.database,
      sql`select message from notifications where user_id = ${p.id} and message like 'Reminder:%'`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toMatch(/^Reminder: your appointment is on \w+day, .+ C[SD]T\.$/);
    // Its e-mail gives the time too, in the same zone, with the year; no invitation (the calendar has it).
    await notifierFor(t.app).settled();
    const reminders = readOutboxMessages(t.outboxDir, p.email).filter((m) =>
      m.subject.startsWith('Reminder:'),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Reminder: your Evergreen Longevity appointment');
    expect(reminders[0]!.text).toMatch(
      /This is a reminder of your appointment with Evergreen Longevity on \w+day, \w+ \d+, 2026 at .+ C[SD]T\./,
    );
    expect(reminders[0]!.alternatives).toEqual([]);
    expect(reminders[0]!.eml).not.toContain('text/calendar');

    // Canceled: the hour-before reminder is skipped.
    await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(p.token),
      payload: { appointment_id: booked._id },
    });
    expect(await runAt(new Date(all[3]!.due_at), all[3]!.id)).toBe('skipped');
    const final = await remindersOf(booked._id);
    expect(final.map((r) => [r.sent_at !== null, r.skipped_at !== null])).toEqual([
      [false, true],
      [false, true],
      [true, false],
      [false, true],
    ]);
  });
});

describe('the reminder sweep', () => {
  /** One sweep at a fixed instant, as the scheduled job runs it. */
  const sweepAt = (at: Date) =>
    createAppointmentReminders({
      db: t.database.db,
      notifier: notifierFor(t.app),
      now: fixedClock(at),
    }).sweep();
  const reminderNotices = async (patientId: string) =>
    rows<{ message: string }>(
      t.database,
      sql`select message from notifications where user_id = ${patientId} and message like 'Reminder:%'`,
    );

  it('sends each reminder once when it is due, not before, and skips one whose appointment was canceled', async () => {
    const { p, booked } = await bookAhead(3, 'America/Denver');
    // written with the booking itself: no job is needed for them to go out
    const [dayBefore, hourBefore] = await remindersOf(booked._id);
    const dayBeforeDue = new Date(dayBefore!.due_at);

    await sweepAt(new Date(dayBeforeDue.getTime() - 60_000));
    expect(await reminderNotices(p.id)).toHaveLength(0);

    expect(await sweepAt(dayBeforeDue)).toBeGreaterThanOrEqual(1);
    await sweepAt(dayBeforeDue);
    const sent = await reminderNotices(p.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toMatch(/^Reminder: your appointment is on \w+day, .+ M[SD]T\.$/);
    expect((await remindersOf(booked._id)).map((r) => [r.kind, r.sent_at !== null, r.skipped_at])).toEqual([
      ['day-before', true, null],
      ['hour-before', false, null],
    ]);

    const canceled = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(p.token),
      payload: { appointment_id: booked._id },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await sweepAt(new Date(hourBefore!.due_at));
    expect(await reminderNotices(p.id)).toHaveLength(1);
    const [, last] = await remindersOf(booked._id);
    expect([last!.sent_at, last!.skipped_at !== null]).toEqual([null, true]);
  });
});
