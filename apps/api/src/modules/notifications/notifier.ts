import type { NotificationCategory } from '@portal/domain/notifications/categories';
import { deliveryChannels, resolvePreferences } from '@portal/domain/notifications/preferences';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { NotificationData } from '../../db/schema/notifications';
import { escapeHtml } from '../../platform/html';
import { describeError } from '../../platform/log-safe';
import type { MailCalendar, Mailer } from '../../platform/mail';
import { type SmsSender, toE164 } from '../../platform/sms';
import { createNotificationsRepository, type NotificationsRepository } from './notifications.repository';

/**
 * An e-mail to send in place of the neutral one; like it, it must carry no health detail. A calendar
 * invitation goes with it when the patient's preferences let the e-mail go out.
 */
export type NotificationEmail = { subject: string; text: string; html: string; calendar?: MailCalendar };

export type NotificationInput = {
  category: NotificationCategory;
  /** Shown in the portal only: it never leaves by e-mail or SMS, since it may carry health details. */
  message: string;
  data?: NotificationData;
  email?: ChosenEmail;
};

/** Whom a notification reaches, as the delivery reads them: address, names, clinic and preferences. */
export type Recipient = NonNullable<Awaited<ReturnType<NotificationsRepository['recipient']>>>;

/** The clinic's name as its messages give it: the brand's, else the organization's. */
export const brandOf = (to: Pick<Recipient, 'settings' | 'organizationName'>) =>
  to.settings.name || to.organizationName;

/**
 * The e-mail to send in place of the neutral one: made, in the making, or made from the recipient as the
 * delivery reads them (only when the patient's preferences let an e-mail go, so one that would not go is
 * never made, and the caller needs no read of its own for the greeting and the clinic).
 */
export type ChosenEmail = NotificationEmail | Promise<NotificationEmail | undefined> | EmailMaker;
type EmailMaker = (to: Recipient) => NotificationEmail | undefined | Promise<NotificationEmail | undefined>;

export type Delivery = {
  category: NotificationCategory;
  email?: ChosenEmail | undefined;
};

export type Notifier = {
  /**
   * Stores the notification (the portal always shows it), then, after answering, sends the e-mail and SMS
   * the patient's preferences ask for. Delivery failures are logged, never thrown. Answers the new id.
   */
  notify(userId: string, organizationId: string, input: NotificationInput): Promise<string>;
  /** For a caller inside its own transaction: stores with that transaction; call deliver after the commit. */
  store(tx: Db, userId: string, organizationId: string, input: NotificationInput): Promise<string>;
  /**
   * The e-mail may still be in the making (a promise): `settled` then waits for it too. `to`, the recipient
   * when the caller has just read them (a booking reads them with its calendar), spares the delivery's read.
   */
  deliver(userId: string, input: Delivery, to?: Recipient): void;
  /** Resolves once every delivery under way has finished (tests, shutdown). */
  settled(): Promise<void>;
};

/** The neutral e-mail: that something is waiting, and where; never what: e-mail is read on shared screens and kept by mail providers. */
export function renderNotificationEmail(p: {
  brand: string;
  firstName: string;
  link: string;
}): NotificationEmail {
  const subject = `You have a new notification from ${p.brand}`;
  const text = [
    `Hi ${p.firstName},`,
    '',
    `You have a new notification in your ${p.brand} account.`,
    'For your privacy we do not include the details in e-mail. Sign in to read it:',
    p.link,
    '',
    'You can choose which notifications reach you by e-mail in Settings, Notifications.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<p>Hi ${escapeHtml(p.firstName)},</p>
<p>You have a new notification in your ${escapeHtml(p.brand)} account. For your privacy we do not include the details in e-mail.</p>
<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:12px 20px;background:#0f8a5f;color:#fff;border-radius:8px;text-decoration:none">Read your notifications</a></p>
<p style="color:#52606d;font-size:14px">You can choose which notifications reach you by e-mail in Settings, Notifications.</p>
</body></html>`;
  return { subject, text, html };
}

export function renderNotificationSms(p: { brand: string; link: string }): string {
  return `${p.brand}: you have a new notification. Sign in to read it: ${p.link} Reply STOP to unsubscribe, HELP for help.`;
}

export function createNotifier(deps: {
  db: Db;
  mail: Mailer;
  /** Text messages (platform/sms); without it a patient who chose SMS gets the portal and e-mail only. */
  sms?: Pick<SmsSender, 'send'> | undefined;
  log: FastifyBaseLogger;
}): Notifier {
  const repo = createNotificationsRepository(deps.db);
  const pending = new Set<Promise<void>>();

  async function send(userId: string, input: Delivery, known?: Recipient) {
    const made = typeof input.email === 'function' ? undefined : input.email;
    const [to, ready] = await Promise.all([known ?? repo.recipient(userId), made]);
    if (!to) return;
    const channels = deliveryChannels(resolvePreferences(to.preferences), input.category, {
      mobileVerified: to.mobileVerified,
      hasMobile: Boolean(to.mobileNumber),
    });
    const brand = brandOf(to);
    const link = `${to.appUrl.replace(/\/$/, '')}/notifications`;
    const jobs: Promise<void>[] = [];
    if (channels.includes('email')) {
      const chosen = typeof input.email === 'function' ? await emailFor(to, input.email, input) : ready;
      const email = chosen ?? renderNotificationEmail({ brand, firstName: to.firstName, link });
      jobs.push(deps.mail.send({ to: to.email, ...email }));
    }
    if (channels.includes('sms') && deps.sms && to.mobileNumber) {
      const number = to.mobileNumber.startsWith('+') ? to.mobileNumber : toE164(to.mobileNumber);
      jobs.push(deps.sms.send({ to: number, body: renderNotificationSms({ brand, link }) }));
    }
    const results = await Promise.allSettled(jobs);
    for (const r of results) {
      if (r.status === 'rejected')
        deps.log.error(
          { err: describeError(r.reason), category: input.category },
          'notification delivery failed',
        );
    }
  }

  /** An e-mail that cannot be made is logged and the neutral one goes instead: the patient still hears. */
  async function emailFor(to: Recipient, make: EmailMaker, input: Delivery) {
    try {
      return await make(to);
    } catch (error) {
      deps.log.error(
        { err: describeError(error), category: input.category },
        'notification e-mail could not be made',
      );
      return undefined;
    }
  }

  const notifier: Notifier = {
    async notify(userId, organizationId, input) {
      const id = await repo.insert(userId, organizationId, input);
      notifier.deliver(userId, input);
      return id;
    },
    store(tx, userId, organizationId, input) {
      return createNotificationsRepository(tx).insert(userId, organizationId, input);
    },
    deliver(userId, input, to) {
      const job = send(userId, input, to).catch((error: unknown) =>
        deps.log.error(
          { err: describeError(error), category: input.category },
          'notification delivery failed',
        ),
      );
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
  return notifier;
}

const perApp = new WeakMap<object, Notifier>();

/** The server's one notifier, built from its shared context on first use. */
export function notifierFor(app: FastifyInstance): Notifier {
  const ctx = app.ctx;
  let notifier = perApp.get(ctx);
  if (!notifier) {
    notifier = createNotifier({ db: ctx.db, mail: ctx.mailer, sms: ctx.sms, log: app.log });
    perApp.set(ctx, notifier);
  }
  return notifier;
}
