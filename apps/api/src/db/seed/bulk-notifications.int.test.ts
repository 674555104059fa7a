import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/password';
import { type Database, openDatabase } from '../client';
import { notifications } from '../schema/notifications';
import { users } from '../schema/users';
import { insertBulkNotifications } from './bulk-notifications';
import { DEMO_LOGINS } from './demo-patient';
import { seedDatabase } from './seed';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedDatabase(database.db, { hashPassword, appUrl: (host) => `http://${host}` });
});
afterAll(() => database?.close());

describe('insertBulkNotifications', () => {
  it('gives a user 10,000 notifications of every category and age, a third unread', async () => {
    const [dana] = await database.db.select().from(users).where(eq(users.email, DEMO_LOGINS.patient.email));
    const [before] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.userId, dana!.id));
    const inserted = await insertBulkNotifications(database.db, dana!.id);
    expect(inserted).toBe(10_000);

    const [stats] = await database.db
      .select({
        n: sql<number>`count(*)::int`,
        ids: sql<number>`count(distinct ${notifications.id})::int`,
        wellFormed: sql<number>`count(*) filter (where ${notifications.id} ~ '^[0-9a-f]{24}$')::int`,
        categories: sql<number>`count(distinct ${notifications.category})::int`,
        unread: sql<number>`count(*) filter (where not ${notifications.read})::int`,
        oldestDays: sql<number>`extract(day from now() - min(${notifications.createdAt}))::int`,
        orgs: sql<number>`count(distinct ${notifications.organizationId})::int`,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, dana!.id), sql`${notifications.message} like '%(#%)'`));
    // g % 3 = 0 for 3,333 of 1..10,000; the oldest is 10,000 x 37 minutes, about 257 days, ago.
    expect(stats).toEqual({
      n: 10_000,
      ids: 10_000,
      wellFormed: 10_000,
      categories: 8,
      unread: 3_333,
      oldestDays: 256,
      orgs: 1,
    });
    expect(before!.n).toBeGreaterThan(0);
  });
});
