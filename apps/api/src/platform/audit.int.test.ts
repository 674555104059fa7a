import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rows } from '../test/harness';
import { openTestDatabase } from '../test/test-db';
import { type AuditRow, createAuditWriter } from './audit';

/**
 * The audit writer's group commit on a real database (the embedded one, or PostgreSQL with DATABASE_URL):
 * the rows of a turn share one INSERT, and a row's promise settles only once the row is committed.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase('migrated');
});
afterAll(async () => {
  await database.close();
});

const row = (requestId: string): AuditRow => ({
  action: 'GET /users/:org/user/:id/patient',
  outcome: 'allowed',
  statusCode: 200,
  requestId,
});

async function storedIds(prefix: string): Promise<string[]> {
  const found = await rows<{ request_id: string }>(
    database,
    sql`select request_id from audit_log where request_id like ${`${prefix}%`} order by id`,
  );
  return found.map((r) => r.request_id);
}

describe('audit writer', () => {
  it('writes the rows recorded in one turn of the event loop with one INSERT', async () => {
    const audit = createAuditWriter(database.db, pino({ level: 'silent' }));
    const before = database.statements();
    await Promise.all(['a-1', 'a-2', 'a-3'].map((id) => audit.record(row(id))));
    expect(database.statements() - before).toBe(1);
    await Promise.all(['a-4', 'a-5'].map((id) => audit.record(row(id))));
    expect(await storedIds('a-')).toEqual(['a-1', 'a-2', 'a-3', 'a-4', 'a-5']);
  });

  it('resolves each row only once it is committed, and flush waits for every row recorded', async () => {
    const audit = createAuditWriter(database.db, pino({ level: 'silent' }));
    let committed = false;
    const recorded = audit.record(row('b-1')).then(() => {
      committed = true;
    });
    expect(committed).toBe(false);
    await audit.flush();
    await recorded;
    expect(committed).toBe(true);
    expect(await storedIds('b-')).toEqual(['b-1']);
  });
});
