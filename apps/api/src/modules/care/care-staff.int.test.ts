import type { CareQueuePage, CareStaffList } from '@portal/domain/contracts/care';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signupPatient, type TestApp, waitForMail } from '../../test/harness';

let t: TestApp;
let org: string;
const tokens: Record<string, string> = {};

const login = (email: string, password = 'Demo1234!') =>
  t.app.inject({ method: 'POST', url: `/login/${org}`, payload: { email, password } });

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  for (const who of ['care', 'admin'])
    tokens[who] = json<{ token: string }>(await login(`${who}@evergreen.test`)).token;
});
afterAll(() => t.close());

const invite = (body: object, token = tokens.admin!) =>
  t.app.inject({
    method: 'POST',
    url: `/care/${org}/staff/invitations`,
    headers: bearer(token),
    payload: body,
  });

/** The invitation link's id and token, read from the e-mail as the invited person would. */
async function linkFor(email: string) {
  const mail = await waitForMail(t.outboxDir, email);
  const match = mail.text.match(/\/care\/invitation\/([0-9a-f]{24})\/([A-Za-z0-9_-]+)/);
  expect(match, mail.text).not.toBeNull();
  return { invitation: match![1]!, token: match![2]! };
}

describe('staff accounts', () => {
  it('an admin invites a physician by e-mail; the link sets a password once; the physician signs in licensed', async () => {
    const res = await invite({
      email: 'New.Doctor@Evergreen.test',
      role: 'physician',
      first_name: 'Nadia',
      last_name: 'Novak',
      licensed_states: ['CA', 'OR'],
      npi_num: '1234567893',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ email: 'new.doctor@evergreen.test', role: 'physician' });
    const listed = json<CareStaffList>(
      await t.app.inject({ url: `/care/${org}/staff`, headers: bearer(tokens.admin!) }),
    );
    expect(listed.invitations.map((i) => i.email)).toContain('new.doctor@evergreen.test');

    const link = await linkFor('new.doctor@evergreen.test');
    const accept = (body: object) =>
      t.app.inject({ method: 'POST', url: '/care/invitations/accept', payload: body });
    expect((await accept({ ...link, token: `${link.token}x`, password: 'Physician-2026!' })).statusCode).toBe(
      400,
    );
    expect((await accept({ ...link, password: 'short' })).statusCode).toBe(400);
    const accepted = await accept({ ...link, password: 'Physician-2026!' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const again = await accept({ ...link, password: 'Physician-2026!' });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ text: 'InvalidInvitation' });

    const session = await login('new.doctor@evergreen.test', 'Physician-2026!');
    expect(session.statusCode, session.body).toBe(200);
    const queue = await t.app.inject({
      url: `/care/${org}/queue`,
      headers: bearer(json<{ token: string }>(session).token),
    });
    expect(queue.statusCode).toBe(200);
    expect(json<CareQueuePage>(queue).items.every((i) => ['CA', 'OR'].includes(i.patient.state ?? ''))).toBe(
      true,
    );
    const staff = json<CareStaffList>(
      await t.app.inject({ url: `/care/${org}/staff`, headers: bearer(tokens.admin!) }),
    );
    expect(staff.items.find((s) => s.email === 'new.doctor@evergreen.test')).toMatchObject({
      role: 'physician',
      active: true,
      licensed_states: ['CA', 'OR'],
    });
  });

  it('refuses an invitation that is incomplete, for a taken e-mail, or from a non-admin', async () => {
    expect(
      (await invite({ email: 'doc2@evergreen.test', role: 'physician', first_name: 'Al', last_name: 'Bo' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await invite({ email: 'care@evergreen.test', role: 'care_team', first_name: 'Al', last_name: 'Bo' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await invite(
          { email: 'x@evergreen.test', role: 'admin', first_name: 'Al', last_name: 'Bo' },
          tokens.care!,
        )
      ).statusCode,
    ).toBe(403);
    const patient = await signupPatient(t.app, org);
    const asPatient = await invite(
      { email: 'y@evergreen.test', role: 'admin', first_name: 'Al', last_name: 'Bo' },
      patient.token,
    );
    expect(asPatient.statusCode).toBe(403);
  });

  it('deactivating an account ends its sessions at once and keeps it from signing in', async () => {
    expect(
      (
        await invite({
          email: 'temp@evergreen.test',
          role: 'care_team',
          first_name: 'Tem',
          last_name: 'Porary',
        })
      ).statusCode,
    ).toBe(201);
    const link = await linkFor('temp@evergreen.test');
    const created = await t.app.inject({
      method: 'POST',
      url: '/care/invitations/accept',
      payload: { ...link, password: 'Coordinator-1' },
    });
    const userId = json<{ _id: string }>(created)._id;
    const token = json<{ token: string }>(await login('temp@evergreen.test', 'Coordinator-1')).token;
    expect((await t.app.inject({ url: `/care/${org}/queue`, headers: bearer(token) })).statusCode).toBe(200);

    const deactivate = (id: string, as = tokens.admin!) =>
      t.app.inject({ method: 'POST', url: `/care/${org}/staff/${id}/deactivate`, headers: bearer(as) });
    expect((await deactivate(userId, tokens.care!)).statusCode).toBe(403);
    const res = await deactivate(userId);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ url: `/care/${org}/queue`, headers: bearer(token) })).statusCode).toBe(401);
    expect((await login('temp@evergreen.test', 'Coordinator-1')).statusCode).toBe(401);
    const staff = json<CareStaffList>(
      await t.app.inject({ url: `/care/${org}/staff`, headers: bearer(tokens.admin!) }),
    );
    expect(staff.items.find((s) => s._id === userId)?.active).toBe(false);

    const patient = await signupPatient(t.app, org);
    expect((await deactivate(patient.id)).statusCode).toBe(404);
    const me = json<{ user: { _id: string } }>(await login('admin@evergreen.test'))?.user._id;
    expect((await deactivate(me)).statusCode).toBe(400);
  });
});
