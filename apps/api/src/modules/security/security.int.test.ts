import { FIXED_NOW } from '@portal/domain/testing/fixed-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  readOutbox,
  rows,
  signupPatient,
  type TestApp,
  waitForMail,
} from '../../test/harness';
import { totpCode } from './totp';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let org: string;
let otherOrg: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '6', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
});
afterAll(() => t.close());

type Patient = Awaited<ReturnType<typeof signupPatient>>;
type Overview = {
  two_factor_enabled: boolean;
  recovery_codes_left: number;
  sessions: { id: string; device: string | null; current: boolean }[];
  setup?: { secret: string; otpauth_url: string; qr_svg: string };
  recovery_codes?: string[];
  token?: string;
};

const at = (stepsFromNow: number) => new Date(FIXED_NOW.getTime() + stepsFromNow * 30_000);
const login = (email: string, password: string, code?: string, orgId = org) =>
  t.app.inject({
    method: 'POST',
    url: `/login/${orgId}`,
    headers: { 'user-agent': CHROME_MAC },
    payload: code === undefined ? { email, password } : { email, password, code },
  });
const security = (p: Patient, token: string, body?: object, as?: string) =>
  t.app.inject({
    method: body ? 'POST' : 'GET',
    url: `/users/${org}/${as ?? p.id}/security`,
    headers: { ...bearer(token), 'user-agent': CHROME_MAC },
    ...(body ? { payload: body } : {}),
  });

/** A patient with two-factor sign-in on; the code of the current step has been used to turn it on. */
async function withTwoFactor() {
  const p = await signupPatient(t.app, org);
  const started = json<Overview>(await security(p, p.token, { action: 'start_two_factor' }));
  const secret = started.setup!.secret;
  const enabled = await security(p, p.token, { action: 'enable_two_factor', code: totpCode(secret, at(0)) });
  expect(enabled.statusCode).toBe(200);
  return { p, secret, recoveryCodes: json<Overview>(enabled).recovery_codes! };
}

describe('two-factor sign-in: setting it up', () => {
  it('starts off, shows a QR code and a secret, and turns on only with a right code', async () => {
    const p = await signupPatient(t.app, org);
    const first = json<Overview>(await security(p, p.token));
    expect(first).toMatchObject({ two_factor_enabled: false, recovery_codes_left: 0 });

    const start = await security(p, p.token, { action: 'start_two_factor' });
    expect(start.statusCode).toBe(200);
    const { setup } = json<Overview>(start);
    expect(setup!.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup!.otpauth_url).toContain(`secret=${setup!.secret}`);
    expect(setup!.otpauth_url).toContain('issuer=Evergreen%20Longevity');
    expect(setup!.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Still off until confirmed: a login needs no code.
    expect((await login(p.email, p.password)).statusCode).toBe(200);

    const wrong = await security(p, p.token, { action: 'enable_two_factor', code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ text: 'TwoFactorCodeIncorrect' });

    const on = await security(p, p.token, {
      action: 'enable_two_factor',
      code: totpCode(setup!.secret, at(0)),
    });
    expect(on.statusCode).toBe(200);
    const body = json<Overview>(on);
    expect(body.two_factor_enabled).toBe(true);
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    expect(body.recovery_codes_left).toBe(10);

    const mail = await waitForMail(t.outboxDir, p.email);
    expect(mail.subject).toBe('Two-factor sign-in is on for your Evergreen Longevity account');
    expect(mail.text).toContain('from Chrome on macOS');

    // Neither the secret nor a recovery code is stored as given.
    const [stored] = await rows<{ secret: string }>(
      t.database,
      sql`select secret from two_factor where user_id = ${p.id}`,
    );
    expect(stored!.secret).not.toContain(setup!.secret);
    const hashes = await rows<{ code_hash: string }>(
      t.database,
      sql`select code_hash from recovery_codes where user_id = ${p.id}`,
    );
    expect(hashes).toHaveLength(10);
    for (const code of body.recovery_codes!) {
      expect(hashes.some((h) => h.code_hash.includes(code.replace('-', '')))).toBe(false);
    }
  });

  it('refuses to enable without a started setup, or twice', async () => {
    const p = await signupPatient(t.app, org);
    const early = await security(p, p.token, { action: 'enable_two_factor', code: '123456' });
    expect(json(early)).toMatchObject({ text: 'TwoFactorNotStarted' });
    const { p: on, secret } = await withTwoFactor();
    const again = await security(on, (await loginToken(on, secret)).token, { action: 'start_two_factor' });
    expect(json(again)).toMatchObject({ text: 'TwoFactorAlreadyOn' });
  });

  it('answers a clear 400 for an unknown action or a malformed body', async () => {
    const p = await signupPatient(t.app, org);
    for (const body of [
      { action: 'steal' },
      { action: 'enable_two_factor' },
      { action: 'start_two_factor', x: 1 },
    ]) {
      const res = await security(p, p.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res)).toMatchObject({ text: 'ValidationError' });
    }
  });
});

async function loginToken(p: Patient, secret?: string, step = 1) {
  const res = await login(p.email, p.password, secret ? totpCode(secret, at(step)) : undefined);
  return json<{ token: string }>(res);
}

