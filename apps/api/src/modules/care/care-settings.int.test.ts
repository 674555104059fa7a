import type { ClinicSettings } from '@portal/domain/contracts/care';
import type { Conversation } from '@portal/domain/contracts/messaging';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, logInAs, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  for (const who of ['admin', 'care', 'physician'])
    tokens[who] = await logInAs(t.app, `${who}@evergreen.test`, org);
  tokens.otherAdmin = await logInAs(t.app, 'admin@bluecrest.test', otherOrg);
});
afterAll(() => t?.close());

const settingsUrl = (orgId = org) => `/care/${orgId}/settings`;
const read = (token: string, orgId = org) =>
  t.app.inject({ url: settingsUrl(orgId), headers: bearer(token) });
const write = (token: string, payload: unknown, orgId = org) =>
  t.app.inject({
    method: 'PUT',
    url: settingsUrl(orgId),
    headers: bearer(token),
    payload: payload as object,
  });
const delay = (minutes: unknown) => ({ messaging: { reminder_delay_minutes: minutes } });
/** The settings as read back: the delay, and the list booking switch as left (off). */
const applied = (minutes: number, listBooking = false) => ({
  ...delay(minutes),
  appointments: { list_booking: listBooking },
});

const storedSettings = async (orgId = org) =>
  (
    await rows<{ settings: Record<string, unknown> }>(
      t.database,
      sql`select settings from organizations where id = ${orgId}`,
    )
  )[0]!.settings;

/** A patient of the clinic with their conversation, and a message of the care team to them. */
async function teamMessageToNewPatient() {
  const p = await signupPatient(t.app, org);
  const res = await t.app.inject({ url: '/v2/conversations/patient', headers: bearer(p.token) });
  expect(res.statusCode, res.body).toBe(200);
  const conversation = json<Conversation[]>(res)[0]!._id;
  const sent = await t.app.inject({
    method: 'PUT',
    url: `/conversations/${org}/patient/${p.id}/conversation/${conversation}`,
    headers: bearer(tokens.care!),
    payload: { text: 'Your lab results are in.' },
  });
  expect(sent.statusCode, sent.body).toBeLessThan(300);
  const jobs = await rows<{ start_in: number }>(
    t.database,
    sql`select extract(epoch from start_after - now())::float8 as start_in from pgboss.job
        where name = 'message-reminder' and data->>'conversationId' = ${conversation}`,
  );
  expect(jobs).toHaveLength(1);
  return jobs[0]!.start_in;
}

