import type {
  LabAllBiomarkers,
  LabAnalysis,
  LabAppointment,
  LabBioAgeOverview,
  LabBiomarkerDetail,
  LabCategory,
  LabPanelListPage,
  LabPanelOverview,
  LabPreparationGuidelines,
  LabProductPanel,
  LabReportListPage,
} from '@portal/domain/contracts/labs';
import { biologicalAge } from '@portal/domain/labs/biological-age';
import { type BiomarkerKey, biomarker, classifyResult } from '@portal/domain/labs/biomarkers';
import { rangeCategory, rangeFor } from '@portal/domain/labs/ranges';
import { optimizedPercent } from '@portal/domain/labs/status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPREHENSIVE_KEYS, DANA_LAB_VALUES } from '../../db/seed/lab-markers';
import { bearer, createTestApp, json, logInAs, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let dana: string;
let other: Awaited<ReturnType<typeof signupPatient>>;
let comprehensive: string;
let essentials: string;
let reports: { id: string; collected_at: Date | null; status: string; panel_id: string }[];
let first: (typeof reports)[number];
let followUp: (typeof reports)[number];
let ordered: (typeof reports)[number];

const get = (url: string, token = dana) => t.app.inject({ url, headers: bearer(token) });
const P = (panel: string) => `/v2/labs/patient/panels/${panel}`;

beforeAll(async () => {
  t = await createTestApp();
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  dana = await logInAs(t.app, 'demo@evergreen.test', org);
  other = await signupPatient(t.app, org);
  const panels = await rows<{ id: string; slug: string }>(
    t.database,
    sql`select id, slug from lab_panels where organization_id = ${org}`,
  );
  comprehensive = panels.find((p) => p.slug === 'comprehensive-longevity')!.id;
  essentials = panels.find((p) => p.slug === 'longevity-essentials')!.id;
  reports = await rows(
    t.database,
    sql`select r.id, r.collected_at, r.status, r.panel_id from lab_reports r join users u on u.id = r.user_id
        where u.email = 'demo@evergreen.test' and u.organization_id = ${org} order by r.created_at`,
  );
  [first, followUp, ordered] = reports as [typeof first, typeof first, typeof first];
});
afterAll(() => t.close());

/** The whole years of Dana (born 1984-03-14) on a UTC day. */
const danaAge = (on: Date) => {
  const [y, m, d] = on.toISOString().slice(0, 10).split('-').map(Number) as [number, number, number];
  return y - 1984 - (m < 3 || (m === 3 && d < 14) ? 1 : 0);
};

const danaResults = (values: Record<string, number>) =>
  Object.entries(values).map(([code, value]) => ({
    code,
    value,
    unit: biomarker(code as BiomarkerKey).units[0].unit,
  }));

describe('seeded labs of Dana', () => {
  it('has two reviewed Comprehensive reports months apart and a newly ordered Essentials one', () => {
    expect(reports.map((r) => [r.panel_id, r.status])).toEqual([
      [comprehensive, 'reviewed'],
      [comprehensive, 'reviewed'],
      [essentials, 'created'],
    ]);
    const days =
      (new Date(followUp.collected_at!).getTime() - new Date(first.collected_at!).getTime()) / 864e5;
    expect(days).toBeGreaterThan(120);
  });
});

describe('GET /v2/labs/patient/panels', () => {
  it('lists the panels, the newest report first, with latestReport and paging flags', async () => {
    const res = await get('/v2/labs/patient/panels');
    expect(res.statusCode).toBe(200);
    const page = json<LabPanelListPage>(res);
    expect(page).toMatchObject({
      page: 1,
      totalPages: 1,
      totalDocs: 2,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(page.docs.map((d) => d._id)).toEqual([essentials, comprehensive]);
    const [ess, comp] = page.docs as [LabPanelListPage['docs'][number], LabPanelListPage['docs'][number]];
    expect(ess).toMatchObject({
      panelId: essentials,
      status: 'created',
      stage: 'pending',
      followUp: false,
      latestReport: { _id: ordered.id, status: { id: 'created', name: 'Visit Form Pending' } },
      product: { name: 'Longevity Essentials Panel' },
    });
    expect(ess.order).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: { fulfilled: false },
    });
    expect(comp).toMatchObject({
      status: 'reviewed',
      stage: 'reviewed',
      followUp: true,
      reportCount: 2,
      latestReport: { _id: followUp.id, status: { id: 'reviewed', name: 'Results Ready' } },
    });
    expect(comp.product.images.length).toBeGreaterThan(0);
  });

  it('filters by status (ordered covers created) and pages', async () => {
    const reviewed = json<LabPanelListPage>(await get('/v2/labs/patient/panels?status=reviewed'));
    expect(reviewed.docs.map((d) => d._id)).toEqual([comprehensive]);
    const orderedPage = json<LabPanelListPage>(await get('/v2/labs/patient/panels?status=ordered'));
    expect(orderedPage.docs.map((d) => d._id)).toEqual([essentials]);
    const received = json<LabPanelListPage>(await get('/v2/labs/patient/panels?status=received'));
    expect(received).toMatchObject({ docs: [], totalDocs: 0, totalPages: 1 });
    const second = json<LabPanelListPage>(await get('/v2/labs/patient/panels?page=2&limit=1'));
    expect(second).toMatchObject({ page: 2, totalPages: 2, hasNextPage: false, hasPrevPage: true });
    expect(second.docs.map((d) => d._id)).toEqual([comprehensive]);
  });

  it('is empty for a new patient, 401 without a session and 400 for a bad query', async () => {
    expect(json<LabPanelListPage>(await get('/v2/labs/patient/panels', other.token)).docs).toEqual([]);
    expect((await t.app.inject({ url: '/v2/labs/patient/panels' })).statusCode).toBe(401);
    for (const q of ['?status=done', '?page=0', '?page=x', '?limit=500', '?other=1']) {
      const res = await get(`/v2/labs/patient/panels${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(json(res)).toHaveProperty('text');
    }
  });
});

describe('analysis', () => {
  it('answers the latest reviewed report, with optimized % and bioAge as the domain computes them', async () => {
    const res = await get(`${P(comprehensive)}/report/analysis`);
    expect(res.statusCode).toBe(200);
    const a = json<LabAnalysis>(res);
    expect(a).toMatchObject({
      _id: followUp.id,
      title: 'Comprehensive Longevity Panel Results',
      reviewer: { first_name: expect.any(String), last_name: expect.any(String) },
    });
    expect(a.text?.intro).toContain('Dana');
    expect(a.markers).toHaveLength(COMPREHENSIVE_KEYS.length);
    expect(a.panelCategoryNames).toEqual([
      'Heart',
      'Metabolic',
      'Inflammation',
      'Liver',
      'Kidney',
      'Thyroid',
      'Hormones',
      'Nutrients',
      'Blood',
    ]);

    const values = DANA_LAB_VALUES.followUp;
    const categories = COMPREHENSIVE_KEYS.map((key) => {
      const unit = biomarker(key).units[0].unit;
      const c = classifyResult(key, values[key], unit, 'female');
      return c === null ? null : rangeCategory(c);
    });
    expect(a.optimized).toBe(optimizedPercent(categories));
    expect(a.optimized).toBeGreaterThan(50);
    expect(a.optimized).toBeLessThan(100);

    const bio = biologicalAge({
      ageYears: danaAge(new Date(followUp.collected_at!)),
      results: danaResults(values),
    });
    expect('value' in bio).toBe(true);
    if ('value' in bio) expect(a.bioAge).toBe(Math.round(bio.value * 10) / 10);

    // each marker's range is where its value falls among the ranges it carries
    for (const m of a.markers) {
      const range = rangeFor(m.value, m.ranges);
      expect(m.rangeType, m.id).toBe(range?.type ?? null);
    }
    const apob = a.markers.find((m) => m.id === 'apob')!;
    expect(apob).toMatchObject({
      unit: 'mg/dL',
      ucum: 'mg/dL',
      loinc: '1884-6',
      value: 84,
      rangeType: 'borderline',
    });
    expect(apob.legend.description).toContain('ApoB');
    expect(apob.ranges).toEqual([
      { type: 'optimal', min: null, max: 80 },
      { type: 'borderline', min: 80, max: 89 },
      { type: 'high', min: 89, max: null },
    ]);
    // sex-specific layers read with Dana's sex
    const hdl = a.markers.find((m) => m.id === 'hdl_c')!;
    expect(hdl.ranges[0]).toEqual({ type: 'low', min: null, max: 50 });
    expect(a.markers.find((m) => m.id === 'insulin')!.unit).toBe('µIU/mL');
  });

  it('answers an earlier report by reportId, with a higher biological age', async () => {
    const latest = json<LabAnalysis>(await get(`${P(comprehensive)}/report/analysis`));
    const earlier = json<LabAnalysis>(await get(`${P(comprehensive)}/report/analysis?reportId=${first.id}`));
    expect(earlier._id).toBe(first.id);
    expect(earlier.markers.find((m) => m.id === 'vitamin_d')).toMatchObject({ value: 26, rangeType: 'low' });
    expect(earlier.bioAge!).toBeGreaterThan(latest.bioAge!);
    expect(earlier.optimized!).toBeLessThan(latest.optimized!);
  });

  it('answers 404 for a report of another panel, one not reviewed, and a panel without results', async () => {
    expect((await get(`${P(comprehensive)}/report/analysis?reportId=${ordered.id}`)).statusCode).toBe(404);
    expect((await get(`${P(essentials)}/report/analysis`)).statusCode).toBe(404);
    expect((await get(`${P(essentials)}/report/analysis?reportId=${ordered.id}`)).statusCode).toBe(404);
    expect((await get(`${P(comprehensive)}/report/analysis?reportId=nope`)).statusCode).toBe(400);
  });
});

describe('categories, all biomarkers, bio age, guidelines, overview, marker, appointment', () => {
  it('answers one category’s markers and 404 for one the report does not have', async () => {
    const res = await get(`${P(comprehensive)}/categories/heart`);
    expect(res.statusCode).toBe(200);
    const c = json<LabCategory>(res);
    expect(c).toMatchObject({ reportId: followUp.id, name: 'Heart', slug: 'heart' });
    expect(c.markers.map((m) => m.id)).toEqual([
      'total_cholesterol',
      'ldl_c',
      'hdl_c',
      'triglycerides',
      'apob',
      'lpa',
    ]);
    expect((await get(`${P(comprehensive)}/categories/skin`)).statusCode).toBe(404);
    expect((await get(`${P(comprehensive)}/categories/Not%20A%20Slug`)).statusCode).toBe(400);
  });

  it('answers every biomarker by category', async () => {
    const all = json<LabAllBiomarkers>(await get(`${P(comprehensive)}/all-biomarkers`));
    expect(all.reportId).toBe(followUp.id);
    expect(all.categories.flatMap((c) => c.markers)).toHaveLength(COMPREHENSIVE_KEYS.length);
    expect(all.categories[0]!.name).toBe('Heart');
  });

  it('answers the biological age with the markers, convention and date it used', async () => {
    const res = await get(`${P(comprehensive)}/bio-age/overview`);
    expect(res.statusCode).toBe(200);
    const bio = json<LabBioAgeOverview>(res);
    const expected = biologicalAge({
      ageYears: danaAge(new Date(followUp.collected_at!)),
      results: danaResults(DANA_LAB_VALUES.followUp),
    });
    expect(bio.available).toBe(true);
    if (bio.available && 'value' in expected) {
      expect(bio.value).toBe(Math.round(expected.value * 10) / 10);
      expect(bio.convention).toBe('ln');
      expect(bio.chronologicalAge).toBe(danaAge(new Date(followUp.collected_at!)));
      expect(bio.markersUsed.map((m) => m.marker).sort()).toEqual(
        ['albumin', 'alp', 'creatinine', 'glucose', 'hs_crp', 'lymphocytes_pct', 'mcv', 'rdw', 'wbc'].sort(),
      );
      expect(bio.takenOn).toBe(new Date(followUp.collected_at!).toISOString().slice(0, 10));
    }
  });

  it('says what is missing instead of guessing', async () => {
    const noResults = json<LabBioAgeOverview>(await get(`${P(essentials)}/bio-age/overview`));
    expect(noResults).toEqual({ available: false, reportId: null, missing: [], unusable: [] });
    // without albumin the latest report has no biological age
    await t.database.db.execute(
      sql`update lab_markers set code = 'albumin_removed' where report_id = ${followUp.id} and code = 'albumin'`,
    );
    try {
      const missing = json<LabBioAgeOverview>(await get(`${P(comprehensive)}/bio-age/overview`));
      expect(missing).toMatchObject({ available: false, reportId: followUp.id, missing: ['albumin'] });
      expect(json<LabAnalysis>(await get(`${P(comprehensive)}/report/analysis`)).bioAge).toBeNull();
    } finally {
      await t.database.db.execute(
        sql`update lab_markers set code = 'albumin' where report_id = ${followUp.id} and code = 'albumin_removed'`,
      );
    }
  });

  it('answers the preparation guidelines of 002 §9', async () => {
    const g = json<LabPreparationGuidelines>(await get(`${P(essentials)}/preparation-guidelines`));
    expect(g).toMatchObject({ panelId: essentials, fastingHours: 12, noExerciseHours: 12 });
    expect(g.guidelines[0]).toContain('12 hours');
  });

  it('answers the overview with the range counts and the panel’s reports', async () => {
    const o = json<LabPanelOverview>(await get(`${P(comprehensive)}/overview`));
    expect(o.report?._id).toBe(followUp.id);
    const counts = o.report!.rangeCounts;
    expect(counts.optimal + counts.borderline + counts['high-low'] + counts.none).toBe(
      COMPREHENSIVE_KEYS.length,
    );
    expect(o.reports.map((r) => r._id)).toEqual([followUp.id, first.id]);
    const earlier = json<LabPanelOverview>(await get(`${P(comprehensive)}/overview?reportId=${first.id}`));
    expect(earlier.report?._id).toBe(first.id);
    const pending = json<LabPanelOverview>(await get(`${P(essentials)}/overview`));
    expect(pending).toMatchObject({ report: null, latestReport: { _id: ordered.id } });
  });

  it('answers one biomarker with its history, oldest first', async () => {
    const res = await get(`${P(comprehensive)}/markers/apob`);
    expect(res.statusCode).toBe(200);
    const d = json<LabBiomarkerDetail>(res);
    expect(d).toMatchObject({ id: 'apob', name: 'Apolipoprotein B', marker: { value: 84 } });
    expect(d.history.points.map((p) => [p.reportId, p.value])).toEqual([
      [first.id, 96],
      [followUp.id, 84],
    ]);
    expect(d.history.points.map((p) => p.classification)).toEqual(['high', 'borderline']);
    expect((await get(`${P(comprehensive)}/markers/unknown_marker`)).statusCode).toBe(404);
    expect((await get(`${P(comprehensive)}/markers/ApoB!`)).statusCode).toBe(400);
  });

  it('answers the appointment (none kept) and refuses to pay for one with a clear 400', async () => {
    const a = json<LabAppointment>(await get(`${P(essentials)}/appointment`));
    expect(a).toEqual({ panelId: essentials, reportId: ordered.id, appointment: null, payable: false });
    const pay = await t.app.inject({
      method: 'POST',
      url: `${P(essentials)}/pay-appointment`,
      headers: bearer(dana),
    });
    expect(pay.statusCode).toBe(400);
    expect(json(pay)).toMatchObject({ text: 'NotAvailable' });
    const theirs = await t.app.inject({
      method: 'POST',
      url: `${P(essentials)}/pay-appointment`,
      headers: bearer(other.token),
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('GET /v2/labs/results', () => {
  it('lists the reports, newest first, with the primary button', async () => {
    const page = json<LabReportListPage>(await get('/v2/labs/results'));
    expect(page).toMatchObject({ totalDocs: 3, page: 1, hasNextPage: false });
    expect(page.docs.map((d) => [d._id, d.primaryAction])).toEqual([
      [ordered.id, 'order_lab'],
      [followUp.id, 'view_analysis'],
      [first.id, 'view_analysis'],
    ]);
    expect(page.docs[1]).toMatchObject({ organization: org, order: { status: { fulfilled: true } } });
    const reviewed = json<LabReportListPage>(await get('/v2/labs/results?status=reviewed&limit=1'));
    expect(reviewed).toMatchObject({ totalDocs: 2, totalPages: 2, hasNextPage: true });
  });

  it('answers one report filtered by rangeType and categoryName', async () => {
    const all = json<LabAnalysis>(await get(`/v2/labs/results/${followUp.id}`));
    expect(all.markers).toHaveLength(COMPREHENSIVE_KEYS.length);
    const attention = json<LabAnalysis>(await get(`/v2/labs/results/${followUp.id}?rangeType=high-low`));
    expect(attention.markers.length).toBeGreaterThan(0);
    expect(attention.markers.every((m) => m.rangeCategory === 'high-low')).toBe(true);
    expect(attention.optimized).toBe(all.optimized);
    const heart = json<LabAnalysis>(
      await get(`/v2/labs/results/${followUp.id}?categoryName=Heart&rangeType=borderline`),
    );
    expect(heart.markers.every((m) => m.category === 'Heart' && m.rangeCategory === 'borderline')).toBe(true);
    expect(heart.markers.map((m) => m.id)).toContain('apob');
    expect((await get(`/v2/labs/results/${followUp.id}?rangeType=bad`)).statusCode).toBe(400);
    expect((await get(`/v2/labs/results/${ordered.id}`)).statusCode).toBe(404);
  });
});

describe('GET /v2/labs/product/{productId}/panel', () => {
  it('answers the panel of a lab product (template or variant) and null for another product', async () => {
    const [tpl] = await rows<{ template: string; variant: string; other: string }>(
      t.database,
      sql`select p.product_template_id as template, (select id from products where product_template_id = p.product_template_id limit 1) as variant,
                 (select id from product_templates where organization_id = ${org} and type = 'supplement' limit 1) as other
          from lab_panels p where p.id = ${comprehensive}`,
    );
    for (const id of [tpl!.template, tpl!.variant]) {
      const panel = json<LabProductPanel>(await get(`/v2/labs/product/${id}/panel`));
      expect(panel).toMatchObject({ _id: comprehensive, slug: 'comprehensive-longevity' });
      expect(panel!.biomarkers).toHaveLength(COMPREHENSIVE_KEYS.length);
    }
    const none = await get(`/v2/labs/product/${tpl!.other}/panel`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await get('/v2/labs/product/xyz/panel')).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('answers 404 to another patient for Dana’s panels and reports, and 401 without a session', async () => {
    for (const url of [
      `${P(comprehensive)}/report/analysis`,
      `${P(comprehensive)}/report/analysis?reportId=${followUp.id}`,
      `${P(comprehensive)}/categories/heart`,
      `${P(comprehensive)}/all-biomarkers`,
      `${P(comprehensive)}/bio-age/overview`,
      `${P(comprehensive)}/preparation-guidelines`,
      `${P(comprehensive)}/overview`,
      `${P(comprehensive)}/markers/apob`,
      `${P(comprehensive)}/appointment`,
      `/v2/labs/results/${followUp.id}`,
    ]) {
      const res = await get(url, other.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('apob');
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
    expect(json<LabReportListPage>(await get('/v2/labs/results', other.token)).docs).toEqual([]);
  });

  it('answers 400 for malformed ids', async () => {
    for (const url of [
      '/v2/labs/patient/panels/abc/overview',
      '/v2/labs/patient/panels/abc/report/analysis',
      '/v2/labs/results/abc',
      `${P(comprehensive)}/overview?reportId=abc`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});

describe('a patient’s reports for the staff of their clinic', () => {
  it('answers the clinic’s care team and the patient, and refuses another patient or clinic', async () => {
    const [danaUser] = await rows<{ id: string }>(
      t.database,
      sql`select id from users where email = 'demo@evergreen.test' and organization_id = ${org}`,
    );
    const urls = [
      `/v2/labs/patients/${danaUser!.id}/results`,
      `/v2/labs/patients/${danaUser!.id}/results/${followUp.id}`,
    ];
    const care = await logInAs(t.app, 'care@evergreen.test', org);
    const otherOrg = json<{ _id: string }>(
      await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }),
    )._id;
    const otherCare = await logInAs(t.app, 'care@bluecrest.test', otherOrg);
    for (const url of urls) {
      expect((await get(url, care)).statusCode, url).toBe(200);
      expect((await get(url, dana)).statusCode, url).toBe(200);
      expect([403, 404], url).toContain((await get(url, other.token)).statusCode);
      expect([403, 404], url).toContain((await get(url, otherCare)).statusCode);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
    const analysis = json<LabAnalysis>(await get(`${urls[1]}?rangeType=optimal`, care));
    expect(analysis._id).toBe(followUp.id);
    expect(analysis.markers.every((m) => m.rangeCategory === 'optimal')).toBe(true);
    // another patient's report under Dana's id is not found
    const [otherReport] = await rows<{ id: string }>(
      t.database,
      sql`select r.id from lab_reports r join users u on u.id = r.user_id where u.email <> 'demo@evergreen.test' limit 1`,
    );
    if (otherReport)
      expect(
        (await get(`/v2/labs/patients/${danaUser!.id}/results/${otherReport.id}`, care)).statusCode,
      ).toBe(404);
  });
});
