/**
 * The labs' budget (issue 14, Speed), on PostgreSQL through the built server, as the patient asks:
 * - the analysis of a reviewed report with 100 biomarkers (GET /v2/labs/results/{reportId}), the panel list
 *   (GET /v2/labs/patient/panels) and the report list (GET /v2/labs/results) of a patient with 50 reviewed
 *   reports of one panel: p95 at most 30 ms per request at 10 clients;
 * - the requisition PDF of an ordered report (GET /v2/labs/results/{reportId}/form/download): p95 at most
 *   50 ms at 10 clients.
 * The patient signs up through POST /v2/users; their reports go in by SQL (generate_series): 50 reviewed
 * reports of the seeded Comprehensive panel, a month apart, each with its 32 biomarkers at values spread
 * around the clinic's bands (some borderline, some out of range); an Extended panel of 100 biomarkers (the
 * catalogue's 35 and 65 a full lab menu adds, which the catalogue does not know, with the lab's reference
 * ranges stored on the marker) with one reviewed report, the newest reviewed; and a follow-up of the
 * Comprehensive panel just ordered, for the requisition. 52 reports in all.
 */
import { BIOMARKER_KEYS, categorySlug, findBiomarker } from '@portal/domain/labs/biomarkers';
import { layeredRanges } from '@portal/domain/labs/ranges';
import pg from 'pg';
import type { LabMarkerDefinition, LabRange } from '../src/db/schema/labs';
import { markerDefinition } from '../src/db/seed/lab-markers';
import { AIMS, type Figure } from './aims';
import {
  type AreaBenchOptions,
  type AreaResults,
  areaFigures,
  call,
  medianOf,
  p95Get,
  type Started,
  signUp,
} from './http-kit';

export const LABS_LOAD = { reviewed: 50, analysisMarkers: 100, clients: 10 } as const;

const PORT = 3905;
const SEX = 'female' as const;
const BIRTHDAY = '1979-06-14';

/**
 * Biomarkers of a full lab menu beyond the catalogue (code, name, unit, category, reference range): the
 * analysis shows them with the ranges stored on the marker.
 */
