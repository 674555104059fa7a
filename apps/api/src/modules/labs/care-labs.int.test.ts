import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CareLabImportResult, CareLabPage, CareLabReport } from '@portal/domain/contracts/care-labs';
import type { LabAnalysis } from '@portal/domain/contracts/labs';
import { convert, loincFor } from '@portal/domain/labs/biomarkers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { ESSENTIALS_KEYS } from '../../db/seed/lab-markers';
import {
  bearer,
  createTestApp,
  json,
  logInAs,
  readOutbox,
  rows,
  signupPatient,
  type TestApp,
  waitForMail,
} from '../../test/harness';

let t: TestApp;
let uploads: string;
let org: string;
let otherOrg: string;
let dana: string;
let danaToken: string;
let reportId: string;
const tokens: Record<'care' | 'physician' | 'admin' | 'otherCare' | 'patient', string> = {
  care: '',
  physician: '',
  admin: '',
  otherCare: '',
  patient: '',
};

const url = (rest = '', orgId = org) => `/care/${orgId}/labs${rest}`;
const call = (method: 'GET' | 'POST' | 'PUT', rest: string, token: string, payload?: unknown, orgId = org) =>
  t.app.inject({
    method,
    url: url(rest, orgId),
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A multipart body built by hand, as a browser would send it. */
function form(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----portalcarelabs0123456789';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'portal-care-labs-'));
  t = await createTestApp({
    UPLOADS_DIR: uploads,
    RATE_LIMIT_ACCOUNT: '1000',
    RATE_LIMIT_ADDRESS: '1000',
  });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  tokens.care = await logInAs(t.app, 'care@evergreen.test', org);
  tokens.physician = await logInAs(t.app, 'physician@evergreen.test', org);
  tokens.admin = await logInAs(t.app, 'admin@evergreen.test', org);
  tokens.otherCare = await logInAs(t.app, 'care@bluecrest.test', otherOrg);
  tokens.patient = (await signupPatient(t.app, org)).token;
  danaToken = await logInAs(t.app, 'demo@evergreen.test', org);
  const [row] = await rows<{ id: string; user_id: string }>(
    t.database,
    sql`select r.id, r.user_id from lab_reports r join users u on u.id = r.user_id
        where u.email = 'demo@evergreen.test' and u.organization_id = ${org} and r.status = 'created'`,
  );
  reportId = row!.id;
  dana = row!.user_id;
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

describe("the clinic's lab orders", () => {
  it('lists them by status, with the patient and panel, in cursor pages', async () => {
    const created = await call('GET', '?status=created', tokens.care);
    expect(created.statusCode, created.body).toBe(200);
    const page = json<CareLabPage>(created);
    const item = page.items.find((i) => i._id === reportId)!;
    expect(item).toMatchObject({
      status: 'created',
      patient: { _id: dana, birthday: '1984-03-14' },
      has_requisition: false,
      has_results_pdf: false,
      markers_entered: 0,
    });
    expect(item.panel.name).toMatch(/Essentials/);
    expect(page.items.every((i) => i.status === 'created')).toBe(true);

    const reviewed = json<CareLabPage>(await call('GET', '?status=reviewed', tokens.care));
    expect(reviewed.items.length).toBeGreaterThanOrEqual(2);
    expect(reviewed.items.every((i) => i.status === 'reviewed' && i.markers_entered > 0)).toBe(true);

    const all = json<CareLabPage>(await call('GET', '', tokens.physician));
    const first = json<CareLabPage>(await call('GET', '?limit=1', tokens.physician));
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = json<CareLabPage>(
      await call('GET', `?limit=1&cursor=${encodeURIComponent(first.next_cursor!)}`, tokens.physician),
    );
    expect(second.items[0]!._id).toBe(all.items[1]!._id);
    expect((await call('GET', '?cursor=nonsense', tokens.care)).statusCode).toBe(400);
    expect((await call('GET', '?status=lost', tokens.care)).statusCode).toBe(400);
  });

  it('refuses an admin, a patient and another clinic', async () => {
    expect((await call('GET', '', tokens.admin)).statusCode).toBe(403);
    expect((await call('GET', '', tokens.patient)).statusCode).toBe(403);
    expect((await call('GET', `/${reportId}`, danaToken)).statusCode).toBe(403);
    expect((await call('GET', `/${reportId}`, tokens.otherCare)).statusCode).toBe(404);
    expect((await call('GET', `/${reportId}`, tokens.otherCare, undefined, otherOrg)).statusCode).toBe(404);
    expect(
      (await call('POST', `/${reportId}/advance`, tokens.otherCare, { to: 'ordered' }, otherOrg)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/${newId()}`, tokens.care)).statusCode).toBe(404);
  });

  it('gives the report for editing with the panel’s biomarkers', async () => {
    const res = await call('GET', `/${reportId}`, tokens.care);
    expect(res.statusCode, res.body).toBe(200);
    const report = json<CareLabReport>(res);
    expect(report.next_status).toBe('ordered');
    expect(report.markers).toEqual([]);
    expect(report.text).toBeNull();
    expect(report.panel_biomarkers.map((b) => b.key)).toEqual([...ESSENTIALS_KEYS]);
    expect(report.panel_biomarkers.find((b) => b.key === 'glucose')!.allowed_units).toEqual([
      'mg/dL',
      'mmol/L',
    ]);
  });

  it('moves one step at a time, forward only', async () => {
    const skip = await call('POST', `/${reportId}/advance`, tokens.care, { to: 'received' });
    expect(skip.statusCode).toBe(409);
    expect(json(skip).message).toMatch(/mark it ordered before received/);
    const ordered = await call('POST', `/${reportId}/advance`, tokens.care, { to: 'ordered' });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(json<CareLabReport>(ordered)).toMatchObject({ status: 'ordered', next_status: 'received' });
    const back = await call('POST', `/${reportId}/advance`, tokens.care, { to: 'ordered' });
    expect(back.statusCode).toBe(409);
    expect(json(back).message).toMatch(/already ordered/);
    expect((await call('POST', `/${reportId}/advance`, tokens.care, { to: 'reviewed' })).statusCode).toBe(
      400,
    );
    const received = await call('POST', `/${reportId}/advance`, tokens.physician, { to: 'received' });
    expect(json<CareLabReport>(received)).toMatchObject({ status: 'received', next_status: null });
    await t.app.ctx.audit.flush();
    const audited = await rows<{ outcome: string }>(
      t.database,
      sql`select outcome from audit_log where patient_id = ${dana}
          and action = 'POST /care/:org/labs/:reportId/advance'`,
    );
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses publishing without results', async () => {
    const res = await call('POST', `/${reportId}/publish`, tokens.physician);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toMatch(/at least one result/);
  });

  it('takes results by hand, checked and stored in the reporting unit', async () => {
    const badUnit = await call('PUT', `/${reportId}/results`, tokens.care, {
      results: [{ key: 'glucose', value: 5.5, unit: 'ng/mL' }],
    });
    expect(badUnit.statusCode).toBe(400);
    expect(badUnit.body).toMatch(/Glucose is reported in mg\/dL or mmol\/L/);
    const unknown = await call('PUT', `/${reportId}/results`, tokens.care, {
      results: [{ key: 'unobtainium', value: 1, unit: 'mg/dL' }],
    });
    expect(unknown.statusCode).toBe(400);
    const notInPanel = await call('PUT', `/${reportId}/results`, tokens.care, {
      results: [{ key: 'albumin', value: 4.5, unit: 'g/dL' }],
    });
    expect(notInPanel.statusCode).toBe(400);
    expect(notInPanel.body).toMatch(/not measured by/);

    const res = await call('PUT', `/${reportId}/results`, tokens.care, {
      results: [
        { key: 'glucose', value: 5.5, unit: 'mmol/L' },
        { key: 'insulin', value: 6, unit: 'uIU/mL' },
      ],
      collected_at: '2026-11-20',
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = json<CareLabReport>(res);
    const glucose = report.markers.find((m) => m.key === 'glucose')!;
    expect(glucose.unit).toBe('mg/dL');
    expect(glucose.value).toBeCloseTo(convert('glucose', 5.5, 'mmol/L', 'mg/dL')!, 3);
    expect(glucose.classification).not.toBeNull();
    expect(report.markers.find((m) => m.key === 'insulin')).toMatchObject({ unit: 'u[IU]/mL', value: 6 });
    expect(report.markers_entered).toBe(2);
    expect(report.collected_at).toBe('2026-11-20T00:00:00.000Z');
  });

  it('imports a CSV: unknown codes are reported back, not stored', async () => {
    const csv = [
      'code,value,unit',
      '1884-6,90,mg/dL',
      'hdl_c,55,mg/dL',
      '99999-9,1,mg/dL',
      'insulin,abc,uIU/mL',
      'tsh,2,furlongs',
    ].join('\n');
    const res = await call('POST', `/${reportId}/import`, tokens.care, { format: 'csv', csv });
    expect(res.statusCode, res.body).toBe(200);
    const out = json<CareLabImportResult>(res);
    expect(out.imported.map((i) => i.key)).toEqual(['apob', 'hdl_c']);
    expect(out.rejected.map((r) => [r.at, r.reason])).toEqual([
      [3, 'unknown_biomarker'],
      [4, 'unreadable'],
      [5, 'unknown_unit'],
    ]);
    expect(out.report.markers.map((m) => m.key).sort()).toEqual(['apob', 'glucose', 'hdl_c', 'insulin']);
    const stored = await rows<{ code: string }>(
      t.database,
      sql`select code from lab_markers where report_id = ${reportId} and code in ('99999-9', 'tsh')`,
    );
    expect(stored).toEqual([]);
    const empty = await call('POST', `/${reportId}/import`, tokens.care, {
      format: 'csv',
      csv: 'code,value,unit\n',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('imports a FHIR R4 Bundle of LOINC Observations in UCUM', async () => {
    const observation = (code: string, value: number, unit: string) => ({
      resource: {
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code }] },
        effectiveDateTime: '2026-11-19T08:30:00Z',
        valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit },
      },
    });
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Patient', id: 'p' } },
        observation(loincFor('triglycerides', 'mmol/L')!, 1.2, 'mmol/L'),
        observation('00000-0', 3, 'mg/dL'),
      ],
    };
    const res = await call('POST', `/${reportId}/import`, tokens.care, { format: 'fhir', bundle });
    expect(res.statusCode, res.body).toBe(200);
    const out = json<CareLabImportResult>(res);
    expect(out.imported).toEqual([
      {
        key: 'triglycerides',
        unit: 'mg/dL',
        value: Math.round(convert('triglycerides', 1.2, 'mmol/L', 'mg/dL')! * 1e4) / 1e4,
      },
    ]);
    expect(out.rejected).toEqual([
      expect.objectContaining({ at: 2, code: '00000-0', reason: 'unknown_biomarker' }),
    ]);
    expect(out.report.collected_at).toBe('2026-11-19T08:30:00.000Z');
    const notBundle = await call('POST', `/${reportId}/import`, tokens.care, {
      format: 'fhir',
      bundle: { resourceType: 'Patient' },
    });
    expect(notBundle.statusCode).toBe(400);
  });

  it('attaches the laboratory’s PDF, checked by content', async () => {
    const notPdf = form(
      { kind: 'results' },
      { name: 'results.pdf', type: 'application/pdf', data: Buffer.from('hello, not a pdf') },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: url(`/${reportId}/files`),
      headers: { ...bearer(tokens.care), ...notPdf.headers },
      payload: notPdf.payload,
    });
    expect(refused.statusCode).toBe(400);
    const noKind = form({}, { name: 'r.pdf', type: 'application/pdf', data: PDF });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: url(`/${reportId}/files`),
          headers: { ...bearer(tokens.care), ...noKind.headers },
          payload: noKind.payload,
        })
      ).statusCode,
    ).toBe(400);
    const good = form(
      { kind: 'requisition' },
      { name: 'req.bin', type: 'application/octet-stream', data: PDF },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: url(`/${reportId}/files`),
      headers: { ...bearer(tokens.care), ...good.headers },
      payload: good.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CareLabReport>(res)).toMatchObject({ has_requisition: true, has_results_pdf: false });
    const [stored] = await rows<{ requisition_key: string | null }>(
      t.database,
      sql`select requisition_key from lab_reports where id = ${reportId}`,
    );
    expect(stored!.requisition_key).toMatch(/^[0-9a-f]{32}$/);
    const file = await call('GET', `/${reportId}/files/requisition`, tokens.care);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await call('GET', `/${reportId}/files/results`, tokens.care)).statusCode).toBe(404);
  });

  it('keeps the clinical team’s message, length-limited', async () => {
    const text = { intro: 'Hello Dana,', main: 'Your **glucose** is fine.', conclusion: 'See you soon.' };
    const res = await call('PUT', `/${reportId}/text`, tokens.care, text);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CareLabReport>(res).text).toEqual(text);
    const long = await call('PUT', `/${reportId}/text`, tokens.care, { ...text, intro: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
  });

  it('is published by a physician only: the patient reads the analysis and is notified, no result e-mailed', async () => {
    expect(
      (await t.app.inject({ url: `/v2/labs/results/${reportId}`, headers: bearer(danaToken) })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/${reportId}/publish`, tokens.care)).statusCode).toBe(403);
    const res = await call('POST', `/${reportId}/publish`, tokens.physician);
    expect(res.statusCode, res.body).toBe(200);
    const report = json<CareLabReport>(res);
    expect(report.status).toBe('reviewed');
    expect(report.reviewed_at).not.toBeNull();
    expect(report.reviewer).not.toBeNull();

    const analysis = await t.app.inject({ url: `/v2/labs/results/${reportId}`, headers: bearer(danaToken) });
    expect(analysis.statusCode, analysis.body).toBe(200);
    const body = json<LabAnalysis>(analysis);
    expect(body.markers.map((m) => m.id).sort()).toEqual([
      'apob',
      'glucose',
      'hdl_c',
      'insulin',
      'triglycerides',
    ]);
    expect(body.text?.main).toBe('Your **glucose** is fine.');

    const notes = await rows<{ message: string; category: string; data: { reportId?: string } }>(
      t.database,
      sql`select message, category, data from notifications where user_id = ${dana} and category = 'lab'`,
    );
    expect(notes).toContainEqual(
      expect.objectContaining({
        message: 'Lab Results are now ready',
        data: expect.objectContaining({ reportId }),
      }),
    );
    const mail = await waitForMail(t.outboxDir, 'demo@evergreen.test');
    for (const m of [mail, ...readOutbox(t.outboxDir).filter((x) => x.to === 'demo@evergreen.test')]) {
      const all = `${m.subject}\n${m.text}`;
      expect(all).not.toMatch(/glucose|apob|mg\/dL|99\.\d|Lab Results/i);
    }

    expect((await call('POST', `/${reportId}/publish`, tokens.physician)).statusCode).toBe(409);
    const locked = await call('PUT', `/${reportId}/results`, tokens.care, {
      results: [{ key: 'glucose', value: 90, unit: 'mg/dL' }],
    });
    expect(locked.statusCode).toBe(409);
    expect((await call('POST', `/${reportId}/advance`, tokens.care, { to: 'received' })).statusCode).toBe(
      409,
    );
    await t.app.ctx.audit.flush();
    const audited = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from audit_log where patient_id = ${dana}
          and action = 'POST /care/:org/labs/:reportId/publish'`,
    );
    expect(audited[0]!.n).toBeGreaterThanOrEqual(1);
  });
});
