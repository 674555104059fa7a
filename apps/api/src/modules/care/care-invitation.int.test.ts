import type { CareAuditPage, CareInvitationLookup } from '@portal/domain/contracts/care';
import { MESSAGES } from '@portal/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  rows,
  signupPatient,
  type TestApp,
  waitForMail,
} from '../../test/harness';

let t: TestApp;
let org: string;
const tokens: Record<string, string> = {};

const login = (email: string, password = 'Demo1234!') =>
  t.app.inject({ method: 'POST', url: `/login/${org}`, payload: { email, password } });

beforeAll(async () => {
  // a low limit per invitation, a high one per address: every request here comes from one address
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '6', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  for (const who of ['care', 'admin'])
    tokens[who] = json<{ token: string }>(await login(`${who}@evergreen.test`)).token;
});
afterAll(() => t.close());

/** Invites a care coordinator and returns the link's id and token, read from the e-mail as the invitee would. */
async function invited(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/care/${org}/staff/invitations`,
    headers: bearer(tokens.admin!),
    payload: { email, role: 'care_team', first_name: 'Casey', last_name: 'Rivera' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await waitForMail(t.outboxDir, email);
  const match = mail.text.match(
    /https?:\/\/[^/\s]+\/care\/invitation\/([0-9a-f]{24})\/([A-Za-z0-9_-]+)(\s|$)/,
  );
  expect(match, mail.text).not.toBeNull();
  return { invitation: match![1]!, token: match![2]! };
}

const lookup = (id: string, token: string) => t.app.inject({ url: `/care/invitations/${id}/${token}` });
const accept = (body: object) =>
  t.app.inject({ method: 'POST', url: '/care/invitations/accept', payload: body });

describe('an invitation as its link shows it', () => {
  it('greets the invitee with the clinic, their e-mail and role, then says it was used', async () => {
    const link = await invited('casey@evergreen.test');
    const res = await lookup(link.invitation, link.token);
    expect(res.statusCode, res.body).toBe(200);
    const open = json<CareInvitationLookup>(res);
    expect(open).toMatchObject({
      status: 'open',
      email: 'casey@evergreen.test',
      first_name: 'Casey',
      role: 'care_team',
    });
    expect(open.clinic).not.toBe('');
    expect(Object.keys(open).sort()).toEqual([
      'clinic',
      'email',
      'expires_at',
      'first_name',
      'role',
      'status',
    ]);

    expect((await accept({ ...link, password: 'Coordinator-1' })).statusCode).toBe(201);
    expect(json<CareInvitationLookup>(await lookup(link.invitation, link.token)).status).toBe('accepted');
  });

  it('says an invitation has expired once its week is over', async () => {
    const link = await invited('late@evergreen.test');
    // the app's clock, not the database's, decides: tests fix it
    await rows(
      t.database,
      sql`update staff_invitations set expires_at = ${new Date(t.app.ctx.now().getTime() - 1000).toISOString()}::timestamptz where id = ${link.invitation}`,
    );
    const res = await lookup(link.invitation, link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CareInvitationLookup>(res).status).toBe('expired');
    expect((await accept({ ...link, password: 'Coordinator-1' })).statusCode).toBe(400);
  });

  it('tells nothing without the right token: a wrong token and an unknown id answer alike', async () => {
    const link = await invited('guess@evergreen.test');
    const wrong = await lookup(link.invitation, `${link.token.slice(0, -2)}xx`);
    const unknown = await lookup('0123456789abcdef01234567', link.token);
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(json(wrong)).toEqual(json(unknown));
    expect(wrong.body).not.toContain('guess@');
    expect((await lookup('not-an-id', link.token)).statusCode).toBe(400);
    expect((await lookup(link.invitation, 'short')).statusCode).toBe(400);
  });

  it('is rate-limited per invitation, like accepting it', async () => {
    const link = await invited('busy@evergreen.test');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await lookup(link.invitation, link.token)).statusCode);
    expect(codes.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(codes[6]).toBe(429);
  });
});

describe('the password an invitee chooses', () => {
  it("follows the portal's rule for a new password and says so", async () => {
    const link = await invited('weak@evergreen.test');
    for (const password of ['short', 'alllowercase1', 'NoDigitsHere']) {
      const res = await accept({ ...link, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.body).toContain(MESSAGES.newPasswordWeak);
    }
    expect((await accept({ ...link, password: 'Strong-Pass1' })).statusCode).toBe(201);
    expect((await login('weak@evergreen.test', 'Strong-Pass1')).statusCode).toBe(200);
  });
});

describe('the audit trail names the patient', () => {
  it('gives each row the name of the patient it concerns', async () => {
    const patient = await signupPatient(t.app, org);
    const chart = await t.app.inject({
      url: `/care/${org}/patients/${patient.id}/chart`,
      headers: bearer(tokens.care!),
    });
    expect(chart.statusCode).toBe(200);
    await t.app.ctx.audit.flush();
    const [named] = await rows<{ name: string }>(
      t.database,
      sql`select first_name || ' ' || last_name as name from users where id = ${patient.id}`,
    );
    const page = json<CareAuditPage>(
      await t.app.inject({ url: `/care/${org}/audit?patient=${patient.id}`, headers: bearer(tokens.admin!) }),
    );
    const read = page.items.find((i) => i.action === 'GET /care/:org/patients/:id/chart');
    expect(read).toMatchObject({ patient: patient.id, patient_name: named!.name });
  });
});