const EXTRA: readonly [string, string, string, string, number, number][] = [
  ['rbc', 'Red Blood Cells', '10*6/uL', 'Blood', 3.8, 5.1],
  ['hematocrit', 'Hematocrit', '%', 'Blood', 35, 45],
  ['mch', 'MCH', 'pg', 'Blood', 27, 33],
  ['mchc', 'MCHC', 'g/dL', 'Blood', 32, 36],
  ['mpv', 'Mean Platelet Volume', 'fL', 'Blood', 7.5, 12.5],
  ['neutrophils_abs', 'Neutrophils (absolute)', '10*3/uL', 'Blood', 1.5, 7.8],
  ['lymphocytes_abs', 'Lymphocytes (absolute)', '10*3/uL', 'Blood', 0.85, 3.9],
  ['monocytes_abs', 'Monocytes (absolute)', '10*3/uL', 'Blood', 0.2, 0.95],
  ['eosinophils_abs', 'Eosinophils (absolute)', '10*3/uL', 'Blood', 0.015, 0.5],
  ['basophils_abs', 'Basophils (absolute)', '10*3/uL', 'Blood', 0, 0.2],
  ['neutrophils_pct', 'Neutrophils', '%', 'Blood', 40, 75],
  ['monocytes_pct', 'Monocytes', '%', 'Blood', 2, 10],
  ['eosinophils_pct', 'Eosinophils', '%', 'Blood', 0, 6],
  ['basophils_pct', 'Basophils', '%', 'Blood', 0, 2],
  ['reticulocytes', 'Reticulocytes', '%', 'Blood', 0.5, 2.5],
  ['esr', 'Sedimentation Rate', 'mm/h', 'Inflammation', 0, 20],
  ['fibrinogen', 'Fibrinogen', 'mg/dL', 'Blood', 193, 507],
  ['d_dimer', 'D-Dimer', 'ug/mL FEU', 'Blood', 0, 0.5],
  ['pt', 'Prothrombin Time', 's', 'Blood', 9.4, 12.5],
  ['inr', 'INR', '', 'Blood', 0.8, 1.1],
  ['sodium', 'Sodium', 'mmol/L', 'Kidney', 135, 146],
  ['potassium', 'Potassium', 'mmol/L', 'Kidney', 3.5, 5.3],
  ['chloride', 'Chloride', 'mmol/L', 'Kidney', 98, 110],
  ['co2', 'Carbon Dioxide', 'mmol/L', 'Kidney', 20, 32],
  ['calcium', 'Calcium', 'mg/dL', 'Kidney', 8.6, 10.3],
  ['phosphorus', 'Phosphorus', 'mg/dL', 'Kidney', 2.5, 4.5],
  ['magnesium', 'Magnesium', 'mg/dL', 'Nutrients', 1.7, 2.2],
  ['anion_gap', 'Anion Gap', 'mmol/L', 'Kidney', 4, 12],
  ['bilirubin_total', 'Bilirubin, Total', 'mg/dL', 'Liver', 0.2, 1.2],
  ['bilirubin_direct', 'Bilirubin, Direct', 'mg/dL', 'Liver', 0, 0.2],
  ['total_protein', 'Total Protein', 'g/dL', 'Liver', 6.1, 8.1],
  ['globulin', 'Globulin', 'g/dL', 'Liver', 1.9, 3.7],
  ['ag_ratio', 'Albumin/Globulin Ratio', '', 'Liver', 1, 2.5],
  ['ldh', 'LDH', 'U/L', 'Liver', 100, 220],
  ['amylase', 'Amylase', 'U/L', 'Metabolic', 21, 101],
  ['lipase', 'Lipase', 'U/L', 'Metabolic', 7, 60],
  ['c_peptide', 'C-Peptide', 'ng/mL', 'Metabolic', 0.8, 3.85],
  ['fructosamine', 'Fructosamine', 'umol/L', 'Metabolic', 190, 270],
  ['adiponectin', 'Adiponectin', 'ug/mL', 'Metabolic', 5, 37],
  ['non_hdl_c', 'Non-HDL Cholesterol', 'mg/dL', 'Heart', 0, 129],
  ['vldl_c', 'VLDL Cholesterol', 'mg/dL', 'Heart', 5, 40],
  ['apoa1', 'Apolipoprotein A1', 'mg/dL', 'Heart', 94, 178],
  ['ldl_p', 'LDL Particle Number', 'nmol/L', 'Heart', 0, 1138],
  ['small_ldl_p', 'Small LDL Particles', 'nmol/L', 'Heart', 0, 527],
  ['chol_hdl_ratio', 'Cholesterol/HDL Ratio', '', 'Heart', 0, 5],
  ['tg_hdl_ratio', 'Triglyceride/HDL Ratio', '', 'Heart', 0, 2],
  ['omega3_index', 'Omega-3 Index', '%', 'Heart', 5.4, 12],
  ['ck', 'Creatine Kinase', 'U/L', 'Inflammation', 29, 143],
  ['il6', 'Interleukin-6', 'pg/mL', 'Inflammation', 0, 5],
  ['mpo', 'Myeloperoxidase', 'pmol/L', 'Inflammation', 0, 470],
  ['lp_pla2', 'Lp-PLA2 Activity', 'nmol/min/mL', 'Inflammation', 0, 123],
  ['iron', 'Iron', 'ug/dL', 'Nutrients', 40, 190],
  ['tibc', 'Total Iron-Binding Capacity', 'ug/dL', 'Nutrients', 250, 450],
  ['transferrin_saturation', 'Transferrin Saturation', '%', 'Nutrients', 16, 45],
  ['folate', 'Folate', 'ng/mL', 'Nutrients', 5.9, 24.8],
  ['zinc', 'Zinc', 'ug/dL', 'Nutrients', 60, 130],
  ['copper', 'Copper', 'ug/dL', 'Nutrients', 70, 175],
  ['selenium', 'Selenium', 'ug/L', 'Nutrients', 110, 165],
  ['vitamin_a', 'Vitamin A', 'ug/dL', 'Nutrients', 38, 98],
  ['methylmalonic_acid', 'Methylmalonic Acid', 'nmol/L', 'Nutrients', 55, 335],
  ['free_t3', 'Free T3', 'pg/mL', 'Thyroid', 2.3, 4.2],
  ['reverse_t3', 'Reverse T3', 'ng/dL', 'Thyroid', 8, 25],
  ['tpo_antibodies', 'Thyroid Peroxidase Antibodies', 'IU/mL', 'Thyroid', 0, 9],
  ['dhea_s', 'DHEA Sulfate', 'ug/dL', 'Hormones', 35, 256],
  ['cortisol', 'Cortisol (morning)', 'ug/dL', 'Hormones', 4, 22],
];

