import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createMailer, type Mail, type MailerOptions } from './mail';

/**
 * The mail thread (see mail-thread.ts): the mailer itself, run here on messages from the server's thread.
 * Each message answers `{ id }` when sent, `{ id, error }` when not; the mailer's log lines go back to be
 * written by the server's logger.
 */
export type MailRequest = { id: number; mail: Mail };
export type MailReply =
  | { id: number; error?: unknown }
  | { log: { obj: Record<string, unknown>; msg: string } };

// On Linux a thread has a priority of its own: this one yields the cores to requests and to the database,
// and makes its e-mails when they are idle (a burst of bookings is answered first).
try {
  setPriority(10);
} catch {
  // not allowed here: the thread runs at the server's priority
}

const port = parentPort!;
const mailer = createMailer({
  ...(workerData as MailerOptions),
  log: { info: (obj, msg) => port.postMessage({ log: { obj, msg } } satisfies MailReply) },
});

port.on('message', ({ id, mail }: MailRequest) => {
  mailer.send(mail).then(
    () => port.postMessage({ id } satisfies MailReply),
    (error: unknown) => port.postMessage({ id, error } satisfies MailReply),
  );
});
