import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { seedDatabase } from '../../db/seed/seed';
import { bearer, json, signupPatient } from '../../test/harness';
import { openTestDatabase } from '../../test/test-db';
import { hashPassword } from './password';

// Two server instances on one database: a logout on one ends the token on the other at once.
describe.skipIf(!process.env.REDIS_URL)('session revocation across instances', () => {
  let database: Database;
  let a: Awaited<ReturnType<typeof buildApp>>;
  let b: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDatabase(database.db, { hashPassword, appUrl: (host) => `http://${host}:3000` });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      TOKEN_SECRET: 'shared-secret-shared-secret-shared-1234',
      REDIS_URL: process.env.REDIS_URL,
      LOG_LEVEL: 'silent',
    });
    a = await buildApp({ config, database, logger: false });
    b = await buildApp({ config, database, logger: false });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  it('ends a token cached by another instance', async () => {
    const org = json<{ _id: string }>(await a.inject({ url: '/organization/search?domain=localhost' }))._id;
    const p = await signupPatient(a, org);
    const url = `/users/${org}/user/${p.id}/patient`;
    expect((await b.inject({ url, headers: bearer(p.token) })).statusCode).toBe(200);
    expect(
      (await a.inject({ method: 'POST', url: '/v2/auth/logout', headers: bearer(p.token) })).statusCode,
    ).toBe(204);
    // The revocation reaches the other instance through Redis: poll for it, with room for a busy machine.
    await expect
      .poll(async () => (await b.inject({ url, headers: bearer(p.token) })).statusCode, { timeout: 10_000 })
      .toBe(401);
  });
});
