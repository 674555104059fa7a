import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer, MailerOptions } from './mail';
import type { MailReply, MailRequest } from './mail-worker';

/**
 * The mailer on a thread of its own, at a lower priority (decision 051): making a message (MIME, quoted-
 * printable, the calendar invitation) and writing or sending it was about a third of a booking's CPU on the
 * server's one thread, so in a burst of bookings each patient waited on the e-mails of the bookings before
 * theirs. The thread runs the same mailer (mail.ts); `send` still resolves once the message is written or
 * accepted by the SMTP server, and rejects as it would. A thread that dies fails what it held, and the next
 * message starts another.
 */
export function createThreadMailer(opts: MailerOptions & { log: FastifyBaseLogger }): Mailer & {
  close: () => Promise<void>;
} {
  const { log, ...options } = opts;
  const waiting = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();
  const underWay = new Set<Promise<void>>();
  let next = 0;
  let worker: Worker | undefined;

  // Held open while a message is under way (so a process with nothing else to do still finishes it), and
  // not otherwise: an idle thread never keeps the process alive.
  const settle = (id: number, error?: unknown) => {
    const w = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) worker?.unref();
    if (error === undefined) w?.resolve();
    else w?.reject(error);
  };

  const start = () => {
    const started = spawn(options);
    started.on('message', (reply: MailReply) => {
      if ('log' in reply) log.info(reply.log.obj, reply.log.msg);
      else settle(reply.id, reply.error);
    });
    const fail = (error: unknown) => {
      if (worker !== started) return;
      worker = undefined;
      for (const id of [...waiting.keys()]) settle(id, error);
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the mail thread stopped (exit code ${code})`)));
    return started;
  };

  return {
    kind: options.smtpUrl ? 'smtp' : 'outbox',
    ...(options.smtpUrl ? {} : { outboxDir: options.outboxDir }),
    send(mail: Mail) {
      worker ??= start();
      worker.ref();
      const id = next++;
      const sent = new Promise<void>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, mail } satisfies MailRequest);
      const tracked = sent.catch(() => undefined).finally(() => underWay.delete(tracked));
      underWay.add(tracked);
      return sent;
    },
    /** Waits for the messages under way, then ends the thread. */
    async close() {
      await Promise.all([...underWay]);
      const ending = worker;
      worker = undefined;
      await ending?.terminate();
    },
  };
}

/**
 * The thread's entry: the bundled mail-worker.js beside the server's bundle (build.mjs), or under the tests
 * (TypeScript sources) mail-worker.ts through tsx's loader.
 */
function spawn(workerData: MailerOptions): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./mail-worker.js', import.meta.url), { workerData });
  const entry = new URL('./mail-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry)}))`,
    { eval: true, workerData },
  );
}