/** A value a patient could have: the middle of the clinic's optimal band, else of the normal range. */
function typicalValue(ranges: readonly LabRange[]): number {
  const pick = ranges.find((r) => r.type === 'optimal') ?? ranges.find((r) => r.type === 'normal');
  const min = pick?.min ?? undefined;
  const max = pick?.max ?? undefined;
  if (min !== undefined && max !== undefined) return max > 0 ? (min + max) / 2 : 1;
  if (min !== undefined) return min > 0 ? min * 1.15 : 1;
  if (max !== undefined) return max > 0 ? max * 0.7 : 1;
  return 1;
}

type SeedMarker = LabMarkerDefinition & { typical: number };

const seedMarker = (d: LabMarkerDefinition): SeedMarker => ({ ...d, typical: typicalValue(d.ranges) });

/** The Extended panel: the catalogue's biomarkers (ranges for the patient's sex), then the lab menu's others. */
function extendedMarkers(): SeedMarker[] {
  const known = BIOMARKER_KEYS.map((k) => seedMarker(markerDefinition(k, SEX)));
  const others = EXTRA.slice(0, LABS_LOAD.analysisMarkers - known.length).map(
    ([code, name, unit, category, min, max]): SeedMarker => {
      if (findBiomarker(code)) throw new Error(`${code} is in the catalogue`);
      const ranges: LabRange[] = layeredRanges({ reference: { min, max }, optimal: null }).map((r) => ({
        type: r.type,
        min: r.min ?? null,
        max: r.max ?? null,
      }));
      return seedMarker({
        code,
        name,
        unit,
        category,
        category_slug: categorySlug(category),
        ranges,
        legend: { description: `${name}, as your lab reports it.` },
      });
    },
  );
  const all = [...known, ...others];
  if (all.length !== LABS_LOAD.analysisMarkers)
    throw new Error(`the Extended panel has ${all.length} biomarkers`);
  return all;
}

