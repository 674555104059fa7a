import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { createSmsSender, smsOutboxDir, toE164 } from './index';
import { createOutboxSmsSender } from './outbox';
import { codeOf, latestSmsTo } from './read-outbox';

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as never;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sms-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('outbox SMS sender', () => {
  it('writes one complete JSON file per text, never leaving a temporary file', async () => {
    const dir = path.join(tempDir(), 'sms-outbox');
    const sender = createOutboxSmsSender({ outboxDir: dir, log });
    await sender.send({ to: '+13125550188', body: 'Brand: your verification code is 04217.' });
    await sender.send({ to: '+13125550199', body: 'Brand: your verification code is 99999.' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.json') && !f.startsWith('.'))).toBe(true);
    const first = JSON.parse(readFileSync(path.join(dir, files.sort()[0]!), 'utf8'));
    expect(Object.keys(first).sort()).toEqual(['body', 'sent_at', 'to']);
    expect(statSync(path.join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    const latest = await latestSmsTo(dir, '3125550188');
    expect(latest?.to).toBe('+13125550188');
    expect(codeOf(latest)).toBe('04217');
    expect(await latestSmsTo(dir, '+12125550100')).toBeUndefined();
  });

  it('never logs the number or the text', async () => {
    const info = vi.fn();
    const sender = createOutboxSmsSender({ outboxDir: tempDir(), log: { info } as never });
    await sender.send({ to: '+13125550188', body: 'code 12345' });
    const logged = JSON.stringify(info.mock.calls);
    expect(logged).not.toContain('3125550188');
    expect(logged).not.toContain('12345');
  });
});

describe('createSmsSender', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: 'memory://', TOKEN_SECRET: 'x'.repeat(40) };

  it('uses the outbox in DATA_DIR/sms-outbox by default', () => {
    const dir = tempDir();
    const sender = createSmsSender(loadConfig({ ...base, DATA_DIR: dir }), log);
    expect(sender.kind).toBe('outbox');
    expect(sender.outboxDir).toBe(path.join(dir, 'sms-outbox'));
    expect(smsOutboxDir({ DATA_DIR: dir, SMS_OUTBOX_DIR: '/x/y' })).toBe('/x/y');
  });

  it('uses Twilio when its three settings are given, and only all three together', () => {
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'a'.repeat(32),
      TWILIO_FROM: '+15005550006',
    };
    expect(createSmsSender(loadConfig({ ...base, ...twilio }), log).kind).toBe('twilio');
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID })).toThrow(
      /must be set together/,
    );
    expect(() => loadConfig({ ...base, ...twilio, TWILIO_FROM: '555' })).toThrow(/TWILIO_FROM/);
  });

  it('formats US numbers as E.164', () => {
    expect(toE164('3125550188')).toBe('+13125550188');
  });
});
