import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
});
afterAll(() => t.close());

describe('marketing', () => {
  it('records the subscriber once and the tags in the events table', async () => {
    const patient = await signupPatient(t.app, org);
    const post = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/users/${org}/patient/${patient.id}/${path}`,
        headers: bearer(patient.token),
        payload,
      });
    expect((await post('subscriber', {})).statusCode).toBe(200);
    expect((await post('subscriber', { patient: patient.id })).statusCode).toBe(200);
    expect(
      (await post('subscriber/tag', { tag: 'status:intake:incomplete', status: 'active' })).statusCode,
    ).toBe(200);
    const res = await post('subscriber/tag', { tag: 'status:intake:incomplete', status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      patient: patient.id,
      subscribed: true,
      tags: [{ tag: 'status:intake:incomplete', status: 'inactive' }],
    });
    const recorded = await rows<{ name: string }>(
      t.database,
      sql`select name from events where user_id = ${patient.id} order by created_at`,
    );
    expect(recorded.filter((e) => e.name === 'marketing_subscriber')).toHaveLength(1);
    expect(recorded.filter((e) => e.name === 'marketing_tag')).toHaveLength(2);

    expect((await post('subscriber/tag', { tag: 'x', status: 'maybe' })).statusCode).toBe(400);
    expect((await post('subscriber/tag', { tag: '<script>', status: 'active' })).statusCode).toBe(400);
    expect(
      (await post('subscriber/tag', { tag: 'a', status: 'active', patient: 'f'.repeat(24) })).statusCode,
    ).toBe(400);
    const other = await signupPatient(t.app, org);
    const denied = await t.app.inject({
      method: 'POST',
      url: `/users/${org}/patient/${patient.id}/subscriber/tag`,
      headers: bearer(other.token),
      payload: { tag: 'a', status: 'active' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('answers integration checks with enabled false and campaigns with 404', async () => {
    const patient = await signupPatient(t.app, org);
    const check = await t.app.inject({
      url: `/integrations/${org}/check?type=mailchimp`,
      headers: bearer(patient.token),
    });
    expect(check.statusCode).toBe(200);
    expect(json(check)).toEqual({ enabled: false });
    expect(
      (await t.app.inject({ url: `/integrations/${org}/check`, headers: bearer(patient.token) })).statusCode,
    ).toBe(400);
    const campaign = await t.app.inject({ url: `/marketing/campaigns/${'a'.repeat(24)}/public` });
    expect(campaign.statusCode).toBe(404);
    expect(json(campaign)).toEqual({ text: 'NotFound', message: 'The campaign was not found.' });
  });
});
