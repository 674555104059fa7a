import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
});
afterAll(() => t.close());

type Lifestyle = {
  questions: { slug: string; type: string; options: string[] }[];
  answers: Record<string, string | string[]>;
  complete: boolean;
};

describe('lifestyle (PATCH /v2/users/{id}, GET /v2/users/{id}/lifestyle)', () => {
  it('lists the questions, merges answers step by step and is complete once biggest_challenge is set', async () => {
    const p = await signupPatient(t.app, org);
    const read = async () =>
      json<Lifestyle>(await t.app.inject({ url: `/v2/users/${p.id}/lifestyle`, headers: bearer(p.token) }));
    const patch = (lifestyle: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v2/users/${p.id}`,
        headers: bearer(p.token),
        payload: { medical_profile: { lifestyle } },
      });

    const first = await read();
    expect(first.questions.map((q) => q.slug)).toContain('biggest_challenge');
    expect(first).toMatchObject({ answers: {}, complete: false });

    expect((await patch({ primary_goal: 'More energy' })).statusCode).toBe(200);
    expect((await read()).complete).toBe(false);
    const saved = await patch({ biggest_challenge: 'Other: Night shifts' });
    expect(saved.statusCode).toBe(200);
    expect(json<{ medical_profile: { lifestyle: unknown } }>(saved).medical_profile.lifestyle).toEqual({
      primary_goal: 'More energy',
      biggest_challenge: 'Other: Night shifts',
    });
    expect((await patch({ focus_areas: ['Sleep', 'Nutrition'] })).statusCode).toBe(200);
    expect((await patch({ primary_goal: 'Lose weight' })).statusCode).toBe(200);
    expect(await read()).toMatchObject({
      complete: true,
      answers: {
        primary_goal: 'Lose weight',
        biggest_challenge: 'Other: Night shifts',
        focus_areas: ['Sleep', 'Nutrition'],
      },
    });
  });

  it('keeps the rest of the medical profile', async () => {
    const p = await signupPatient(t.app, org);
    await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${p.id}`,
      headers: bearer(p.token),
      payload: { medical_profile: { has_allergies: true, allergy_text: 'Penicillin' } },
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v2/users/${p.id}`,
      headers: bearer(p.token),
      payload: { medical_profile: { lifestyle: { sleep_hours: '7-8' } } },
    });
    expect(json<{ medical_profile: Record<string, unknown> }>(res).medical_profile).toMatchObject({
      has_allergies: true,
      allergy_text: 'Penicillin',
      lifestyle: { sleep_hours: '7-8' },
    });
  });

  it('refuses unknown questions, unknown options, other fields and another patient', async () => {
    const p = await signupPatient(t.app, org);
    const patch = (payload: object, token = p.token) =>
      t.app.inject({ method: 'PATCH', url: `/v2/users/${p.id}`, headers: bearer(token), payload });
    expect((await patch({ medical_profile: { lifestyle: { shoe_size: '9' } } })).statusCode).toBe(400);
    expect((await patch({ medical_profile: { lifestyle: { sleep_hours: '12' } } })).statusCode).toBe(400);
    expect((await patch({ medical_profile: { lifestyle: { biggest_challenge: 'Other' } } })).statusCode).toBe(
      400,
    );
    expect((await patch({ first_name: 'Mallory' })).statusCode).toBe(400);
    expect((await patch({ medical_profile: { pregnant: true, lifestyle: {} } })).statusCode).toBe(400);
    const other = await signupPatient(t.app, org);
    expect(
      (await patch({ medical_profile: { lifestyle: { sleep_hours: '7-8' } } }, other.token)).statusCode,
    ).toBe(403);
    const peek = await t.app.inject({ url: `/v2/users/${p.id}/lifestyle`, headers: bearer(other.token) });
    expect(peek.statusCode).toBe(403);
  });
});