const hexId = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(22, '0')}`;

const TEXT = {
  intro: 'Your results are in and I have reviewed them.',
  main: 'Most markers are where we want them. A few are **borderline**: see each one for what helps.',
  conclusion: 'Let us recheck in six months.',
};

/**
 * The patient's labs by SQL: 50 reviewed Comprehensive reports (a month apart, values around the bands,
 * varying by report), the Extended panel with one reviewed report of 100 biomarkers, and an ordered
 * Comprehensive follow-up. Returns the ids the figures ask for.
 */
async function seedLabs(pgUrl: string, userId: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query('update users set sex = $2, birthday = $3 where id = $1', [userId, SEX, BIRTHDAY]);
    const { rows } = await client.query<{
      org: string;
      panel: string;
      product: string;
      markers: LabMarkerDefinition[];
      guidelines: string[];
      reviewer: string;
    }>(
      `select u.organization_id as org, lp.id as panel, lp.product_template_id as product, lp.markers,
              lp.preparation_guidelines as guidelines,
              (select p.id from physicians p join users pu on pu.id = p.user_id
                where pu.email = 'physician@evergreen.test' limit 1) as reviewer
         from users u join lab_panels lp on lp.organization_id = u.organization_id
        where u.id = $1 and lp.slug = 'comprehensive-longevity'`,
      [userId],
    );
    const c = rows[0];
    if (!c?.reviewer) throw new Error('the clinic has no Comprehensive panel or reviewing physician');
    // as the results copy them: the catalogue's ranges for the patient's sex
    const comprehensive = c.markers.map((m) => {
      const known = findBiomarker(m.code);
      return seedMarker(known ? markerDefinition(known.key, SEX) : m);
    });
    const extended = extendedMarkers();
    const ids = {
      extendedPanel: hexId('a3', 1),
      analysis: hexId('a1', 1),
      ordered: hexId('a2', 1),
      reviewed: Array.from({ length: LABS_LOAD.reviewed }, (_, n) => hexId('a0', n + 1)),
    };
    await client.query('begin');
    // 50 reviewed reports of the Comprehensive panel, report n made 30n + 40 days ago
    await client.query(
      `insert into lab_reports (id, user_id, organization_id, panel_id, status, status_changed_at, title,
         reviewer_id, reviewed_at, text, collected_at, created_at, updated_at)
       select 'a0' || lpad(to_hex(n), 22, '0'), $1, $2, $3, 'reviewed', d + interval '9 days',
         'Comprehensive Longevity Panel Results', $4, d + interval '9 days', $5::jsonb, d + interval '5 days',
         d, d + interval '9 days'
       from generate_series(1, $6::int) n, lateral (select now() - make_interval(days => 30 * n + 40) d) t`,
      [userId, c.org, c.panel, c.reviewer, JSON.stringify(TEXT), LABS_LOAD.reviewed],
    );
    // each with the panel's biomarkers, values around the bands and drifting from report to report
    await client.query(
      `insert into lab_markers (id, report_id, code, name, unit, value, ranges, legend, category, category_slug,
         position, created_at)
       select 'a4' || lpad(to_hex(n * 1000 + m.pos::int), 22, '0'), 'a0' || lpad(to_hex(n), 22, '0'),
         m.def->>'code', m.def->>'name', m.def->>'unit',
         round(((m.def->>'typical')::numeric * (1 + 0.3 * sin(n * 1.7 + m.pos))::numeric), 2)::float8,
         m.def->'ranges', m.def->'legend', m.def->>'category', m.def->>'category_slug', m.pos - 1,
         now() - make_interval(days => 30 * n + 31)
       from generate_series(1, $1::int) n, jsonb_array_elements($2::jsonb) with ordinality m(def, pos)`,
      [LABS_LOAD.reviewed, JSON.stringify(comprehensive)],
    );
    // the Extended panel (sold as the Comprehensive product) and its reviewed report of 100 biomarkers
    await client.query(
      `insert into lab_panels (id, organization_id, product_template_id, name, slug, description, markers,
         preparation_guidelines)
       values ($1, $2, $3, 'Extended Longevity Panel', 'bench-extended-longevity',
         'One hundred biomarkers: the full longevity catalogue and a complete lab menu.', $4::jsonb, $5::jsonb)`,
      [
        ids.extendedPanel,
        c.org,
        c.product,
        JSON.stringify(extended.map(({ typical: _, ...m }) => m)),
        JSON.stringify(c.guidelines),
      ],
    );
    await client.query(
      `insert into lab_reports (id, user_id, organization_id, panel_id, status, status_changed_at, title,
         reviewer_id, reviewed_at, text, collected_at, created_at, updated_at)
       values ($1, $2, $3, $4, 'reviewed', now() - interval '11 days', 'Extended Longevity Panel Results', $5,
         now() - interval '11 days', $6::jsonb, now() - interval '15 days', now() - interval '20 days',
         now() - interval '11 days')`,
      [ids.analysis, userId, c.org, ids.extendedPanel, c.reviewer, JSON.stringify(TEXT)],
    );
    await client.query(
      `insert into lab_markers (id, report_id, code, name, unit, value, ranges, legend, category, category_slug,
         position, created_at)
       select 'a5' || lpad(to_hex(m.pos::int), 22, '0'), $1, m.def->>'code', m.def->>'name', m.def->>'unit',
         round(((m.def->>'typical')::numeric * (1 + 0.3 * sin(7.3 + m.pos))::numeric), 2)::float8,
         m.def->'ranges', m.def->'legend', m.def->>'category', m.def->>'category_slug', m.pos - 1,
         now() - interval '11 days'
       from jsonb_array_elements($2::jsonb) with ordinality m(def, pos)`,
      [ids.analysis, JSON.stringify(extended)],
    );
    // the follow-up just ordered: its requisition lists the panel's biomarkers
    await client.query(
      `insert into lab_reports (id, user_id, organization_id, panel_id, status, status_changed_at, title,
         created_at, updated_at)
       values ($1, $2, $3, $4, 'ordered', now() - interval '1 day', 'Comprehensive Longevity Panel Results',
         now() - interval '2 days', now() - interval '1 day')`,
      [ids.ordered, userId, c.org, c.panel],
    );
    await client.query('commit');
    await client.query('analyze lab_reports; analyze lab_markers; analyze lab_panels');
    return { ...ids, comprehensiveMarkers: comprehensive.length };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Seeds the patient's labs on a server of its own (PostgreSQL), checks the answers, then measures. */
export async function benchLabs<S extends Started>(opts: AreaBenchOptions<S>): Promise<AreaResults> {
  const server = await opts.start({ DATABASE_URL: opts.pgUrl, DATA_DIR: opts.dataDir }, PORT);
  try {
    const { base } = server;
    const { token, userId } = await signUp(base, 'Labs');
    const ids = await seedLabs(opts.pgUrl, userId);
    const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
    const paths = {
      analysis: `/v2/labs/results/${ids.analysis}`,
      panels: '/v2/labs/patient/panels?page=1&limit=10',
      results: '/v2/labs/results?page=1&limit=10',
      requisition: `/v2/labs/results/${ids.ordered}/form/download`,
    };
    // the answers are what the figures claim before they are timed
    const analysis = await call<{ markers: unknown[] }>(`${base}${paths.analysis}`, {
      headers,
    });
    if (analysis.markers.length !== LABS_LOAD.analysisMarkers)
      throw new Error(`the analysis has ${analysis.markers.length} biomarkers`);
    const panels = await call<{ docs: { reportCount: number }[] }>(`${base}${paths.panels}`, { headers });
    const counts = panels.docs.map((d) => d.reportCount).sort((a, b) => b - a);
    if (counts[0] !== LABS_LOAD.reviewed + 1) throw new Error(`the panel list counts ${counts.join(', ')}`);
    const results = await call<{ totalDocs: number; docs: unknown[] }>(`${base}${paths.results}`, {
      headers,
    });
    if (results.totalDocs !== LABS_LOAD.reviewed + 2 || results.docs.length !== 10)
      throw new Error(`the report list has ${results.totalDocs} reports`);
    const pdf = await fetch(`${base}${paths.requisition}`, { headers });
    const bytes = Buffer.from(await pdf.arrayBuffer());
    if (!pdf.ok || !bytes.subarray(0, 5).equals(Buffer.from('%PDF-')))
      throw new Error(`the requisition: ${pdf.status} ${pdf.headers.get('content-type')}`);
    const seconds = Math.min(opts.seconds, 3);
    const measured = [
      {
        name: `analysis, ${LABS_LOAD.analysisMarkers} biomarkers`,
        path: paths.analysis,
        aim: AIMS.labs.analysisP95,
      },
      {
        name: `panel list, page 1 (${LABS_LOAD.reviewed + 2} reports)`,
        path: paths.panels,
        aim: AIMS.labs.listP95,
      },
      {
        name: `report list, page 1 (10 of ${LABS_LOAD.reviewed + 2})`,
        path: paths.results,
        aim: AIMS.labs.listP95,
      },
      {
        name: `requisition PDF (${ids.comprehensiveMarkers} tests, ${Math.round(bytes.length / 1024)} KB)`,
        path: paths.requisition,
        aim: AIMS.labs.requisitionP95,
      },
    ];
    // as the other figures: rounds with the order rotating, so a passing disturbance of the machine weighs on
    // one round of one request rather than on its figure, and the median of the rounds quoted
    const rounds = Math.max(1, Math.min(opts.rounds ?? 3, 5));
    const runs = measured.map(() => ({ p95: [] as number[], count: 0 }));
    for (let round = 0; round < rounds; round++)
      for (let k = 0; k < measured.length; k++) {
        const i = (k + round) % measured.length;
        const m = await p95Get(base, token, measured[i]!.path, seconds, LABS_LOAD.clients);
        runs[i]!.p95.push(m.p95);
        runs[i]!.count += m.count;
      }
    return measured.map((m, i) => ({
      name: rounds > 1 ? `${m.name}, median of ${rounds} rounds` : m.name,
      p95: medianOf(runs[i]!.p95),
      count: runs[i]!.count,
      aim: m.aim,
    }));
  } finally {
    await opts.stop(server);
  }
}

export function labsFigures(labs: AreaResults): Figure[] {
  return areaFigures(
    `Labs (PostgreSQL, a patient with ${LABS_LOAD.reviewed} reviewed reports of one panel, ${LABS_LOAD.clients} clients, p95)`,
    labs,
  );
}