describe('clinic settings', () => {
  it('an admin reads the default 30 minutes, sets 45, reads 45; the next team message is reminded after 45', async () => {
    const before = await storedSettings();
    const first = await read(tokens.admin!);
    expect(first.statusCode, first.body).toBe(200);
    expect(json<ClinicSettings>(first)).toEqual(applied(30));
    const beforeChange = await teamMessageToNewPatient();
    expect(beforeChange).toBeGreaterThan(29 * 60);
    expect(beforeChange).toBeLessThanOrEqual(30 * 60);

    const saved = await write(tokens.admin!, delay(45));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<ClinicSettings>(saved)).toEqual(applied(45));
    expect(json<ClinicSettings>(await read(tokens.admin!))).toEqual(applied(45));

    // only settings.messaging changed: the brand and every other key are as they were
    const after = await storedSettings();
    expect(after).toEqual({ ...before, messaging: { reminder_delay_minutes: 45 } });

    // the messaging service reads the organization afresh: the next reminder waits 45 minutes
    const start = await teamMessageToNewPatient();
    expect(start).toBeGreaterThan(44 * 60);
    expect(start).toBeLessThanOrEqual(45 * 60);

    // another clinic keeps its own
    expect(json<ClinicSettings>(await read(tokens.otherAdmin!, otherOrg))).toEqual(applied(30));
  });

  it('keeps other keys of settings.messaging when the delay changes', async () => {
    await t.database.db.execute(
      sql`update organizations set settings = jsonb_set(settings, '{messaging}',
        coalesce(settings -> 'messaging', '{}'::jsonb) || '{"future_setting": true}'::jsonb) where id = ${org}`,
    );
    expect((await write(tokens.admin!, delay(60))).statusCode).toBe(200);
    expect((await storedSettings()).messaging).toEqual({ future_setting: true, reminder_delay_minutes: 60 });
    expect(json<ClinicSettings>(await read(tokens.admin!))).toEqual(applied(60));
    expect((await write(tokens.admin!, delay(45))).statusCode).toBe(200);
  });

  it('takes the bounds, 1 minute and a week', async () => {
    expect(json<ClinicSettings>(await write(tokens.admin!, delay(1)))).toEqual(applied(1));
    expect(json<ClinicSettings>(await write(tokens.admin!, delay(10_080)))).toEqual(applied(10_080));
    expect(json<ClinicSettings>(await write(tokens.admin!, delay(45)))).toEqual(applied(45));
  });

  it('is for admins: a care coordinator, a physician and a patient get 403, another clinic 404', async () => {
    for (const who of ['care', 'physician'] as const) {
      const get = await read(tokens[who]!);
      expect(get.statusCode, `${who} GET`).toBe(403);
      expect(json(get)).toMatchObject({ text: 'Forbidden' });
      const put = await write(tokens[who]!, delay(5));
      expect(put.statusCode, `${who} PUT`).toBe(403);
      expect(json(put)).toMatchObject({ text: 'Forbidden' });
    }
    const patient = await signupPatient(t.app, org);
    expect((await read(patient.token)).statusCode).toBe(403);
    expect((await write(patient.token, delay(5))).statusCode).toBe(403);
    // another clinic's admin, on this clinic's path
    expect((await read(tokens.otherAdmin!)).statusCode).toBe(404);
    expect((await write(tokens.otherAdmin!, delay(5))).statusCode).toBe(404);
    expect((await t.app.inject({ url: settingsUrl() })).statusCode).toBe(401);
    // nothing of it changed a thing
    expect(json<ClinicSettings>(await read(tokens.admin!))).toEqual(applied(45));
    expect(json<ClinicSettings>(await read(tokens.otherAdmin!, otherOrg))).toEqual(applied(30));
  });

  it('refuses a value out of bounds, not a whole number, or extra keys with 400 in the error shape', async () => {
    const before = await storedSettings();
    const cases: [unknown, string, string][] = [
      [delay(0), 'body.messaging.reminder_delay_minutes', 'Enter at least 1 minute.'],
      [delay(10_081), 'body.messaging.reminder_delay_minutes', 'Enter at most 10,080 minutes (one week).'],
      [delay('x'), 'body.messaging.reminder_delay_minutes', 'Enter a number of minutes.'],
      [delay('45'), 'body.messaging.reminder_delay_minutes', 'Enter a number of minutes.'],
      [delay(1.5), 'body.messaging.reminder_delay_minutes', 'Enter a whole number of minutes.'],
      [delay(null), 'body.messaging.reminder_delay_minutes', 'Enter a number of minutes.'],
      [{ messaging: {} }, 'body.messaging.reminder_delay_minutes', 'Enter a number of minutes.'],
      [{}, 'body', 'Send the settings to change.'],
      [{ messaging: null }, 'body.messaging', 'Send the messaging settings.'],
      [{ ...delay(45), name: 'Another clinic' }, 'body', 'Unrecognized key: "name"'],
      [
        { messaging: { reminder_delay_minutes: 45, channel: 'sms' } },
        'body.messaging',
        'Unrecognized key: "channel"',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const res = await write(tokens.admin!, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = json<{ text: string; message: string; fields: { path: string; message: string }[] }>(res);
      expect(body.text).toBe('ValidationError');
      expect(typeof body.message).toBe('string');
      expect(body.fields[0]!.path, JSON.stringify(payload)).toBe(path);
      expect(body.fields[0]!.message).toBe(message);
      expect(body.message).toBe(message);
    }
    const notJson = await t.app.inject({
      method: 'PUT',
      url: settingsUrl(),
      headers: { ...bearer(tokens.admin!), 'content-type': 'application/json' },
      payload: '{"messaging": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await storedSettings()).toEqual(before);
    expect(json<ClinicSettings>(await read(tokens.admin!))).toEqual(applied(45));
  });

  it('leaves an audit row of each read and change, allowed or refused, with who made it', async () => {
    const [admin] = await rows<{ id: string }>(
      t.database,
      sql`select id from users where email = 'admin@evergreen.test'`,
    );
    const [care] = await rows<{ id: string }>(
      t.database,
      sql`select id from users where email = 'care@evergreen.test'`,
    );
    const since = await rows<{ id: number }>(
      t.database,
      sql`select coalesce(max(id), 0)::int as id from audit_log`,
    );
    expect((await write(tokens.admin!, delay(50))).statusCode).toBe(200);
    expect((await write(tokens.care!, delay(5))).statusCode).toBe(403);
    const trail = await rows<{ actor_id: string; action: string; outcome: string; status_code: number }>(
      t.database,
      sql`select actor_id, action, outcome, status_code from audit_log
          where id > ${since[0]!.id} and action like '% /care/:org/settings' order by id`,
    );
    expect(trail).toEqual([
      { actor_id: admin!.id, action: 'PUT /care/:org/settings', outcome: 'allowed', status_code: 200 },
      { actor_id: care!.id, action: 'PUT /care/:org/settings', outcome: 'failed', status_code: 403 },
    ]);
  });

  it('turns the Appointments list booking on and off, which the brand the patient reads follows', async () => {
    const brand = async () =>
      json<{ settings: { appointments?: { list_booking?: boolean } } }>(
        await t.app.inject({ url: '/organization/search?domain=localhost' }),
      ).settings.appointments?.list_booking;
    const delayNow = json<ClinicSettings>(await read(tokens.admin!)).messaging.reminder_delay_minutes;
    const messagingBefore = (await storedSettings()).messaging;
    expect(json<ClinicSettings>(await read(tokens.admin!)).appointments).toEqual({ list_booking: false });
    expect(await brand()).not.toBe(true);

    const on = await write(tokens.admin!, { appointments: { list_booking: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(json<ClinicSettings>(on)).toEqual(applied(delayNow, true));
    expect(await brand()).toBe(true);
    expect((await storedSettings()).messaging).toEqual(messagingBefore);
    // the other clinic is untouched
    expect(json<ClinicSettings>(await read(tokens.otherAdmin!, otherOrg)).appointments.list_booking).toBe(
      false,
    );

    // both groups at once
    const both = await write(tokens.admin!, { ...delay(40), appointments: { list_booking: false } });
    expect(json<ClinicSettings>(both)).toEqual(applied(40, false));
    expect(await brand()).toBe(false);

    for (const [payload, path] of [
      [{ appointments: { list_booking: 'yes' } }, 'body.appointments.list_booking'],
      [{ appointments: {} }, 'body.appointments.list_booking'],
      [{ appointments: null }, 'body.appointments'],
      [{ appointments: { list_booking: true, walk_in: true } }, 'body.appointments'],
    ] as const) {
      const res = await write(tokens.admin!, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<{ fields: { path: string }[] }>(res).fields[0]!.path).toBe(path);
    }
    expect((await write(tokens.care!, { appointments: { list_booking: true } })).statusCode).toBe(403);
    expect(await brand()).toBe(false);
  });
});
