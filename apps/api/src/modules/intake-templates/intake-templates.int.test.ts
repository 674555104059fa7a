import type { IntakeTemplate, StateApproval } from '@portal/domain/contracts/intake-template';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let orgA: string;
let orgB: string;
let token: string;
/** Intake template ids by slug, then product template ids by slug, per organization. */
let a: { intake: Record<string, string>; product: Record<string, string> };
let b: { intake: Record<string, string>; product: Record<string, string> };
let stateIds: Record<string, string>;

async function idsOf(org: string) {
  const bySlug = async (table: 'intake_templates' | 'product_templates') =>
    Object.fromEntries(
      (
        await rows<{ id: string; slug: string }>(
          t.database,
          sql`select id, slug from ${sql.identifier(table)} where organization_id = ${org}`,
        )
      ).map((r) => [r.slug, r.id]),
    );
  return { intake: await bySlug('intake_templates'), product: await bySlug('product_templates') };
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  orgB = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  token = (await signupPatient(t.app, orgA)).token;
  a = await idsOf(orgA);
  b = await idsOf(orgB);
  const states = json<{ _id: string; abbreviation: string }[]>(await t.app.inject({ url: '/states' }));
  stateIds = Object.fromEntries(states.map((s) => [s.abbreviation, s._id]));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = bearer(token)) => t.app.inject({ url, headers });
const template = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return json<IntakeTemplate>(res);
};

describe('GET /intake-template/{org}/global', () => {
  it("serves the organization's global intake with its product lists", async () => {
    const global = await template(`/intake-template/${orgA}/global`);
    expect(global).toMatchObject({
      _id: a.intake.global,
      organization: orgA,
      is_global: true,
      bundle_support: false,
      disable_payment_collection: false,
      product_defaults: [a.product['generic-rapamycin'], a.product['compounded-rapamycin']],
      product_best_value: [a.product['generic-rapamycin']],
      settings: {},
      total_steps: 5,
    });
    expect(global.product_addons).toHaveLength(3);
    expect(global.bundle_settings?.title).toBe('Longevity Visit');
    expect(global.questions).toHaveLength(5);
  });

  it("answers 404 for another organization's path and 401 without a token", async () => {
    expect((await get(`/intake-template/${orgB}/global`)).statusCode).toBe(404);
    expect((await get(`/intake-template/${orgA}/global`, {})).statusCode).toBe(401);
  });
});

describe('GET /intake-template/{org}/template/{templateId}', () => {
  it('serves the compounded questionnaire: four question types, a None option and follow-ups', async () => {
    const compounded = await template(
      `/intake-template/${orgA}/template/${a.intake['compounded-rapamycin']}`,
    );
    expect(compounded).toMatchObject({
      _id: a.intake['compounded-rapamycin'],
      is_global: false,
      product_defaults: [a.product['compounded-rapamycin']],
      product_addons: [a.product['metformin-er'], a.product['nad-nasal-spray']],
      product_best_value: [a.product['compounded-rapamycin']],
      bundle_support: false,
      disable_payment_collection: false,
      bundle_settings: { title: 'Compounded Rapamycin Protocol' },
      settings: { protocol_selection: true },
      total_steps: 7,
    });
    const { questions } = compounded;
    expect(questions).toHaveLength(7);
    expect(new Set(questions.map((q) => q.type))).toEqual(
      new Set(['checkbox', 'radio', 'long-text', 'short-text']),
    );

    const conditions = questions[0]!;
    expect(conditions.type).toBe('checkbox');
    expect(conditions.description_text).toBe('Select all that apply.');
    const none = conditions.options.filter((o) => o.include_none);
    expect(none).toEqual([
      { _id: expect.stringMatching(/^[0-9a-f]{24}$/), label: 'None of the above', include_none: true },
    ]);
    const infection = conditions.options.find((o) => o.label === 'An active or recurring infection')!;
    expect(conditions.response_conditions).toEqual([
      {
        selected_option: infection._id,
        question: {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          label: 'Please describe the infection and how it is being treated.',
          description_text: null,
          type: 'short-text',
          options: [],
        },
      },
    ]);

    const before = questions.find((q) => q.label === 'Have you taken rapamycin (sirolimus) before?')!;
    expect(before.options.map((o) => o.label)).toEqual(['Yes', 'No']);
    expect(before.response_conditions).toHaveLength(1);
    expect(before.response_conditions[0]!.selected_option).toBe(before.options[0]!._id);

    // Follow-ups appear only under their parent.
    const followUpIds = questions.flatMap((q) => q.response_conditions.map((c) => c.question._id));
    expect(followUpIds.length).toBeGreaterThan(0);
    expect(questions.map((q) => q._id)).not.toEqual(expect.arrayContaining([followUpIds[0]]));
  });

  it("answers 404 for another organization's template or an unknown id", async () => {
    expect(
      (await get(`/intake-template/${orgA}/template/${b.intake['compounded-rapamycin']}`)).statusCode,
    ).toBe(404);
    expect((await get(`/intake-template/${orgA}/template/${'0'.repeat(24)}`)).statusCode).toBe(404);
    expect((await get(`/intake-template/${orgA}/template/not-an-id`)).statusCode).toBe(400);
  });
});