describe('two-factor sign-in: logging in', () => {
  it('asks for the code, refuses a wrong, a replayed and an expired code, and takes a fresh one', async () => {
    const { p, secret } = await withTwoFactor();

    const none = await login(p.email, p.password);
    expect(none.statusCode).toBe(403);
    expect(json(none)).toEqual({
      text: 'TwoFactorRequired',
      message: 'Enter the 6-digit code from your authenticator app.',
    });

    const wrong = await login(p.email, p.password, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject({ text: 'TwoFactorCodeIncorrect' });

    // The code that turned it on was of this step: it cannot be used again.
    const replayed = await login(p.email, p.password, totpCode(secret, at(0)));
    expect(json(replayed)).toMatchObject({ text: 'TwoFactorCodeIncorrect' });

    const expired = await login(p.email, p.password, totpCode(secret, at(-3)));
    expect(json(expired)).toMatchObject({ text: 'TwoFactorCodeIncorrect' });

    // A wrong password is still a wrong password, code or not.
    const badPassword = await login(p.email, 'not-the-password', totpCode(secret, at(1)));
    expect(json(badPassword)).toMatchObject({ text: 'InvalidCredentials' });

    const fresh = await login(p.email, p.password, totpCode(secret, at(1)).replace(/^(\d{3})/, '$1 '));
    expect(fresh.statusCode).toBe(200);
    expect(json(fresh)).toHaveProperty('token');

    const again = await login(p.email, p.password, totpCode(secret, at(1)));
    expect(json(again)).toMatchObject({ text: 'TwoFactorCodeIncorrect' });
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const { p, recoveryCodes } = await withTwoFactor();
    const code = recoveryCodes[3]!;
    const ok = await login(p.email, p.password, code.toUpperCase().replace('-', ''));
    expect(ok.statusCode).toBe(200);
    const reused = await login(p.email, p.password, code);
    expect(reused.statusCode).toBe(401);
    const view = json<Overview>(await security(p, json<{ token: string }>(ok).token));
    expect(view.recovery_codes_left).toBe(9);
  });

  it('counts wrong codes with wrong passwords against the account limit', async () => {
    const { p, secret } = await withTwoFactor();
    for (let i = 0; i < 6; i += 1) {
      expect((await login(p.email, p.password, '000000')).statusCode).toBe(401);
    }
    const limited = await login(p.email, p.password, totpCode(secret, at(1)));
    expect(limited.statusCode).toBe(429);
  });
});

describe('two-factor sign-in: recovery codes and turning it off', () => {
  it('renews the recovery codes with a code, voiding the old ones', async () => {
    const { p, secret, recoveryCodes } = await withTwoFactor();
    const { token } = await loginToken(p, secret, 1);
    const renewed = await security(p, token, {
      action: 'regenerate_recovery_codes',
      code: recoveryCodes[0]!,
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = json<Overview>(renewed).recovery_codes!;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[1]);
    expect((await login(p.email, p.password, recoveryCodes[1]!)).statusCode).toBe(401);
    expect((await login(p.email, p.password, fresh[0]!)).statusCode).toBe(200);
  });

  it('turns off with the password and a code, and e-mails the patient', async () => {
    const { p, secret, recoveryCodes } = await withTwoFactor();
    // Steps 0 and 1 are used (turning on, this login): the one code left in the window is a recovery code.
    const { token } = await loginToken(p, secret, 1);
    const badPassword = await security(p, token, {
      action: 'disable_two_factor',
      password: 'nope',
      code: recoveryCodes[0]!,
    });
    expect(json(badPassword)).toMatchObject({ text: 'InvalidCurrentPassword' });
    const stale = await security(p, token, {
      action: 'disable_two_factor',
      password: p.password,
      code: totpCode(secret, at(1)),
    });
    expect(json(stale)).toMatchObject({ text: 'TwoFactorCodeIncorrect' });

    const off = await security(p, token, {
      action: 'disable_two_factor',
      password: p.password,
      code: recoveryCodes[0]!,
    });
    expect(off.statusCode).toBe(200);
    expect(json<Overview>(off)).toMatchObject({ two_factor_enabled: false, recovery_codes_left: 0 });
    await waitForMail(t.outboxDir, p.email, 2);
    expect(
      readOutbox(t.outboxDir)
        .filter((m) => m.to === p.email)
        .map((m) => m.subject),
    ).toEqual([
      'Two-factor sign-in is on for your Evergreen Longevity account',
      'Two-factor sign-in is off for your Evergreen Longevity account',
    ]);
    expect((await login(p.email, p.password)).statusCode).toBe(200);
  });
});

describe('signed-in sessions', () => {
  it('lists the sessions with their device, and signs out of all the others', async () => {
    const p = await signupPatient(t.app, org);
    const phone = json<{ token: string }>(await login(p.email, p.password)).token;
    const laptop = json<{ token: string }>(await login(p.email, p.password)).token;

    const list = json<Overview>(await security(p, laptop));
    expect(list.sessions.length).toBe(3);
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(list.sessions.find((s) => s.current)?.device).toBe('Chrome on macOS');

    const out = await security(p, laptop, { action: 'sign_out_other_sessions' });
    expect(out.statusCode).toBe(200);
    const body = json<Overview>(out);
    expect(body.token).toBeTruthy();
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({ current: true, device: 'Chrome on macOS' });

    for (const old of [phone, laptop, p.token]) {
      expect((await security(p, old)).statusCode).toBe(401);
    }
    expect((await security(p, body.token!)).statusCode).toBe(200);
  });
});

describe("who may reach an account's security", () => {
  it("is the account holder alone: not another patient, not the clinic's staff, not another clinic", async () => {
    const owner = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    const staff = json<{ token: string }>(await login('care@evergreen.test', 'Demo1234!')).token;
    const elsewhere = await signupPatient(t.app, otherOrg);

    expect((await security(owner, other.token, undefined)).statusCode).toBe(403);
    expect((await security(other, other.token, undefined, owner.id)).statusCode).toBe(403);
    expect((await security(other, staff, undefined, owner.id)).statusCode).toBe(403);
    expect((await security(other, staff, { action: 'start_two_factor' }, owner.id)).statusCode).toBe(403);
    expect((await security(other, elsewhere.token, undefined, owner.id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/users/${org}/${owner.id}/security` })).statusCode).toBe(401);
  });
});
