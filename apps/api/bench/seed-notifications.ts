/**
 * Gives one user 10,000 notifications (or --count N) for the bench, in one INSERT ... SELECT.
 *   node --import tsx apps/api/bench/seed-notifications.ts [--email demo@evergreen.test] [--count 10000]
 * Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data), which must not
 * be open in a running server at the same time. The database is migrated and seeded first if needed.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema/users';
import { insertBulkNotifications } from '../src/db/seed/bulk-notifications';
import { seedDatabase } from '../src/db/seed/seed';
import { hashPassword } from '../src/platform/auth/password';

const { values } = parseArgs({
  options: {
    email: { type: 'string', default: 'demo@evergreen.test' },
    count: { type: 'string', default: '10000' },
  },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');

const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? './data',
});
try {
  await database.migrate();
  await seedDatabase(database.db, { hashPassword, appUrl: (host) => `http://${host}` });
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, values.email))
    .limit(1);
  if (!user) throw new Error(`no user ${values.email}`);
  const started = performance.now();
  const inserted = await insertBulkNotifications(database.db, user.id, count);
  console.info(
    `${inserted} notifications for ${values.email} (${database.kind}) in ${Math.round(performance.now() - started)} ms`,
  );
} finally {
  await database.close();
}
