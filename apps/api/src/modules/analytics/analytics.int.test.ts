import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
});
afterAll(() => t.close());

const TEMPLATE = '64a1b2c3d4e5f6a7b8c9d0e1';
const send = (body: object, headers: Record<string, string> = {}, url = '/v2/analytics/events') =>
  t.app.inject({ method: 'POST', url, payload: body, headers: { host: 'localhost:3000', ...headers } });

async function staffEvents(anonymousId: string) {
  const staff = json<{ token: string }>(
    await t.app.inject({
      method: 'POST',
      url: `/login/${org}`,
      payload: { email: 'care@evergreen.test', password: 'Demo1234!' },
    }),
  ).token;
  const page = json<{ docs: { user: string | null; properties: Record<string, unknown> }[] }>(
    await t.app.inject({ url: `/marketing/${org}/events?name=analytics&limit=100`, headers: bearer(staff) }),
  );
  return page.docs.filter((d) => d.properties.anonymous_id === anonymousId);
}

describe('analytics events in the clinic’s own events', () => {
  it('records an anonymous visit and a signed-in patient’s events, readable by the clinic', async () => {
    const anonymous_id = randomUUID();
    const opened = await send({ event: 'Application Opened', anonymous_id, properties: { path: '/login' } });
    expect(opened.statusCode).toBe(204);

    const p = await signupPatient(t.app, org);
    const item = {
      item_id: TEMPLATE,
      item_category: 'medication',
      price: 103.5,
      quantity: 1,
      currency: 'USD',
    };
    const added = await send(
      {
        event: 'Add-on Added',
        anonymous_id,
        properties: { stage: 4, items: [item], value: 103.5, currency: 'USD' },
      },
      bearer(p.token),
      '/v2/users/analytics/events',
    );
    expect(added.statusCode).toBe(204);

    const seen = await staffEvents(anonymous_id);
    expect(seen).toHaveLength(2);
    expect(seen.find((e) => e.properties.event === 'Application Opened')).toMatchObject({ user: null });
    expect(seen.find((e) => e.properties.event === 'Add-on Added')).toMatchObject({
      user: p.id,
      properties: { stage: 4, items: [item], value: 103.5 },
    });
  });

  it('refuses properties outside the allowlist, so no health detail is ever recorded', async () => {
    const anonymous_id = randomUUID();
    for (const properties of [
      { medical_profile: { allergies: 'penicillin' } },
      { product_name: 'Generic Rapamycin' },
      {
        items: [
          {
            item_id: TEMPLATE,
            item_category: 'medication',
            price: 1,
            quantity: 1,
            currency: 'USD',
            item_name: 'x',
          },
        ],
      },
      { path: '/consultation?weight=180' },
      { traits: { weight: '180' } },
    ]) {
      const res = await send({ event: 'Profile Completed', anonymous_id, properties });
      expect(res.statusCode, JSON.stringify(properties)).toBe(400);
      expect(json(res)).toMatchObject({ text: 'ValidationError' });
    }
    expect(await staffEvents(anonymous_id)).toHaveLength(0);
  });

  it('refuses an unknown event and a user event without a session', async () => {
    expect((await send({ event: 'Anything', anonymous_id: randomUUID() })).statusCode).toBe(400);
    const res = await send(
      { event: 'Signed In', anonymous_id: randomUUID() },
      {},
      '/v2/users/analytics/events',
    );
    expect(res.statusCode).toBe(401);
  });
});
