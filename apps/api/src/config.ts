import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/pool-size';
import { parseCalendlyEventLinks } from './platform/scheduling/calendly-link';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const ConfigSchema = z.object({
  /**
   * A demo portal (the default): seeded demo clinics, card payments in the local sandbox, e-mail and text
   * messages in outbox folders, and a banner saying so. DEMO_MODE=false is a clinic's real portal: the server
   * refuses to start without a payment provider (with its webhook secret), a mail transport, an SMS provider and an explicit TOKEN_SECRET.
   */
  DEMO_MODE: bool,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** A real PostgreSQL server; without it the embedded database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Connections to the PostgreSQL server; raise it for a larger database server (decision 054). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().url().optional(),
  /** Put before every Redis key, so several portals (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(64).default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('no-reply@portal.local'),
  OUTBOX_DIR: z.string().optional(),
  /**
   * E-mails are made and sent on a thread of their own at a lower priority (decision 051); on by default,
   * except under NODE_ENV=test, where the API tests make them in-process.
   */
  MAIL_THREAD: bool,
  TOKEN_SECRET: z.string().min(32).optional(),
  /** Lifetime of a session token, in seconds. */
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60 * 60),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(30),
  DEFAULT_ORGANIZATION_ID: z
    .string()
    .regex(/^[0-9a-f]{24}$/i)
    .optional(),
  /** Attempts allowed per window, per account and per client address, on login and reset requests. */
  RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_ADDRESS: z.coerce.number().int().positive().default(50),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  TRUST_PROXY: bool,
  SEED: bool,
  WEB_DIST: z.string().optional(),
  /** Stripe keys: with both set, cards go to Stripe; without them, to the local payment sandbox. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret or restricted key')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key')
    .optional(),
  /**
   * The signing secret of the Stripe webhook endpoint (POST /webhooks/stripe, Dashboard > Developers >
   * Webhooks): renewals, failed payments, refunds and disputes reach the portal only through it.
   */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_-]+$/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  /** Folder for uploaded files; default DATA_DIR/uploads. Never inside a statically served folder. */
  UPLOADS_DIR: z.string().optional(),
  /** S3-compatible storage for uploads: with S3_BUCKET set, files go there (credentials: the SDK's default chain). */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().optional(),
  /** Endpoint of an S3-compatible service (MinIO, R2...); AWS when absent. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: bool,
  /** Key prefix inside the bucket. */
  S3_PREFIX: z.string().max(200).default('uploads/'),
  /** US address suggestions for the shipping form: off ('none') unless a maps provider and its key are set. */
  MAPS_PROVIDER: z.enum(['none', 'google']).default('none'),
  MAPS_API_KEY: z.string().min(10).max(200).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Twilio for text messages: with all three set, texts go to Twilio; without them, to the SMS outbox folder. */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account SID (AC...)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).max(128).optional(),
  /** The sending number (E.164) or a Messaging Service SID (MG...). */
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-f]{32})$/, 'must be an E.164 number or a Messaging Service SID')
    .optional(),
  /**
   * Error reporting through Sentry: with SENTRY_DSN set, the server's unexpected errors go there (scrubbed);
   * SENTRY_BROWSER_DSN (default SENTRY_DSN) does the same for the web app, loaded only then. Without them,
   * browser errors are posted to the API and logged with the request id; nothing leaves the machine.
   */
  SENTRY_DSN: z.string().url().optional(),
  SENTRY_BROWSER_DSN: z.string().url().optional(),
  SENTRY_ENVIRONMENT: z.string().max(64).optional(),
  /** 002 §9 gives both readings (100% in one part, 0 in another): the server traces none, the browser all. */
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0),
  SENTRY_BROWSER_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  /** Session replay (002 §9): 10% of sessions, every session with an error; all text and inputs masked. */
  SENTRY_REPLAYS_SESSION_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  /** Segment (analytics-next in the browser): with a write key, analytics events also go there. */
  SEGMENT_WRITE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'must be a Segment write key')
    .optional(),
  /** Folder of the SMS outbox; default DATA_DIR/sms-outbox. */
  SMS_OUTBOX_DIR: z.string().optional(),
  /**
   * Real-time events: without these, a Pusher-protocol server inside the API process (fanned out through
   * Redis when REDIS_URL is set). With app id, key and secret, hosted Pusher Channels (PUSHER_CLUSTER) or any
   * Pusher-compatible server (PUSHER_HOST, PUSHER_PORT, PUSHER_USE_TLS) carries them instead.
   */
  PUSHER_APP_ID: z.string().min(1).max(64).optional(),
  PUSHER_KEY: z.string().min(1).max(64).optional(),
  PUSHER_SECRET: z.string().min(1).max(128).optional(),
  PUSHER_CLUSTER: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .optional(),
  PUSHER_HOST: z.string().min(1).max(255).optional(),
  PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUSHER_USE_TLS: bool,
  /**
   * Who keeps the physicians' calendars (decision 047): the portal itself (default), Cal.com (API v2: open
   * times and bookings through its API, changes made there through its signed webhook) or Calendly (its
   * booking page with the patient prefilled, bookings through its signed webhook).
   */
  SCHEDULING_PROVIDER: z.enum(['builtin', 'calcom', 'calendly']).default('builtin'),
  CALCOM_API_KEY: z.string().min(8).max(256).optional(),
  CALCOM_API_URL: z.string().url().default('https://api.cal.com'),
  /** The secret of the Cal.com webhook pointed at /webhooks/scheduling/calcom. */
  CALCOM_WEBHOOK_SECRET: z.string().min(16).max(256).optional(),
  /**
   * Cal.com event type of each kind of call, e.g. "user-verification:101,coaching:102,consultation:103"; a third
   * part names the slug every physician's own event type of that kind has ("consultation:103:consultation"),
   * which lets a booking with one physician ask Cal.com for their times alone.
   */
  CALCOM_EVENT_TYPES: z
    .string()
    .regex(
      /^(user-verification|coaching|consultation|follow-up):\d+(:[A-Za-z0-9_-]{1,100})?(,(user-verification|coaching|consultation|follow-up):\d+(:[A-Za-z0-9_-]{1,100})?)*$/,
      'must list kind:eventTypeId pairs, each with an optional :slug, e.g. user-verification:101,coaching:102:coaching',
    )
    .optional(),
  /** Each physician's Cal.com username by their staff e-mail, e.g. "maya@clinic.example:maya-okafor". */
  CALCOM_USERNAMES: z
    .string()
    .max(10_000)
    .regex(
      /^[^\s,:@]+@[^\s,:@]+:[A-Za-z0-9._-]{1,100}(,[^\s,:@]+@[^\s,:@]+:[A-Za-z0-9._-]{1,100})*$/,
      'must list email:username pairs, e.g. maya@clinic.example:maya-okafor',
    )
    .optional(),
  /** The Cal.com organization the physicians' usernames belong to, when they are in one. */
  CALCOM_ORGANIZATION_SLUG: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .optional(),
  /** The signing key of the Calendly webhook subscription pointed at /webhooks/scheduling/calendly. */
  CALENDLY_WEBHOOK_SIGNING_KEY: z.string().min(16).max(256).optional(),
  /**
   * The clinic's Calendly page of each kind of call, e.g.
   * "user-verification:https://calendly.com/clinic/verification,coaching:https://calendly.com/clinic/coaching";
   * each entry is checked at start (missingForScheduler).
   */
  CALENDLY_EVENT_LINKS: z.string().max(10_000).optional(),
  /**
   * A Calendly personal access token (scheduled_events:write): with it a cancellation in the portal cancels the
   * event at Calendly first; without it only the portal's record changes.
   */
  CALENDLY_API_TOKEN: z.string().min(16).max(2048).optional(),
  CALENDLY_API_URL: z.string().url().default('https://api.calendly.com'),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'DEMO_MODE'> & {
  DEMO_MODE: boolean;
  TOKEN_SECRET: string;
};

