import type { Config } from './config';
import type { Db } from './db/client';
import type { BrandResolver } from './modules/organizations/brand-resolver';
import type { OrganizationsRepository } from './modules/organizations/organizations.repository';
import type { UsersRepository } from './modules/users/users.repository';
import type { AuditWriter } from './platform/audit';
import type { RegisteredRoute } from './platform/auth/access';
import type { SessionRepository } from './platform/auth/session.repository';
import type { TokenService } from './platform/auth/tokens';
import type { ErrorReporter } from './platform/error-reporting/reporter';
import type { JobQueue } from './platform/jobs/job-queue';
import type { Mailer } from './platform/mail';
import type { PaymentAdapter } from './platform/payments/adapter';
import type { RateLimiter } from './platform/rate-limit';
import type { Realtime } from './platform/realtime/realtime';
import type { SmsSender } from './platform/sms';
import type { StorageAdapter } from './platform/storage';

/** What the modules share, built once in app.ts and handed to each module's routes. */
export type AppContext = {
  config: Config;
  db: Db;
  tokens: TokenService;
  sessions: SessionRepository;
  audit: AuditWriter;
  mailer: Mailer;
  limiter: RateLimiter;
  organizations: OrganizationsRepository;
  users: UsersRepository;
  resolveBrand: BrandResolver;
  payments: PaymentAdapter;
  /** Uploaded files (photos): a private local folder, or S3 when configured. */
  storage: StorageAdapter;
  /** Text messages: Twilio when configured, otherwise JSON files in the SMS outbox folder. */
  sms: SmsSender;
  /** The instant business rules read (slots, renewals, expiries); tests fix it. */
  now: () => Date;
  /** Unexpected errors: Sentry when configured, else the log. */
  errors: ErrorReporter;
  /** Work that runs later, exactly once across instances, with retries: the job queue on the portal's database. */
  jobs: JobQueue;
  /** Events to screens as they happen, over the Pusher protocol (embedded server, or hosted Pusher). */
  realtime: Realtime;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every API route with its access rule, as registered. */
    apiRoutes: RegisteredRoute[];
  }
}
