import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signupPatient, type TestApp } from '../../test/harness';
import { createAddressAutocomplete, parseSecondaryText } from './autocomplete';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  const org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  token = (await signupPatient(t.app, org)).token;
});
afterAll(() => t.close());

const get = (url: string, auth = true) => t.app.inject({ url, headers: auth ? bearer(token) : {} });

describe('GET /v2/address/zip/{zip}', () => {
  it('answers the city and state of a known US ZIP', async () => {
    const res = await get('/v2/address/zip/62701');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ zip: '62701', city: 'Springfield', state: 'IL', country: 'us' });
    expect(json(await get('/v2/address/zip/10001'))).toMatchObject({ city: 'New York', state: 'NY' });
  });

  it('answers 404 for a ZIP that does not exist', async () => {
    const res = await get('/v2/address/zip/00000');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ text: 'NotFound' });
  });

  it('answers 400 for a malformed ZIP, a ZIP+4 or a Canadian code', async () => {
    for (const zip of ['1234', '123456', 'abcde', '62701-1234', 'K1A0B1']) {
      const res = await get(`/v2/address/zip/${zip}`);
      expect(res.statusCode, zip).toBe(400);
      expect(json(res)).toMatchObject({ text: 'ValidationError' });
    }
  });

  it('needs a signed-in user', async () => {
    expect((await get('/v2/address/zip/62701', false)).statusCode).toBe(401);
  });
});

describe('address suggestions', () => {
  it('are off by default: config says so and suggestions are empty', async () => {
    expect(json(await get('/v2/address/config'))).toEqual({ autocomplete: false });
    const res = await get('/v2/address/suggestions?q=1%20Main');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([]);
    expect((await get('/v2/address/suggestions?q=ab')).statusCode).toBe(400);
  });

  it('make no network call when off, and map Google answers when on', async () => {
    let calls = 0;
    const fake = (async () => {
      calls++;
      return new Response(
        JSON.stringify({
          suggestions: [
            {
              placePrediction: {
                placeId: 'p1',
                text: { text: '1 Main St, Springfield, IL, USA' },
                structuredFormat: {
                  mainText: { text: '1 Main St' },
                  secondaryText: { text: 'Springfield, IL, USA' },
                },
              },
            },
          ],
        }),
      );
    }) as typeof fetch;
    const off = createAddressAutocomplete({ MAPS_PROVIDER: 'none', MAPS_API_KEY: 'key-1234567890' }, fake);
    expect(await off.suggest('1 Main')).toEqual([]);
    expect(calls).toBe(0);
    const on = createAddressAutocomplete({ MAPS_PROVIDER: 'google', MAPS_API_KEY: 'key-1234567890' }, fake);
    expect(await on.suggest('1 Main')).toEqual([
      {
        id: 'p1',
        label: '1 Main St, Springfield, IL, USA',
        street_address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
      },
    ]);
    expect(calls).toBe(1);
    expect(parseSecondaryText('Somewhere')).toEqual({ city: 'Somewhere', state: null });
  });
});