describe('GET /intake-template/{org}/product/{productTemplateId}', () => {
  it("serves the product's own intake, else the global one", async () => {
    const generic = await template(`/intake-template/${orgA}/product/${a.product['generic-rapamycin']}`);
    expect(generic._id).toBe(a.intake['generic-rapamycin']);
    expect(generic.bundle_support).toBe(true);
    const metformin = await template(`/intake-template/${orgA}/product/${a.product['metformin-er']}`);
    expect(metformin._id).toBe(a.intake.global);
    const lab = await template(`/intake-template/${orgA}/product/${a.product['longevity-essentials-panel']}`);
    expect(lab._id).toBe(a.intake.global);
  });

  it("answers 404 for another organization's product", async () => {
    expect((await get(`/intake-template/${orgA}/product/${b.product['generic-rapamycin']}`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /states/{org}/state/{stateId}/intake/{templateId}/validate', () => {
  const validate = async (state: string, templateId: string) => {
    const res = await get(`/states/${orgA}/state/${stateIds[state]}/intake/${templateId}/validate`);
    expect(res.statusCode, `${state}`).toBe(200);
    return json<StateApproval>(res);
  };

  it('blocks the rapamycin visits in NY, NJ and RI and approves them in CA', async () => {
    for (const slug of ['generic-rapamycin', 'compounded-rapamycin']) {
      for (const state of ['NY', 'NJ', 'RI']) {
        expect(await validate(state, a.intake[slug]!), `${slug} ${state}`).toEqual({ approved: false });
      }
      expect(await validate('CA', a.intake[slug]!)).toEqual({ approved: true });
    }
  });

  it('blocks the global visit where the medication it leads to is blocked', async () => {
    expect(await validate('NY', a.intake.global!)).toEqual({ approved: false });
    expect(await validate('TX', a.intake.global!)).toEqual({ approved: true });
  });

  it('lets a row naming the template decide over a product-type row', async () => {
    await t.database.db.execute(
      sql`update state_availability set approved = true where intake_template_id = ${a.intake['generic-rapamycin']} and state_id = ${stateIds.NY}`,
    );
    try {
      expect(await validate('NY', a.intake['generic-rapamycin']!)).toEqual({ approved: true });
    } finally {
      await t.database.db.execute(
        sql`update state_availability set approved = false where intake_template_id = ${a.intake['generic-rapamycin']} and state_id = ${stateIds.NY}`,
      );
    }
  });

  it("answers 404 for another organization's template or an unknown state", async () => {
    const other = await get(
      `/states/${orgA}/state/${stateIds.CA}/intake/${b.intake['generic-rapamycin']}/validate`,
    );
    expect(other.statusCode).toBe(404);
    const unknown = await get(`/states/${orgA}/state/${'0'.repeat(24)}/intake/${a.intake.global}/validate`);
    expect(unknown.statusCode).toBe(404);
  });
});
