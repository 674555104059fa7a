import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { mkdir, rename, writeFile } from '../outbox-fs';
import type { SmsSender } from './adapter';

/** What one outbox file holds (`<sent_at with - for :>-<random>.json`). */
export type OutboxSms = { to: string; body: string; sent_at: string };

/**
 * Texts as files, for development and tests: one JSON file per message, written under a temporary name and
 * renamed, so a reader (a browser test polling the folder) never sees half a message.
 */
export function createOutboxSmsSender(opts: { outboxDir: string; log: FastifyBaseLogger }): SmsSender {
  return {
    kind: 'outbox',
    outboxDir: opts.outboxDir,
    async send(sms) {
      await mkdir(opts.outboxDir, { recursive: true });
      const sentAt = new Date().toISOString();
      const name = `${sentAt.replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.json`;
      const record: OutboxSms = { to: sms.to, body: sms.body, sent_at: sentAt };
      const tmp = path.join(opts.outboxDir, `.${name}.tmp`);
      await writeFile(tmp, JSON.stringify(record), { mode: 0o600 });
      await rename(tmp, path.join(opts.outboxDir, name));
      // The number and the text (it may hold a code) stay out of the logs.
      opts.log.info({ file: name }, 'text message written to the SMS outbox');
    },
  };
}
