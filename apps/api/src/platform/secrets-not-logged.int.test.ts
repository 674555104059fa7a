import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, signupPatient, type TestApp, waitForMail } from '../test/harness';
import { codeOf, latestSmsTo } from './sms/read-outbox';

/** Every log line the server writes at the most verbose level, to prove what never appears in them. */
const lines: string[] = [];
let t: TestApp;
let org: string;
let smsDir: string;

beforeAll(async () => {
  smsDir = mkdtempSync(path.join(tmpdir(), 'portal-sms-'));
  t = await createTestApp(
    { LOG_LEVEL: 'trace', SMS_OUTBOX_DIR: smsDir },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
});
afterAll(async () => {
  await t.close();
  rmSync(smsDir, { recursive: true, force: true });
});

describe('what the server never logs', () => {
  it('logs neither passwords, session tokens, reset links nor verification codes', async () => {
    const p = await signupPatient(t.app, org, { password: 'Unlogged-Pass-91' });
    const login = await t.app.inject({
      method: 'POST',
      url: `/login/${org}`,
      payload: { email: p.email, password: 'Unlogged-Pass-91' },
    });
    expect(login.statusCode).toBe(200);
    const token = json<{ token: string }>(login).token;

    const reset = await t.app.inject({
      method: 'POST',
      url: `/reset/${org}/password-reset-request`,
      payload: { email_address: p.email },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const mail = await waitForMail(t.outboxDir, p.email);
    const resetToken = /\/request-password-reset\/[0-9a-f]{24}\/[0-9a-f]{24}\/([A-Za-z0-9_-]+)/.exec(
      mail.text,
    )?.[1];
    expect(resetToken).toBeTruthy();

    const number = '3125550177';
    const sent = await t.app.inject({
      method: 'POST',
      url: `/users/${org}/${p.id}/send-mobile-verification`,
      headers: { authorization: `Bearer ${token}` },
      payload: { mobile_number: number },
    });
    expect(sent.statusCode).toBe(200);
    const code = codeOf(await latestSmsTo(smsDir, number));
    expect(code).toMatch(/^\d{5}$/);

    const log = lines.join('');
    // The server did log these requests: the check below is not vacuous.
    expect(log).toContain('e-mail written to the outbox');
    expect(lines.length).toBeGreaterThan(3);
    for (const secret of [
      'Unlogged-Pass-91',
      token,
      p.token,
      resetToken!,
      `is ${code}`,
      'request-password-reset/',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('logs no message text, neither sent nor refused', async () => {
    const p = await signupPatient(t.app, org);
    const auth = { authorization: `Bearer ${p.token}` };
    const [conversation] = json<{ _id: string }[]>(
      await t.app.inject({ url: '/v2/conversations/patient', headers: auth }),
    );
    const url = `/conversations/${org}/patient/${p.id}/conversation/${conversation!._id}`;
    const before = lines.length;
    const sent = await t.app.inject({
      method: 'PUT',
      url,
      headers: auth,
      payload: { text: 'My secret symptom is dizziness' },
    });
    expect(sent.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'PUT',
      url,
      headers: auth,
      payload: { text: 'Another private worry', colour: 'red' },
    });
    expect(refused.statusCode).toBe(400);
    const log = lines.slice(before).join('');
    expect(log).toContain('request');
    expect(log).not.toContain('dizziness');
    expect(log).not.toContain('private worry');
  });
});
