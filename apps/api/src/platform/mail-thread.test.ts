import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createThreadMailer } from './mail-thread';

const made: string[] = [];
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const silent = pino({ level: 'silent' });
const mail = (subject: string) => ({ to: 'dana@example.com', subject, text: 'Hi', html: '<p>Hi</p>' });
const outboxIn = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-mail-thread-'));
  made.push(root);
  return path.join(root, 'outbox');
};

describe('the mailer on its own thread', () => {
  it('writes every message to the outbox before its send resolves, with its calendar invitation', async () => {
    const outboxDir = outboxIn();
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = createThreadMailer({ outboxDir, from: 'clinic@example.com', log });
    closing.push(mailer.close);
    expect(mailer.kind).toBe('outbox');
    await Promise.all([
      mailer.send(mail('One')),
      mailer.send(mail('Two')),
      mailer.send({
        ...mail('Three'),
        calendar: { method: 'REQUEST', content: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n' },
      }),
    ]);
    const files = readdirSync(outboxDir);
    const subjects = files
      .filter((f) => f.endsWith('.json'))
      .map((f) => (JSON.parse(readFileSync(path.join(outboxDir, f), 'utf8')) as { subject: string }).subject);
    expect(subjects.sort()).toEqual(['One', 'Three', 'Two']);
    const invitation = files
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(outboxDir, f), 'utf8'))
      .find((eml) => eml.includes('Subject: Three'));
    expect(invitation).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/i);
    // the thread's log lines are written by the server's logger
    expect(lines.filter((l) => l.includes('e-mail written to the outbox'))).toHaveLength(3);
  });

  it('rejects a message the transport refuses, and goes on with the next', async () => {
    // nothing listens on port 9 here: the SMTP connection is refused
    const mailer = createThreadMailer({
      smtpUrl: 'smtp://127.0.0.1:9',
      outboxDir: outboxIn(),
      from: 'clinic@example.com',
      log: silent,
    });
    closing.push(mailer.close);
    expect(mailer.kind).toBe('smtp');
    await expect(mailer.send(mail('Refused'))).rejects.toThrow(/ECONNREFUSED/);
    await expect(mailer.send(mail('Refused again'))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('close waits for the messages under way', async () => {
    const outboxDir = outboxIn();
    const mailer = createThreadMailer({ outboxDir, from: 'clinic@example.com', log: silent });
    const sent = mailer.send(mail('Last'));
    await mailer.close();
    await sent;
    expect(readdirSync(outboxDir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
  });
});
