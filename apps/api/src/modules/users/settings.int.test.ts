import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, latestSmsTo, readSmsOutbox } from '../../platform/sms/read-outbox';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let smsDir: string;

beforeAll(async () => {
  smsDir = mkdtempSync(path.join(tmpdir(), 'portal-sms-'));
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000', SMS_OUTBOX_DIR: smsDir });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
});
afterAll(async () => {
  await t.close();
  rmSync(smsDir, { recursive: true, force: true });
});

type Patient = Awaited<ReturnType<typeof signupPatient>>;
const call = (p: Patient, method: 'GET' | 'PUT' | 'POST', suffix: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/users/${org}/${p.id}${suffix}`,
    headers: bearer(p.token),
    ...(payload ? { payload } : {}),
  });

describe('PUT /users/{org}/{id}: personal information and e-mail', () => {
  const info = {
    first_name: 'Jane',
    last_name: 'Doe',
    sex: 'female',
    birthday: '04-12-1980',
    height: 66,
    weight: 140,
  };

  it('saves the personal information', async () => {
    const p = await signupPatient(t.app, org);
    const res = await call(p, 'PUT', '', info);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject(info);
  });

  it('refuses an invalid weight with 400', async () => {
    const p = await signupPatient(t.app, org);
    const res = await call(p, 'PUT', '', { weight: 1501 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: 'Please enter a valid weight.' });
  });

  it('checks names with the settings form’s rule and messages, and trims them', async () => {
    const p = await signupPatient(t.app, org);
    const short = await call(p, 'PUT', '', { first_name: 'J' });
    expect(short.statusCode).toBe(400);
    expect(json(short)).toMatchObject({ message: 'First name should be at least 2 characters long.' });
    const long = await call(p, 'PUT', '', { last_name: 'x'.repeat(36) });
    expect(json(long)).toMatchObject({ message: 'Last name must be less than 35 characters long.' });
    const padded = await call(p, 'PUT', '', { first_name: '  Jo  ' });
    expect(padded.statusCode).toBe(200);
    expect(json(padded)).toMatchObject({ first_name: 'Jo' });
  });

  it('locks name, sex and birthday of an identity-verified patient', async () => {
    const p = await signupPatient(t.app, org);
    expect((await call(p, 'PUT', '', info)).statusCode).toBe(200);
    await rows(t.database, sql`update users set verified = true where id = ${p.id}`);
    const changed = await call(p, 'PUT', '', { ...info, last_name: 'Smith' });
    expect(changed.statusCode).toBe(400);
    expect(json(changed)).toEqual({
      text: 'ProfileLocked',
      message: "This profile is verified and can't be changed. For any updates, please contact support.",
    });
    // The same values again, with a new weight, still save: only changes of the locked fields are refused.
    const same = await call(p, 'PUT', '', { ...info, weight: 150 });
    expect(same.statusCode).toBe(200);
    expect(json(same)).toMatchObject({ weight: 150, last_name: 'Doe' });
  });

  it('refuses an e-mail another account of the organization has', async () => {
    const a = await signupPatient(t.app, org);
    const b = await signupPatient(t.app, org);
    const res = await call(b, 'PUT', '', { email: a.email.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      text: 'EmailAlreadyExists',
      message: 'An account with this email already exists.',
    });
    const ok = await call(b, 'PUT', '', { email: 'New.Address@Example.com' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ email: 'new.address@example.com' });
  });
});

describe('PUT /users/{org}/{id}/reset-password', () => {
  it('changes the password, ends the other sessions and answers a new token', async () => {
    const p = await signupPatient(t.app, org, { password: 'secret123' });
    const other = json<{ token: string }>(
      await t.app.inject({
        method: 'POST',
        url: `/login/${org}`,
        payload: { email: p.email, password: 'secret123' },
      }),
    ).token;
    const res = await call(p, 'PUT', '/reset-password', {
      current_password: 'secret123',
      new_password: 'NewPass123',
    });
    expect(res.statusCode).toBe(200);
    const body = json<{ message: string; token: string; user: { _id: string } }>(res);
    expect(body.message).toBe('Password updated successfully');
    expect(body.user._id).toBe(p.id);

    const me = (token: string) =>
      t.app.inject({ url: `/users/${org}/user/${p.id}/patient`, headers: bearer(token) });
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(p.token)).statusCode).toBe(401);
    expect((await me(body.token)).statusCode).toBe(200);

    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: `/login/${org}`, payload: { email: p.email, password } });
    expect((await login('secret123')).statusCode).toBe(401);
    expect((await login('NewPass123')).statusCode).toBe(200);
    const [stored] = await rows<{ password_hash: string }>(
      t.database,
      sql`select password_hash from users where id = ${p.id}`,
    );
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a wrong current password with 400 and keeps the password', async () => {
    const p = await signupPatient(t.app, org, { password: 'secret123' });
    const res = await call(p, 'PUT', '/reset-password', {
      current_password: 'wrong-one',
      new_password: 'NewPass123',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      text: 'InvalidCurrentPassword',
      message: 'Your current password is incorrect.',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: `/login/${org}`,
      payload: { email: p.email, password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('applies the rules of 001 §5 with their messages', async () => {
    const p = await signupPatient(t.app, org, { password: 'Secret123' });
    const weak = await call(p, 'PUT', '/reset-password', {
      current_password: 'Secret123',
      new_password: 'alllower1',
    });
    expect(weak.statusCode).toBe(400);
    expect(json(weak)).toMatchObject({
      message:
        'Password must be at least 8 characters long and contain an uppercase letter, a lowercase letter and a number.',
    });
    const same = await call(p, 'PUT', '/reset-password', {
      current_password: 'Secret123',
      new_password: 'Secret123',
    });
    expect(json(same)).toMatchObject({
      message: 'Your new password cannot be the same as your current password.',
    });
    const empty = await call(p, 'PUT', '/reset-password', {
      current_password: '',
      new_password: 'NewPass123',
    });
    expect(json(empty)).toMatchObject({ message: 'Please enter your current password.' });
  });

  it("refuses another patient's account with 403", async () => {
    const a = await signupPatient(t.app, org);
    const b = await signupPatient(t.app, org);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${a.id}/reset-password`,
      headers: bearer(b.token),
      payload: { current_password: b.password, new_password: 'NewPass123' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /users/{org}/{id}/update-shipping', () => {
  const address = {
    first_name: 'Jane',
    last_name: 'Doe',
    street_address: ' 1 Main St ',
    apt_suite: '',
    city: 'Austin',
    state: 'tx',
    zip_code: '78701',
    country: 'us',
    phone_number: '5125550188',
  };

  it('saves the normalized address', async () => {
    const p = await signupPatient(t.app, org);
    const res = await call(p, 'PUT', '/update-shipping', { shipping_info: address });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      shipping_info: { street_address: '1 Main St', state: 'TX', phone_number: '(512) 555-0188' },
    });
  });

  it('refuses an invalid zip code with the settings message', async () => {
    const p = await signupPatient(t.app, org);
    const res = await call(p, 'PUT', '/update-shipping', { shipping_info: { ...address, zip_code: '787' } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: 'Invalid zip code.' });
  });

  it("refuses another patient's address with 403", async () => {
    const a = await signupPatient(t.app, org);
    const b = await signupPatient(t.app, org);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${a.id}/update-shipping`,
      headers: bearer(b.token),
      payload: { shipping_info: address },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /users/{org}/{id}/state', () => {
  it('answers null, then the saved home state', async () => {
    const p = await signupPatient(t.app, org);
    expect(json(await call(p, 'GET', '/state'))).toBeNull();
    expect((await call(p, 'PUT', '', { state: 'TX' })).statusCode).toBe(200);
    expect(json(await call(p, 'GET', '/state'))).toMatchObject({ abbreviation: 'TX', name: 'Texas' });
  });
});

describe('mobile verification', () => {
  let n = 0;
  /** A fresh valid number per test: 312-555-01xx. */
  const nextNumber = () => {
    n += 1;
    return `312555${String(100 + n).padStart(4, '0')}`;
  };
  const send = (p: Patient, mobile_number: string) =>
    call(p, 'POST', '/send-mobile-verification', { mobile_number });
  const verify = (p: Patient, code: string) => call(p, 'POST', '/mobile-verify', { code });
  const sentCode = async (number: string) => codeOf(await latestSmsTo(smsDir, number));

  it('texts a 5-digit code to the number and verifies it once', async () => {
    const p = await signupPatient(t.app, org);
    const number = nextNumber();
    const masked = `(${number.slice(0, 3)}) ${number.slice(3, 6)}-${number.slice(6)}`;
    const res = await send(p, masked);
    expect(res.statusCode).toBe(200);
    const { expires_at } = json<{ expires_at: string }>(res);
    const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);

    const sms = await latestSmsTo(smsDir, number);
    expect(sms).toMatchObject({ to: `+1${number}` });
    expect(sms?.sent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const code = codeOf(sms);
    expect(code).toMatch(/^\d{5}$/);
    // Only a keyed hash is stored.
    const [row] = await rows<{ code_hash: string }>(
      t.database,
      sql`select code_hash from mobile_verifications where user_id = ${p.id}`,
    );
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code!);

    const ok = await verify(p, code!);
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ mobile_number: number, mobile_verified: true });
    const again = await verify(p, code!);
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ text: 'VerificationCodeIncorrect' });
  });

  it('refuses a number that is not a valid US number', async () => {
    const p = await signupPatient(t.app, org);
    const res = await send(p, '(112) 555-0188');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ text: 'PhoneNumberInvalid', message: 'Phone number is not correct' });
  });

  it('counts wrong codes and refuses even the right one after 5', async () => {
    const p = await signupPatient(t.app, org);
    const number = nextNumber();
    expect((await send(p, number)).statusCode).toBe(200);
    const code = (await sentCode(number))!;
    const wrong = code === '00000' ? '11111' : '00000';
    const first = await verify(p, wrong);
    expect(first.statusCode).toBe(400);
    expect(json(first)).toEqual({
      text: 'VerificationCodeIncorrect',
      message: 'The code you entered is incorrect. Please try again.',
    });
    for (let i = 2; i <= 5; i += 1) expect((await verify(p, wrong)).statusCode).toBe(400);
    const locked = await verify(p, code);
    expect(locked.statusCode).toBe(400);
    expect(json(locked)).toEqual({
      text: 'VerificationCodeAttempts',
      message: 'Too many incorrect attempts. Please request a new code.',
    });
    // A new code starts over.
    expect((await send(p, number)).statusCode).toBe(200);
    expect((await verify(p, (await sentCode(number))!)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const p = await signupPatient(t.app, org);
    const number = nextNumber();
    expect((await send(p, number)).statusCode).toBe(200);
    await rows(
      t.database,
      sql`update mobile_verifications set expires_at = now() - interval '1 second' where user_id = ${p.id}`,
    );
    const res = await verify(p, (await sentCode(number))!);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      text: 'VerificationCodeExpired',
      message: 'This code has expired. Please request a new code.',
    });
  });

  it('only accepts the latest code', async () => {
    const p = await signupPatient(t.app, org);
    const number = nextNumber();
    await send(p, number);
    const old = (await sentCode(number))!;
    await send(p, number);
    const latest = (await sentCode(number))!;
    if (old !== latest) expect((await verify(p, old)).statusCode).toBe(400);
    expect((await verify(p, latest)).statusCode).toBe(200);
  });

  it('limits the codes sent per patient', async () => {
    const p = await signupPatient(t.app, org);
    const number = nextNumber();
    for (let i = 0; i < 5; i += 1) expect((await send(p, number)).statusCode).toBe(200);
    const res = await send(p, number);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await readSmsOutbox(smsDir)).filter((s) => s.to === `+1${number}`)).toHaveLength(5);
  });

  it('limits the codes sent to one number, whichever account asks', async () => {
    const a = await signupPatient(t.app, org);
    const b = await signupPatient(t.app, org);
    const number = nextNumber();
    for (let i = 0; i < 5; i += 1) expect((await send(a, number)).statusCode).toBe(200);
    expect((await send(b, number)).statusCode).toBe(429);
    expect((await send(b, nextNumber())).statusCode).toBe(200);
  });

  it('refuses a code with letters or the wrong length', async () => {
    const p = await signupPatient(t.app, org);
    const res = await verify(p, '1234');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: 'Please enter verification code.' });
  });

  it("refuses another patient's verification with 403", async () => {
    const a = await signupPatient(t.app, org);
    const b = await signupPatient(t.app, org);
    for (const suffix of ['/send-mobile-verification', '/mobile-verify']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/users/${org}/${a.id}${suffix}`,
        headers: bearer(b.token),
        payload: { mobile_number: '3125550199', code: '12345' },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('is refused where the organization switched mobile verification off', async () => {
    await rows(
      t.database,
      sql`update organizations set settings = jsonb_set(settings, '{verification,has_mobile_verification}', 'false') where id = ${org}`,
    );
    try {
      const p = await signupPatient(t.app, org);
      const res = await send(p, nextNumber());
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ text: 'MobileVerificationDisabled' });
    } finally {
      await rows(
        t.database,
        sql`update organizations set settings = jsonb_set(settings, '{verification,has_mobile_verification}', 'true') where id = ${org}`,
      );
    }
  });
});