/**
 * What a real (non-demo) portal must have configured, one line per missing setting: without them it would
 * take sandbox payments, keep patients' e-mails and texts in folders nobody reads, or sign sessions with a
 * secret generated on one machine.
 */
export function missingForLiveMode(c: z.infer<typeof ConfigSchema>): string[] {
  const missing: string[] = [];
  if (!c.STRIPE_SECRET_KEY || !c.STRIPE_PUBLISHABLE_KEY) {
    missing.push(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: a payment provider is required (without it cards go to the local sandbox and nothing is charged).',
    );
  }
  if (c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    missing.push(
      'STRIPE_WEBHOOK_SECRET: the signing secret (whsec_...) of the Stripe webhook endpoint /webhooks/stripe is required with Stripe (without it renewals, failed payments, refunds and disputes never reach the portal).',
    );
  }
  if (!c.SMTP_URL) {
    missing.push(
      'SMTP_URL: a mail transport is required (without it e-mails are only written to the outbox folder).',
    );
  }
  if (!c.TWILIO_ACCOUNT_SID || !c.TWILIO_AUTH_TOKEN || !c.TWILIO_FROM) {
    missing.push(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: an SMS provider is required (without it text messages are only written to the outbox folder).',
    );
  }
  if (!c.TOKEN_SECRET) {
    missing.push(
      'TOKEN_SECRET: an explicit secret of 32 or more characters is required to sign session tokens.',
    );
  }
  if (c.SEED === true) {
    missing.push(
      'SEED=true loads the demo clinics and patients with known passwords: it is refused with DEMO_MODE=false.',
    );
  }
  return missing;
}

