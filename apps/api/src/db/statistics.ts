import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The job queue's queue that vacuums the embedded database and refreshes its planner statistics, and its
 * period (cron, UTC): every 30 minutes, and at the first start (the first period has no run yet).
 */
export const STATISTICS_QUEUE = 'db-statistics';
export const STATISTICS_SCHEDULE = '*/30 * * * *';

/**
 * The embedded database has no autovacuum, so without this its planner keeps the row counts of the day
 * the tables were created and picks plans for empty tables (for a patient with 10,000 notifications, a
 * bitmap scan and a sort of them all instead of reading one page of the index), and the dead rows every
 * update leaves behind are never reclaimed. VACUUM (ANALYZE) does both and marks pages all-visible, so
 * index-only scans skip the table; ANALYZE samples a bounded number of rows per table, so it stays quick
 * as tables grow. A PostgreSQL server does all this on its own.
 */
export function createStatisticsJob(database: Pick<Database, 'db'>) {
  /**
   * One table at a time: the embedded database runs one statement at a time, so requests that arrive
   * meanwhile wait for one table's vacuum (milliseconds for most), not for the whole database's. A failure
   * is thrown to the job queue, which logs it and retries.
   */
  async function refresh(): Promise<void> {
    const found = (await database.db.execute(
      sql`select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables order by relname`,
    )) as unknown as { rows: { name: string }[] } | { name: string }[];
    const tables = Array.isArray(found) ? found : found.rows;
    for (const { name } of tables) await database.db.execute(sql.raw(`vacuum (analyze) ${name}`));
  }

  return { refresh };
}
