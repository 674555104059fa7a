import { randomUUID } from 'node:crypto';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { createStatisticsJob, STATISTICS_QUEUE, STATISTICS_SCHEDULE } from './db/statistics';
import { addressRoutes } from './modules/address/address.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { batchRoutes } from './modules/batch/batch.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { careRoutes } from './modules/care/care.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment.routes';
import { healthRoutes } from './modules/health/health.routes';
import { intakeTemplatesRoutes } from './modules/intake-templates/intake-templates.routes';
import { createIntakesRepository } from './modules/intakes/intakes.repository';
import { intakesRoutes } from './modules/intakes/intakes.routes';
import { labsRoutes } from './modules/labs/labs.routes';
import { labDocumentsRoutes } from './modules/labs/labs-documents.routes';
import { marketingRoutes } from './modules/marketing/marketing.routes';
import { createMediaRepository } from './modules/media/media.repository';
import { mediaRoutes } from './modules/media/media.routes';
import { membershipsRoutes } from './modules/memberships/memberships.routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { failedJobsRoutes } from './modules/operations/failed-jobs.routes';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createBrandResolver } from './modules/organizations/brand-resolver';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { productsRoutes } from './modules/products/products.routes';
import { createPurchasesRepository } from './modules/purchases/purchases.repository';
import { purchasesRoutes } from './modules/purchases/purchases.routes';
import { queueEventsHook } from './modules/realtime/queue-events';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { securityRoutes } from './modules/security/security.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { createPrescriptionChangeRepository } from './modules/subscriptions/prescription-change.repository';
import { prescriptionChangeRoutes } from './modules/subscriptions/prescription-change.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { settingsRoutes } from './modules/users/settings.routes';
import { createUsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { WEB_DIST_DIR } from './paths';
import { createAuditWriter } from './platform/audit';
import { installAccessControl, type OwnerResolver, type RegisteredRoute } from './platform/auth/access';
import { createRevocationBus } from './platform/auth/revocation-bus';
import { resolveTokenSecret } from './platform/auth/secret';
import { createSessionRepository, type SessionRepository } from './platform/auth/session.repository';
import { createSessionCache } from './platform/auth/session-cache';
import { createTokenService } from './platform/auth/tokens';
import { installCompression } from './platform/compression';
import { createErrorReporter, type ErrorReporter } from './platform/error-reporting/reporter';
import { answerFrameworkError, installErrorHandler } from './platform/errors';
import { installInputChecks } from './platform/input-checks';
import { createPgBossQueue } from './platform/jobs/pg-boss-queue';
import { createMailer, type Mailer } from './platform/mail';
import { createThreadMailer } from './platform/mail-thread';
import { createPaymentAdapter } from './platform/payments';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './platform/rate-limit';
import { createRealtime } from './platform/realtime/realtime';
import { installSecurityHeaders } from './platform/security-headers';
import { createSmsSender, type SmsSender } from './platform/sms';
import { createStorageAdapter } from './platform/storage';
import { serveWebApp } from './platform/web';

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  sms?: SmsSender;
  limiter?: RateLimiter;
  logger?: boolean;
  /** Receives unexpected errors (tests record them); Sentry or the log by configuration otherwise. */
  errorReporter?: ErrorReporter;
  /** Where log lines go (standard output unless given): tests read them to prove what is never logged. */
  logStream?: { write(line: string): void };
  /** The clock business rules read; the real one unless a test fixes it. */
  now?: () => Date;
  /**
   * Whether this instance polls the job queue (default: yes, except under NODE_ENV=test, where tests run due
   * jobs with `ctx.jobs.runDue()`), and how often when idle.
   */
  jobs?: { poll: boolean; pollIntervalMs?: number };
};