/**
 * What the chosen outside scheduler needs, one line per missing setting: without its keys the portal could
 * neither read open times nor trust a webhook, so it refuses to start rather than accept unsigned bookings.
 */
export function missingForScheduler(c: z.infer<typeof ConfigSchema>): string[] {
  const missing: string[] = [];
  if (c.SCHEDULING_PROVIDER === 'calcom') {
    if (!c.CALCOM_API_KEY)
      missing.push('CALCOM_API_KEY: the Cal.com API key is required to read open times and book.');
    if (!c.CALCOM_WEBHOOK_SECRET)
      missing.push(
        'CALCOM_WEBHOOK_SECRET: the secret of the Cal.com webhook (/webhooks/scheduling/calcom) is required to verify bookings made at Cal.com.',
      );
    if (!c.CALCOM_EVENT_TYPES)
      missing.push(
        'CALCOM_EVENT_TYPES: the Cal.com event type of each kind of call is required (e.g. user-verification:101,coaching:102).',
      );
  }
  if (c.SCHEDULING_PROVIDER === 'calendly') {
    if (!c.CALENDLY_WEBHOOK_SIGNING_KEY)
      missing.push(
        'CALENDLY_WEBHOOK_SIGNING_KEY: the signing key of the Calendly webhook subscription (/webhooks/scheduling/calendly) is required to verify bookings.',
      );
    if (!c.CALENDLY_EVENT_LINKS)
      missing.push(
        'CALENDLY_EVENT_LINKS: the clinic’s Calendly page of each kind of call is required (e.g. user-verification:https://calendly.com/clinic/verification,coaching:https://calendly.com/clinic/coaching).',
      );
    else missing.push(...parseCalendlyEventLinks(c.CALENDLY_EVENT_LINKS).problems);
  }
  return missing;
}

/** Parses the environment once; nothing else in the server reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set" (DATABASE_URL= selects the embedded database).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  const demo = c.DEMO_MODE ?? true;
  if (!demo) {
    const missing = missingForLiveMode(c);
    if (missing.length > 0) {
      throw new Error(
        `DEMO_MODE=false (a clinic's real portal) needs these settings:\n${missing.map((m) => `- ${m}`).join('\n')}`,
      );
    }
  }
  const scheduler = missingForScheduler(c);
  if (scheduler.length > 0) {
    throw new Error(
      `SCHEDULING_PROVIDER=${c.SCHEDULING_PROVIDER} needs these settings:\n${scheduler.map((m) => `- ${m}`).join('\n')}`,
    );
  }
  if (!c.TOKEN_SECRET && c.NODE_ENV === 'production' && c.DATABASE_URL) {
    throw new Error('TOKEN_SECRET must be set when running on a PostgreSQL server in production.');
  }
  if (Boolean(c.STRIPE_SECRET_KEY) !== Boolean(c.STRIPE_PUBLISHABLE_KEY)) {
    throw new Error('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together.');
  }
  if (c.MAPS_PROVIDER !== 'none' && !c.MAPS_API_KEY) {
    throw new Error('MAPS_API_KEY must be set with MAPS_PROVIDER.');
  }
  const twilio = [c.TWILIO_ACCOUNT_SID, c.TWILIO_AUTH_TOKEN, c.TWILIO_FROM].filter(Boolean).length;
  if (twilio !== 0 && twilio !== 3) {
    throw new Error('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together.');
  }
  if (c.S3_BUCKET && !c.S3_REGION) {
    throw new Error('S3_REGION must be set with S3_BUCKET.');
  }
  // The demo clinics are seeded only in demo mode unless asked for.
  return { ...c, DEMO_MODE: demo, SEED: c.SEED ?? demo, TOKEN_SECRET: c.TOKEN_SECRET ?? '' };
}
