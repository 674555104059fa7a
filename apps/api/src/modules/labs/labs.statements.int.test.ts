import type { LabReportListPage } from '@portal/domain/contracts/labs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, logInAs, rows, type TestApp } from '../../test/harness';

/**
 * Statements per request on the labs' timed reads (issue 14, Speed): each request's statements, the audit
 * row included, counted by the database layer. A change that adds a round trip to one of them fails here.
 */
let t: TestApp;
let dana: string;
let reports: LabReportListPage['docs'];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  const org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  dana = await logInAs(t.app, 'demo@evergreen.test', org);
  reports = json<LabReportListPage>(
    await t.app.inject({ url: '/v2/labs/results?limit=50', headers: bearer(dana) }),
  ).docs;
});
afterAll(() => t.close());

/** The statements one request sends, after the same request once to warm the caches it is allowed. */
async function statementsOf(url: string) {
  const warm = await t.app.inject({ url, headers: bearer(dana) });
  expect(warm.statusCode, warm.body).toBe(200);
  const before = t.database.statements();
  const res = await t.app.inject({ url, headers: bearer(dana) });
  expect(res.statusCode, res.body).toBe(200);
  return t.database.statements() - before;
}

const reviewed = () => reports.find((r) => r.status === 'reviewed')!;

describe('labs statements per request', () => {
  it('the analysis of a report: the report with its markers and the patient, and the audit row', async () => {
    expect(await statementsOf(`/v2/labs/results/${reviewed()._id}`)).toBe(2);
  });

  it('the panel list: the reports, and the audit row', async () => {
    expect(await statementsOf('/v2/labs/patient/panels?page=1&limit=10')).toBe(2);
  });

  it('the report list: the reports, and the audit row', async () => {
    expect(await statementsOf('/v2/labs/results?page=1&limit=10')).toBe(2);
  });

  it('the requisition form of an ordered report, its tests the panel’s: one read, and the audit row', async () => {
    const created = reports.find((r) => r.status === 'created')!;
    await rows(t.database, sql`update lab_reports set status = 'ordered' where id = ${created._id}`);
    expect(await statementsOf(`/v2/labs/results/${created._id}/form/download`)).toBe(2);
  });

  it('the requisition form: the report with its tests, the patient and the clinic, and the audit row', async () => {
    expect(await statementsOf(`/v2/labs/results/${reviewed()._id}/form/download`)).toBe(2);
  });
});
