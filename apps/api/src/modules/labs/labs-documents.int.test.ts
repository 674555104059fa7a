import type { LabReportListPage } from '@portal/domain/contracts/labs';
import { MESSAGES } from '@portal/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/pdf/pdf-text';
import { bearer, createTestApp, json, logInAs, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let dana: string;
let reports: LabReportListPage['docs'];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  dana = await logInAs(t.app, 'demo@evergreen.test', org);
  reports = json<LabReportListPage>(
    await t.app.inject({ url: '/v2/labs/results?limit=50', headers: bearer(dana) }),
  ).docs;
});
afterAll(async () => {
  await t?.close();
});

const reviewed = () => reports.find((r) => r.status === 'reviewed')!;
const created = () => reports.find((r) => r.status === 'created')!;

describe('a lab report’s documents', () => {
  it('gives the results of a reviewed report as a PDF named after its title, naming the patient and the markers', async () => {
    const res = await t.app.inject({
      url: `/v2/labs/results/${reviewed()._id}/download`,
      headers: bearer(dana),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.pdf"/);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Dana Demo');
    expect(text).toMatch(/Apolipoprotein B|ApoB/);
    expect(text).toMatch(/Optimal|Needs Improvement|Needs Attention/);
  });

  it('gives the requisition form once the lab is ordered, with the patient, the tests and their LOINC codes', async () => {
    const notReady = await t.app.inject({
      url: `/v2/labs/results/${created()._id}/form/download`,
      headers: bearer(dana),
    });
    expect(notReady.statusCode).toBe(400);
    expect(json(notReady)).toEqual({ text: 'RequisitionNotReady', message: MESSAGES.requisitionNotReady });
    const res = await t.app.inject({
      url: `/v2/labs/results/${reviewed()._id}/form/download`,
      headers: bearer(dana),
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Dana Demo');
    expect(text).toContain('1884-6'); // ApoB's LOINC code
    expect(text).toContain('Evergreen');
  });

  it('exports a reviewed report as a FHIR R4 Bundle: a final DiagnosticReport and LOINC/UCUM Observations', async () => {
    const res = await t.app.inject({ url: `/v2/labs/results/${reviewed()._id}/fhir`, headers: bearer(dana) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    const bundle = json<{
      resourceType: string;
      entry: { fullUrl: string; resource: Record<string, unknown> & { resourceType: string } }[];
    }>(res);
    expect(bundle.resourceType).toBe('Bundle');
    const resources = bundle.entry.map((e) => e.resource);
    const report = resources.find((r) => r.resourceType === 'DiagnosticReport') as unknown as {
      status: string;
      result: { reference: string }[];
    };
    expect(report.status).toBe('final');
    const observations = resources.filter((r) => r.resourceType === 'Observation') as unknown as {
      code: { coding: { system: string; code: string }[] };
      valueQuantity: { system: string; code: string };
    }[];
    expect(observations.length).toBeGreaterThanOrEqual(20);
    expect(report.result).toHaveLength(observations.length);
    const urls = new Set(bundle.entry.map((e) => e.fullUrl));
    for (const ref of report.result) expect(urls).toContain(ref.reference);
    for (const o of observations) {
      expect(o.code.coding[0]!.system).toBe('http://loinc.org');
      expect(o.valueQuantity.system).toBe('http://unitsofmeasure.org');
    }
  });

  it('serves only the patient’s own reports, and no results before they are reviewed', async () => {
    const other = await signupPatient(t.app, org);
    for (const path of ['download', 'form/download', 'fhir']) {
      const res = await t.app.inject({
        url: `/v2/labs/results/${reviewed()._id}/${path}`,
        headers: bearer(other.token),
      });
      expect(res.statusCode, path).toBe(404);
      expect((await t.app.inject({ url: `/v2/labs/results/${reviewed()._id}/${path}` })).statusCode).toBe(
        401,
      );
    }
    for (const path of ['download', 'fhir']) {
      const res = await t.app.inject({
        url: `/v2/labs/results/${created()._id}/${path}`,
        headers: bearer(dana),
      });
      expect(res.statusCode, path).toBe(404);
    }
    const bad = await t.app.inject({ url: '/v2/labs/results/nope/download', headers: bearer(dana) });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the panel’s biomarkers on the requisition of an ordered report without results', async () => {
    const [panel] = await rows<{ markers: { name: string; code: string }[] }>(
      t.database,
      sql`select lp.markers from lab_reports r join lab_panels lp on lp.id = r.panel_id where r.id = ${created()._id}`,
    );
    await rows(t.database, sql`update lab_reports set status = 'ordered' where id = ${created()._id}`);
    try {
      const res = await t.app.inject({
        url: `/v2/labs/results/${created()._id}/form/download`,
        headers: bearer(dana),
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(panel!.markers.length).toBeGreaterThan(0);
      expect(text).toContain(`Tests ordered (${panel!.markers.length})`);
      for (const m of panel!.markers) expect(text).toContain(m.name);
      expect(text).toContain('Dana Demo');
    } finally {
      await rows(t.database, sql`update lab_reports set status = 'created' where id = ${created()._id}`);
    }
  });

  it('exports the clinic’s reports as FHIR for its care team, and no one else’s', async () => {
    const care = await logInAs(t.app, 'care@evergreen.test', org);
    const url = `/care/${org}/labs/${reviewed()._id}/fhir`;
    const res = await t.app.inject({ url, headers: bearer(care) });
    expect(res.statusCode).toBe(200);
    expect(json<{ resourceType: string }>(res).resourceType).toBe('Bundle');
    const otherOrg = json<{ _id: string }>(
      await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }),
    )._id;
    const otherCare = await logInAs(t.app, 'care@bluecrest.test', otherOrg);
    expect((await t.app.inject({ url, headers: bearer(otherCare) })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/care/${otherOrg}/labs/${reviewed()._id}/fhir`,
          headers: bearer(otherCare),
        })
      ).statusCode,
    ).toBe(404);
    const admin = await logInAs(t.app, 'admin@evergreen.test', org);
    expect((await t.app.inject({ url, headers: bearer(admin) })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: bearer(dana) })).statusCode).toBe(403);
    const waiting = await t.app.inject({
      url: `/care/${org}/labs/${created()._id}/fhir`,
      headers: bearer(care),
    });
    expect(waiting.statusCode).toBe(404);
  });
});
