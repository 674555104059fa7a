import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mail';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the outbox mailer', () => {
  it('writes each message as .eml and .json, making its folder again when it was removed', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'portal-mail-'));
    made.push(root);
    const outboxDir = path.join(root, 'outbox');
    const mailer = createMailer({ outboxDir, from: 'clinic@example.com', log: pino({ level: 'silent' }) });
    const mail = { to: 'dana@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
    await mailer.send(mail);
    expect(readdirSync(outboxDir).filter((f) => !f.startsWith('.'))).toHaveLength(2);
    rmSync(outboxDir, { recursive: true, force: true });
    await mailer.send({ ...mail, subject: 'Again' });
    const files = readdirSync(outboxDir);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(1);
    expect(files.filter((f) => f.startsWith('.'))).toEqual([]);
  });
});
