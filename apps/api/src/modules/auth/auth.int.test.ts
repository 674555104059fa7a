import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
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
let otherOrg: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '5', RATE_LIMIT_ADDRESS: '40' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
});
afterAll(() => t.close());

const login = (email: string, password: string, orgId = org, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/login/${orgId}`, payload: { email, password }, remoteAddress: ip });

describe('signup', () => {
  it('creates a patient with title-cased names and a lower-cased e-mail, and returns a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/users',
      headers: { organization: org },
      payload: {
        first_name: 'mary-jane',
        last_name: "o'neil",
        email: '  Mary.Jane@Example.COM ',
        password: 'secret1',
        accepted_terms: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const body = json<{ token: string; user: Record<string, unknown> }>(res);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({
      first_name: 'Mary-Jane',
      last_name: "O'Neil",
      email: 'mary.jane@example.com',
      organization: org,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
  });

  it('refuses a duplicate e-mail, whatever its case, with 400 EmailAlreadyExists', async () => {
    const p = await signupPatient(t.app, org);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/users',
      payload: {
        first_name: 'Ann',
        last_name: 'Other',
        email: p.email.toUpperCase(),
        password: 'secret1',
        organization: org,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      text: 'EmailAlreadyExists',
      message: 'Patient with this email already exists.',
    });
  });

  it('lets the same e-mail exist in another organization', async () => {
    const p = await signupPatient(t.app, org);
    const again = await signupPatient(t.app, otherOrg, { email: p.email });
    expect(again.organization).toBe(otherOrg);
  });

  it('checks the signup rules on the server with the documents\u2019 messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/users',
      payload: { first_name: 'A', last_name: 'Bee', email: 'x@y', password: '123', organization: org },
    });
    expect(res.statusCode).toBe(400);
    const body = json<{ text: string; fields: { path: string; message: string }[] }>(res);
    expect(body.text).toBe('ValidationError');
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { path: 'body.first_name', message: 'Enter your first name.' },
        { path: 'body.email', message: 'Please enter a valid email address' },
        { path: 'body.password', message: 'Password must be at least 6 characters long.' },
      ]),
    );
  });
});

describe('login', () => {
  it('signs in with the right password and answers 401 InvalidCredentials otherwise', async () => {
    const p = await signupPatient(t.app, org);
    const ok = await login(p.email.toUpperCase(), p.password);
    expect(ok.statusCode).toBe(200);
    expect(json<{ user: { _id: string } }>(ok).user._id).toBe(p.id);

    const wrong = await login(p.email, 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toEqual({
      text: 'InvalidCredentials',
      message: "It looks like the email and password you entered don't match our records.",
    });
    const unknown = await login('nobody@example.com', 'whatever1');
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown)).toEqual(json(wrong));
  });

  it('does not sign a patient into another organization', async () => {
    const p = await signupPatient(t.app, org);
    expect((await login(p.email, p.password, otherOrg)).statusCode).toBe(401);
  });

  it('limits attempts per account even from new client addresses, and per address across accounts', async () => {
    const p = await signupPatient(t.app, org);
    for (let i = 0; i < 5; i++)
      expect((await login(p.email, 'bad-password', org, `10.1.0.${i}`)).statusCode).toBe(401);
    const limited = await login(p.email, p.password, org, '10.1.0.99');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ text: 'TooManyRequests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const statuses: number[] = [];
    for (let i = 0; i < 41; i++)
      statuses.push((await login(`someone${i}@example.com`, 'bad-password', org, '10.2.0.1')).statusCode);
    expect(statuses.slice(0, 40).every((s) => s === 401)).toBe(true);
    expect(statuses[40]).toBe(429);
  });
});

describe('sessions', () => {
  it('reads the patient with a valid token', async () => {
    const p = await signupPatient(t.app, org);
    const res = await t.app.inject({ url: `/users/${org}/user/${p.id}/patient`, headers: bearer(p.token) });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ _id: p.id, email: p.email });
  });

  it('ends every earlier token on logout', async () => {
    const p = await signupPatient(t.app, org);
    const second = json<{ token: string }>(await login(p.email, p.password, org, '10.3.0.1')).token;
    const out = await t.app.inject({ method: 'POST', url: '/v2/auth/logout', headers: bearer(p.token) });
    expect(out.statusCode).toBe(204);
    for (const token of [p.token, second]) {
      const res = await t.app.inject({ url: `/users/${org}/user/${p.id}/patient`, headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 401 TokenExpired for an expired token, and 401 for forged ones', async () => {
    const p = await signupPatient(t.app, org);
    const url = `/users/${org}/user/${p.id}/patient`;
    const [, payloadPart] = p.token.split('.');
    const claims = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString()) as { sid: string };
    const expired = await t.app.ctx.tokens.sign(
      { sub: p.id, org, sid: claims.sid },
      new Date(Date.now() - 120_000),
    );
    const res = await t.app.inject({ url, headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({
      text: 'TokenExpired',
      message: 'Your session has expired, you will now be redirected to log in again.',
    });

    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const payload = {
      sub: p.id,
      org,
      sid: claims.sid,
      iss: 'portal',
      exp: Math.floor(Date.now() / 1000) + 3600,
    };
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    const wrongKey = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-1234'));
    const [h, , s] = p.token.split('.');
    const tampered = `${h}.${b64({ ...payload, sub: '0'.repeat(24) })}.${s}`;
    for (const token of [unsigned, wrongKey, tampered, 'garbage', `${p.token}x`]) {
      const r = await t.app.inject({ url, headers: bearer(token) });
      expect(r.statusCode, token).toBe(401);
      expect(json(r)).toMatchObject({ text: 'Unauthorized' });
    }
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const resetLinkOf = (text: string) => {
    const match = text.match(
      /https?:\/\/\S+\/request-password-reset\/([0-9a-f]{24})\/([0-9a-f]{24})\/([A-Za-z0-9_-]+)/,
    );
    if (!match) throw new Error('no reset link in the mail');
    return { link: match[0], org: match[1]!, user: match[2]!, token: match[3]! };
  };

  it('gives the same answer for a known and an unknown e-mail', async () => {
    const p = await signupPatient(t.app, org);
    const known = await t.app.inject({
      method: 'POST',
      url: `/reset/${org}/password-reset-request`,
      payload: { email_address: p.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/reset/${org}/password-reset-request`,
      payload: { email_address: 'ghost@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(json(known)).toEqual({
      message: 'Please check your email for instructions on how to reset your password.',
    });
  });

  it('resets the password through the e-mailed link, once, and ends earlier tokens', async () => {
    const p = await signupPatient(t.app, org);
    const res = await t.app.inject({
      method: 'POST',
      url: `/reset/${org}/password-reset-request`,
      headers: { host: 'evil.example.com' },
      payload: { email_address: p.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(t.outboxDir, p.email);
    const link = resetLinkOf(mail.text);
    // Built from the organization's stored address, not from the forged Host header.
    expect(link.link.startsWith('http://localhost:3000/request-password-reset/')).toBe(true);
    expect(mail.text).not.toContain('evil.example.com');
    expect(link).toMatchObject({ org, user: p.id });

    const put = (token: string, password = 'brandNew99') =>
      t.app.inject({
        method: 'PUT',
        url: `/users/${org}/${p.id}/reset-password-token`,
        payload: {
          new_password: password,
          confirm_password: password,
          reset_token: token,
          user_id: p.id,
          organization: org,
        },
      });
    const bad = await put('not-the-token');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ text: 'InvalidResetToken' });

    expect((await put(link.token)).statusCode).toBe(200);
    expect((await login(p.email, 'brandNew99', org, '10.4.0.1')).statusCode).toBe(200);
    expect((await login(p.email, p.password, org, '10.4.0.2')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/users/${org}/user/${p.id}/patient`, headers: bearer(p.token) }))
        .statusCode,
    ).toBe(401);

    const reused = await put(link.token, 'another99');
    expect(reused.statusCode).toBe(400);
  });

  it('only the latest link works, and a link expires', async () => {
    const p = await signupPatient(t.app, org);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: `/reset/${org}/password-reset-request`,
        payload: { email_address: p.email },
      });
    await ask();
    const first = resetLinkOf((await waitForMail(t.outboxDir, p.email, 1)).text);
    await ask();
    const second = resetLinkOf((await waitForMail(t.outboxDir, p.email, 2)).text);
    const put = (token: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/users/${org}/${p.id}/reset-password-token`,
        payload: { new_password: 'newpass1', confirm_password: 'newpass1', reset_token: token },
      });
    expect((await put(first.token)).statusCode).toBe(400);
    await rows(
      t.database,
      sql`update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = ${p.id}`,
    );
    expect((await put(second.token)).statusCode).toBe(400);
  });

  it('checks the new password rules with the documents\u2019 messages', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${'a'.repeat(24)}/reset-password-token`,
      payload: { new_password: 'abcdef', confirm_password: 'abcdeg', reset_token: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      text: 'ValidationError',
      message: 'Please make sure your passwords match.',
    });
  });
});
