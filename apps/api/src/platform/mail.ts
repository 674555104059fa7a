import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { mkdir, rename, writeFile } from './outbox-fs';

/** An iCalendar (RFC 5545) text to go with an e-mail; its METHOD must be `method`. */
export type MailCalendar = { method: 'REQUEST' | 'CANCEL'; content: string };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  from?: string;
  calendar?: MailCalendar | undefined;
};
export type Mailer = { send(mail: Mail): Promise<void>; kind: 'smtp' | 'outbox'; outboxDir?: string };

const CALENDAR_FILENAME = 'invite.ics';

/**
 * The message as nodemailer takes it. A calendar goes as its `icalEvent`: a text/calendar alternative with
 * the method parameter (what Gmail, Outlook and Apple Mail read to offer the event and to move or remove one
 * they already hold), plus the same text as an invite.ics attachment for clients that read only attachments.
 */
function toMessage(mail: Mail, from: string): SendMailOptions {
  const { calendar, ...rest } = mail;
  return {
    ...rest,
    from: mail.from ?? from,
    ...(calendar
      ? { icalEvent: { method: calendar.method, filename: CALENDAR_FILENAME, content: calendar.content } }
      : {}),
  };
}

/**
 * Real e-mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is rendered as a
 * complete RFC 822 file (.eml) in the outbox folder, with a .json copy that tools and tests can read.
 */
/** The one log line the mailer writes (a message put in the outbox). */
export type MailLog = { info: (obj: Record<string, unknown>, msg: string) => void };

export type MailerOptions = {
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
};

export function createMailer(opts: MailerOptions & { log: MailLog }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail(toMessage(mail, opts.from));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // made once (again only if it failed, or was removed under a running server): not once per message
  let folder: Promise<unknown> | undefined;
  const outbox = () => {
    folder ??= mkdir(opts.outboxDir, { recursive: true }).catch((error: unknown) => {
      folder = undefined;
      throw error;
    });
    return folder;
  };
  return {
    kind: 'outbox',
    outboxDir: opts.outboxDir,
    async send(mail) {
      const info = await transport.sendMail(toMessage(mail, opts.from));
      await outbox();
      const base = `${new Date().toISOString().replaceAll(':', '-')}-${String(info.messageId)
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 16)}`;
      const message = info.message as Buffer;
      // Readers find a message by its .json, written last under a temporary name and renamed, so a reader
      // never sees half a message; the .eml before it is written in place (a rename less per e-mail).
      const put = async (name: string, body: string | Buffer, atomic: boolean) => {
        const file = path.join(opts.outboxDir, atomic ? `.${name}.tmp` : name);
        try {
          await writeFile(file, body);
        } catch (error) {
          // the folder went away under a running server (a test or an operator emptied it): make it again
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          folder = undefined;
          await outbox();
          await writeFile(file, body);
        }
        if (atomic) await rename(file, path.join(opts.outboxDir, name));
      };
      await put(`${base}.eml`, message, false);
      await put(
        `${base}.json`,
        JSON.stringify({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          // What the .eml carries besides the text and HTML, for tools and tests; the .eml holds the MIME.
          alternatives: mail.calendar
            ? [{ content_type: `text/calendar; method=${mail.calendar.method}` }]
            : [],
          attachments: mail.calendar
            ? [{ filename: CALENDAR_FILENAME, content_type: 'application/ics' }]
            : [],
          created_at: new Date().toISOString(),
        }),
        true,
      );
      opts.log.info({ file: `${base}.eml`, subject: mail.subject }, 'e-mail written to the outbox');
    },
  };
}