/** Builds the server (plugins, modules) without listening, so tests drive it with inject(). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            // Requests are logged by route pattern only: paths and bodies can carry ids, tokens and health data.
            serializers: { req: () => ({}), res: () => ({}) },
          },
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The reporter comes with the context below; an error before then is only logged.
  let reporter: ErrorReporter | undefined;
  installErrorHandler(app, () => reporter);

  const limiter =
    opts.limiter ??
    (config.REDIS_URL
      ? await createRedisRateLimiter(config.REDIS_URL, app.log, config.REDIS_KEY_PREFIX)
      : createMemoryRateLimiter());
  const db = database.db;
  const organizations = createOrganizationsRepository(db);
  let sessionRepo: SessionRepository | undefined;
  const revocations = await createRevocationBus(
    config.REDIS_URL,
    (userId) => sessionRepo?.evictCached(userId),
    app.log,
  );
  sessionRepo = createSessionRepository(db, createSessionCache({ ttlMs: 5_000, max: 50_000 }), (userId) =>
    revocations.publish(userId),
  );
  const tokenSecret = resolveTokenSecret(config.TOKEN_SECRET, config.DATA_DIR);
  const realtime = await createRealtime(config, tokenSecret, app.log);
  realtime.attach(app.server);
  const mailOptions = {
    smtpUrl: config.SMTP_URL,
    outboxDir: config.OUTBOX_DIR ?? path.resolve(config.DATA_DIR.replace('memory://', './data'), 'outbox'),
    from: config.MAIL_FROM,
    log: app.log,
  };
  const mailThread =
    !opts.mailer && (config.MAIL_THREAD ?? config.NODE_ENV !== 'test')
      ? createThreadMailer(mailOptions)
      : undefined;
  const ctx: AppContext = {
    config,
    db,
    tokens: createTokenService(tokenSecret, config.TOKEN_TTL_SECONDS),
    sessions: sessionRepo,
    audit: createAuditWriter(db, app.log),
    mailer: opts.mailer ?? mailThread ?? createMailer(mailOptions),
    limiter,
    organizations,
    users: createUsersRepository(db),
    resolveBrand: createBrandResolver(organizations, config.DEFAULT_ORGANIZATION_ID),
    payments: createPaymentAdapter(config, db, app.log),
    storage: await createStorageAdapter(config, app.log),
    sms: opts.sms ?? createSmsSender(config, app.log),
    now: opts.now ?? (() => new Date()),
    errors: opts.errorReporter ?? (await createErrorReporter(config, app.log)),
    jobs: createPgBossQueue({
      database,
      log: app.log,
      now: () => ctx.now(),
      poll: opts.jobs?.poll ?? config.NODE_ENV !== 'test',
      pollIntervalMs: opts.jobs?.pollIntervalMs,
    }),
    realtime,
  };
  reporter = ctx.errors;
  app.decorate('ctx', ctx);

  installSecurityHeaders(app);
  installInputChecks(app);
  await installCompression(app);

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'page',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        reqId: request.id,
      },
      'request',
    );
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Patient portal API',
        version: '1.0.0',
        description: 'The calls of the portal specification.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const owners = new Map<string, OwnerResolver>();
  const intakeOwners = createIntakesRepository(db);
  owners.set('intake', (id) => intakeOwners.ownerOf(id));
  const mediaOwners = createMediaRepository(db);
  owners.set('media', (id) => mediaOwners.ownerOf(id));
  const orderOwners = createOrdersRepository(db);
  owners.set('order', (id) => orderOwners.ownerOf(id));
  const purchaseOwners = createPurchasesRepository(db);
  owners.set('purchase', (id) => purchaseOwners.ownerOf(id));
  const subscriptionOwners = createPrescriptionChangeRepository(db);
  owners.set('subscription', (id) => subscriptionOwners.ownerOf(id));
  const notificationOwners = createNotificationsRepository(db);
  owners.set('notification', (id) => notificationOwners.ownerOf(id));
  // Before the API routes, so a page navigation to a path the API also serves (e.g. /orders/...) gets the app:
  // a root hook reaches only the plugins registered after it.
  const browserDsn = config.SENTRY_BROWSER_DSN ?? config.SENTRY_DSN;
  await serveWebApp(app, config.WEB_DIST ?? WEB_DIST_DIR, ctx.resolveBrand, {
    demo: config.DEMO_MODE,
    reporting: browserDsn
      ? {
          dsn: browserDsn,
          environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
          traces_sample_rate: config.SENTRY_BROWSER_TRACES_SAMPLE_RATE,
          replays_session_sample_rate: config.SENTRY_REPLAYS_SESSION_SAMPLE_RATE,
          replays_on_error_sample_rate: config.SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE,
        }
      : undefined,
    segmentWriteKey: config.SEGMENT_WRITE_KEY,
  });

  const registry: RegisteredRoute[] = [];
  app.decorate('apiRoutes', registry);
  await app.register(async (api) => {
    installAccessControl(api, {
      tokens: ctx.tokens,
      sessions: ctx.sessions,
      audit: ctx.audit,
      owners,
      patientOrganization: (id) => ctx.users.organizationOf(id),
      registry,
    });
    api.addHook('onResponse', queueEventsHook(ctx.realtime));
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    });
    await api.register(healthRoutes);
    await api.register(batchRoutes);
    await api.register(organizationsRoutes);
    await api.register(authRoutes);
    await api.register(usersRoutes);
    await api.register(settingsRoutes);
    await api.register(securityRoutes);
    await api.register(clientErrorsRoutes);
    await api.register(analyticsRoutes);
    await api.register(billingRoutes);
    await api.register(intakeTemplatesRoutes);
    await api.register(productsRoutes);
    await api.register(shopRoutes);
    await api.register(membershipsRoutes);
    await api.register(intakesRoutes);
    await api.register(mediaRoutes);
    await api.register(checkoutRoutes);
    await api.register(subscriptionsRoutes);
    await api.register(prescriptionChangeRoutes);
    await api.register(marketingRoutes);
    await api.register(ordersRoutes);
    await api.register(purchasesRoutes);
    await api.register(appointmentsRoutes);
    await api.register(addressRoutes);
    await api.register(notificationsRoutes);
    await api.register(alertsRoutes);
    await api.register(failedJobsRoutes);
    await api.register(careRoutes);
    await api.register(realtimeRoutes);
    await api.register(fulfilmentRoutes);
    await api.register(messagingRoutes);
    await api.register(labDocumentsRoutes);
    await api.register(labsRoutes);
  });

  if (database.kind === 'pglite') {
    const statistics = createStatisticsJob(database);
    ctx.jobs.register(STATISTICS_QUEUE, () => statistics.refresh(), { retryLimit: 2, retryDelaySeconds: 60 });
    ctx.jobs.schedule(STATISTICS_QUEUE, STATISTICS_SCHEDULE);
  }
  app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('onClose', async () => {
    // First, so the jobs still running can use everything closed below.
    await ctx.jobs.stop();
    await ctx.audit.flush();
    await limiter.close();
    await revocations.close();
    await realtime.close();
    // Last: the jobs above may still have had e-mails to send.
    await mailThread?.close();
  });
  return app;
}
