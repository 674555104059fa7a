import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed/seed';
import { hashPassword } from './platform/auth/password';

/** Reads the configuration, migrates (and on first start seeds) the database, and serves on one port. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  if (config.SEED !== false) {
    const publicPort = config.PORT === 80 ? '' : `:${config.PORT}`;
    await seedDatabase(database.db, { hashPassword, appUrl: (host) => `http://${host}${publicPort}` });
  }
  const app = await buildApp({ config, database });
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    { database: database.kind, ms: Math.round(performance.now() - started) },
    `portal ready on http://localhost:${config.PORT}`,
  );
  if (config.DEMO_MODE) {
    app.log.warn(
      "DEMO MODE: demo clinics and patients are seeded, cards go to the local sandbox (nothing is charged), e-mails and text messages are written to outbox folders. Set DEMO_MODE=false for a clinic's real portal.",
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: { message: (error as Error).message } }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
