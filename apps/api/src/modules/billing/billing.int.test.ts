import { MESSAGES } from '@portal/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;

/** Every card number these tests send; none may be stored. */
const NUMBERS = [
  '4242424242424242',
  '4000000000000002',
  '4000000000009995',
  '5555555555554444',
  '6011111111111117',
  '378282246310005',
];
let address = 0;
/** Each test tokenises from its own client address, so the per-address limit is tested on its own. */
const nextAddress = () => `10.20.${Math.floor(address / 200)}.${(address++ % 200) + 1}`;

async function tokenize(number: string, extra: Record<string, unknown> = {}, remoteAddress = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/sandbox/payments/tokens',
    remoteAddress,
    payload: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123', ...extra },
  });
}
const tokenOf = async (number: string) => json<{ id: string }>(await tokenize(number)).id;

const profileUrl = (p: { organization: string; id: string }) =>
  `/billing/${p.organization}/patient/${p.id}/billing/profile/create`;
const cardUrl = (p: { organization: string; id: string }) =>
  `/billing/${p.organization}/patient/${p.id}/card`;

async function createProfile(
  p: Awaited<ReturnType<typeof signupPatient>>,
  token: string,
  url = profileUrl(p),
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: bearer(p.token),
    payload: { token, organization: p.organization, user_id: p.id },
  });
}

const methodsOf = (userId: string) =>
  rows<{
    provider_customer_id: string;
    provider_payment_method_id: string;
    last4: string;
    is_default: boolean;
  }>(
    t.database,
    sql`select provider_customer_id, provider_payment_method_id, last4, is_default from payment_methods where user_id = ${userId}`,
  );
const billingOf = async (userId: string) =>
  (
    await rows<{ stripe_id: string | null; has_card_source: boolean; stripe_profile: unknown }>(
      t.database,
      sql`select stripe_id, has_card_source, stripe_profile from users where id = ${userId}`,
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '20' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
});
afterAll(() => t.close());

describe('POST /sandbox/payments/tokens', () => {
  it('tokenises 4242 4242 4242 4242 as a Visa ending 4242, without the number', async () => {
    const res = await tokenize('4242 4242 4242 4242');
    expect(res.statusCode).toBe(201);
    const body = json<{ id: string; card: Record<string, unknown> }>(res);
    expect(body.id).toMatch(/^tok_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(body.card).toEqual({ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number) });
    expect(res.body).not.toContain('4242424242424242');
    expect(Buffer.from(body.id.slice(4).split('.')[0]!, 'base64url').toString()).not.toContain('42424242');
  });

  it('names the brand by prefix', async () => {
    expect(json<{ card: { brand: string } }>(await tokenize('5555555555554444')).card.brand).toBe(
      'MasterCard',
    );
    expect(json<{ card: { brand: string } }>(await tokenize('6011111111111117')).card.brand).toBe('Discover');
    const amex = await tokenize('378282246310005', { cvc: '1234' });
    expect(json<{ card: { brand: string } }>(amex).card.brand).toBe('American Express');
  });

  it('answers 400 InvalidCard for a bad number, a past expiry or a bad CVC', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['4242424242424241', {}, MESSAGES.cardNumberInvalid],
      ['1234', {}, MESSAGES.cardNumberInvalid],
      ['4242424242424242', { exp_month: 1, exp_year: 2020 }, MESSAGES.cardExpiryPast],
      ['4242424242424242', { exp_month: 13 }, MESSAGES.cardExpiryInvalid],
      ['4242424242424242', { cvc: '1' }, MESSAGES.cardCvcInvalid],
    ];
    for (const [number, extra, message] of cases) {
      const res = await tokenize(number, extra);
      expect(res.statusCode, number).toBe(400);
      expect(json(res)).toEqual({ text: 'InvalidCard', message });
      expect(res.body).not.toContain(number);
    }
  });

  it('answers 400 for unknown fields and wrong types', async () => {
    for (const payload of [
      { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', extra: 1 },
      { number: 4242424242424242, exp_month: 12, exp_year: 2030, cvc: '123' },
      { number: '4242424242424242', exp_month: 'twelve', exp_year: 2030, cvc: '123' },
      { number: '4'.repeat(40), exp_month: 12, exp_year: 2030, cvc: '123' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/payments/tokens', payload });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ text: 'ValidationError' });
    }
  });

  it('limits tokenisation per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await tokenize('4242424242424242', {}, '10.99.0.1')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await tokenize('4242424242424242', {}, '10.99.0.2')).statusCode).toBe(201);
  });

  it("gives the clinic's public payment details for the card field, to anyone, and 404 for no clinic", async () => {
    const res = await t.app.inject({ url: `/organization/${org}/merchant` });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      organization: org,
      name: 'Evergreen Longevity',
      country: 'US',
      currency: 'usd',
      support_email: expect.stringContaining('@'),
      provider: 'sandbox',
      publishable_key: null,
      tokens_url: '/sandbox/payments/tokens',
    });
    expect((await t.app.inject({ url: `/organization/${newId()}/merchant` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/organization/not-an-id/merchant' })).statusCode).toBe(400);
  });
});

describe('billing profile and card', () => {
  it('creates the profile with a 4242 token and reads the card back', async () => {
    const p = await signupPatient(t.app, org);
    expect((await t.app.inject({ url: cardUrl(p), headers: bearer(p.token) })).statusCode).toBe(404);
    const res = await createProfile(p, await tokenOf('4242424242424242'));
    expect(res.statusCode).toBe(200);
    const profile = json<{ stripe_id: string; has_card_source: boolean; card: unknown }>(res);
    expect(profile).toMatchObject({
      user_id: p.id,
      has_card_source: true,
      card: { brand: 'Visa', last4: '4242' },
    });
    expect(profile.stripe_id).toMatch(/^cus_sandbox_/);

    const card = await t.app.inject({ url: cardUrl(p), headers: bearer(p.token) });
    expect(card.statusCode).toBe(200);
    expect(json(card)).toEqual({ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number) });

    const user = await billingOf(p.id);
    expect(user).toMatchObject({ stripe_id: profile.stripe_id, has_card_source: true });
    const patient = json(
      await t.app.inject({ url: `/users/${org}/user/${p.id}/patient`, headers: bearer(p.token) }),
    );
    expect(patient).toMatchObject({ stripe_id: profile.stripe_id, has_card_source: true });
  });

  it('serves the users path of 002 §7.2 too', async () => {
    const p = await signupPatient(t.app, org);
    const res = await createProfile(
      p,
      await tokenOf('5555555555554444'),
      `/users/${org}/${p.id}/billing/profile/create`,
    );
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ card: { brand: 'MasterCard', last4: '4444' } });
  });

  it("serves 002 §7.2's other reading, POST /users/{org}/patient/billing, for the signed-in patient only", async () => {
    const p = await signupPatient(t.app, org);
    const url = `/users/${org}/patient/billing`;
    const res = await createProfile(p, await tokenOf('4242424242424242'), url);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ user_id: p.id, card: { brand: 'Visa', last4: '4242' } });
    expect(json(await t.app.inject({ url: cardUrl(p), headers: bearer(p.token) }))).toMatchObject({
      last4: '4242',
    });

    const other = await signupPatient(t.app, org);
    const naming = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(other.token),
      payload: { token: await tokenOf('4242424242424242'), user_id: p.id },
    });
    expect(naming.statusCode).toBe(400);
    const staff = json<{ token: string }>(
      await t.app.inject({
        method: 'POST',
        url: `/login/${org}`,
        payload: { email: 'care@evergreen.test', password: 'Demo1234!' },
      }),
    ).token;
    const byStaff = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(staff),
      payload: { token: await tokenOf('4242424242424242') },
    });
    expect(byStaff.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, payload: { token: 'x' } })).statusCode).toBe(401);
  });

  it('answers 400 Invalid Credit Card for a declined card and stores nothing', async () => {
    const p = await signupPatient(t.app, org);
    const res = await createProfile(p, await tokenOf('4000000000000002'));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ text: 'InvalidCard', message: 'Invalid Credit Card' });
    expect(await methodsOf(p.id)).toEqual([]);
    expect((await billingOf(p.id)).has_card_source).toBe(false);
    expect((await t.app.inject({ url: cardUrl(p), headers: bearer(p.token) })).statusCode).toBe(404);
  });

  it('answers 402 for insufficient funds', async () => {
    const p = await signupPatient(t.app, org);
    const res = await createProfile(p, await tokenOf('4000000000009995'));
    expect(res.statusCode).toBe(402);
    expect(json(res)).toEqual({ text: 'CardDeclined', message: 'Your card has insufficient funds.' });
    expect(await methodsOf(p.id)).toEqual([]);
  });

  it('answers 400 for a tampered, expired, foreign or raw-number token', async () => {
    const p = await signupPatient(t.app, org);
    const declined = await tokenOf('4000000000000002');
    const [body, sig] = declined.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body.slice(4), 'base64url').toString());
    const forge = (changes: Record<string, unknown>) =>
      `tok_${Buffer.from(JSON.stringify({ ...payload, ...changes })).toString('base64url')}.${sig}`;
    for (const token of [
      forge({ outcome: 'succeeded' }),
      forge({ iat: payload.iat - 31 * 60 }),
      `${body}.${'A'.repeat(43)}`,
      'tok_visa',
      'pm_card_visa',
      '4242424242424242',
    ]) {
      const res = await createProfile(p, token);
      expect(res.statusCode, token.slice(0, 30)).toBe(400);
      expect(json(res)).toMatchObject({ text: expect.stringMatching(/InvalidCard|ValidationError/) });
    }
    expect(await methodsOf(p.id)).toEqual([]);
  });

  it('is idempotent: twice in a row or at once leaves one customer and one card', async () => {
    const p = await signupPatient(t.app, org);
    const token = await tokenOf('4242424242424242');
    const first = json<{ stripe_id: string }>(await createProfile(p, token));
    const second = json<{ stripe_id: string }>(await createProfile(p, token));
    expect(second.stripe_id).toBe(first.stripe_id);
    expect(await methodsOf(p.id)).toHaveLength(1);

    const q = await signupPatient(t.app, org);
    const [a, b] = [await tokenOf('4242424242424242'), await tokenOf('5555555555554444')];
    const answers = await Promise.all([createProfile(q, a), createProfile(q, b), createProfile(q, a)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((r) => json<{ stripe_id: string }>(r).stripe_id));
    expect(ids.size).toBe(1);
    const methods = await methodsOf(q.id);
    expect(methods).toHaveLength(1);
    expect(methods[0]!.provider_customer_id).toBe([...ids][0]);
    expect((await billingOf(q.id)).stripe_id).toBe([...ids][0]);
  });

  it('add-card replaces the default card and keeps the customer', async () => {
    const p = await signupPatient(t.app, org);
    const created = json<{ stripe_id: string }>(await createProfile(p, await tokenOf('4242424242424242')));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${p.id}/add-card`,
      headers: bearer(p.token),
      payload: {
        token: await tokenOf('5555555555554444'),
        user: p.id,
        charge: false,
        new_user: false,
        charge_amount: null,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      stripe_id: created.stripe_id,
      card: { brand: 'MasterCard', last4: '4444' },
    });
    const methods = await methodsOf(p.id);
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({ last4: '4444', is_default: true });
    expect(json(await t.app.inject({ url: cardUrl(p), headers: bearer(p.token) }))).toMatchObject({
      brand: 'MasterCard',
      last4: '4444',
    });
    const user = await billingOf(p.id);
    expect(user.stripe_profile).toEqual({ default_source: methods[0]!.provider_payment_method_id });
  });

  it('add-card gives 400 for an invalid token and 402 for a declined card, keeping the old card', async () => {
    const p = await signupPatient(t.app, org);
    await createProfile(p, await tokenOf('4242424242424242'));
    const put = (token: string, extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `/users/${org}/${p.id}/add-card`,
        headers: bearer(p.token),
        payload: { token, user: p.id, charge: false, new_user: false, charge_amount: null, ...extra },
      });
    expect((await put('tok_nope.nope')).statusCode).toBe(400);
    expect((await put(await tokenOf('4000000000009995'))).statusCode).toBe(402);
    expect(
      (await put(await tokenOf('5555555555554444'), { charge: true, charge_amount: 100 })).statusCode,
    ).toBe(400);
    expect((await put(await tokenOf('5555555555554444'), { user: otherOrg })).statusCode).toBe(400);
    expect(json(await t.app.inject({ url: cardUrl(p), headers: bearer(p.token) }))).toMatchObject({
      last4: '4242',
    });
  });

  it("refuses another patient's card and billing profile", async () => {
    const victim = await signupPatient(t.app, org);
    await createProfile(victim, await tokenOf('4242424242424242'));
    const intruder = await signupPatient(t.app, org);
    expect((await t.app.inject({ url: cardUrl(victim), headers: bearer(intruder.token) })).statusCode).toBe(
      403,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: profileUrl(victim),
      headers: bearer(intruder.token),
      payload: { token: await tokenOf('5555555555554444') },
    });
    expect(res.statusCode).toBe(403);
    expect(await methodsOf(victim.id)).toMatchObject([{ last4: '4242' }]);
  });

  it('never stores a card number', async () => {
    const [{ n }] = (await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from payment_methods`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(3);
    const columns = await rows<{ column_name: string }>(
      t.database,
      sql`select column_name from information_schema.columns where table_name = 'payment_methods' and data_type in ('text', 'character varying')`,
    );
    expect(columns.length).toBeGreaterThan(4);
    for (const { column_name } of columns) {
      const values = await rows<{ v: string }>(
        t.database,
        sql`select ${sql.identifier(column_name)}::text as v from payment_methods`,
      );
      for (const { v } of values) {
        for (const number of NUMBERS) {
          expect(v, column_name).not.toContain(number);
          expect(v, column_name).not.toContain(Buffer.from(number).toString('base64url').slice(0, 16));
        }
      }
    }
    const users = await rows<{ v: string }>(
      t.database,
      sql`select concat_ws(' ', stripe_id, stripe_profile::text) as v from users`,
    );
    for (const { v } of users) for (const number of NUMBERS) expect(v).not.toContain(number);
  });
});

describe('POST /v2/cart/coupon/{code}', () => {
  let patient: Awaited<ReturnType<typeof signupPatient>>;
  let templates: Record<string, string>;
  let genericProduct: string;

  beforeAll(async () => {
    patient = await signupPatient(t.app, org);
    const found = await rows<{ id: string; slug: string }>(
      t.database,
      sql`select id, slug from product_templates where organization_id = ${org}`,
    );
    templates = Object.fromEntries(found.map((r) => [r.slug, r.id]));
    const [product] = await rows<{ id: string }>(
      t.database,
      sql`select id from products where product_template_id = ${templates['generic-rapamycin']!} limit 1`,
    );
    genericProduct = product!.id;
  });

  const apply = (code: string, products: string[], token = patient.token) =>
    t.app.inject({
      method: 'POST',
      url: `/v2/cart/coupon/${encodeURIComponent(code)}`,
      headers: bearer(token),
      payload: { products: products.map((product) => ({ product, quantity: 1 })) },
    });

  it('gives WELCOME20 20% on a generic rapamycin product, case-insensitively', async () => {
    const res = await apply('welcome20', [genericProduct]);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      promoCode: 'WELCOME20',
      productDiscounts: { [genericProduct]: { discount: 20 } },
    });
  });

  it('accepts a product template id and lists only the products it applies to', async () => {
    const labs = templates['longevity-essentials-panel']!;
    const res = await apply('WELCOME20', [templates['generic-rapamycin']!, labs]);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      promoCode: 'WELCOME20',
      productDiscounts: { [templates['generic-rapamycin']!]: { discount: 20 } },
    });
  });

  it('answers 404 not applicable for LABS15 on rapamycin, SPRING10 (expired) and unknown codes', async () => {
    for (const code of ['LABS15', 'SPRING10', 'NOSUCHCODE']) {
      const res = await apply(code, [genericProduct]);
      expect(res.statusCode, code).toBe(404);
      expect(json(res)).toEqual({ text: 'CouponNotApplicable', message: MESSAGES.couponNotApplicable });
    }
  });

  it('answers 404 for inactive and used-up codes', async () => {
    const applies = JSON.stringify([templates['generic-rapamycin']]);
    await t.database.db.execute(sql`insert into coupons (id, organization_id, code, percent_off, applies_to, active)
      values ('c0ffee0000000000000000a1', ${org}, 'PAUSED5', 5, ${applies}::jsonb, false)`);
    await t.database.db.execute(sql`insert into coupons (id, organization_id, code, percent_off, applies_to, max_redemptions, times_redeemed)
      values ('c0ffee0000000000000000a2', ${org}, 'USEDUP5', 5, ${applies}::jsonb, 3, 3)`);
    expect((await apply('PAUSED5', [genericProduct])).statusCode).toBe(404);
    expect((await apply('USEDUP5', [genericProduct])).statusCode).toBe(404);
  });

  it("answers 404 for another organization's code", async () => {
    const applies = JSON.stringify([templates['generic-rapamycin']]);
    await t.database.db.execute(sql`insert into coupons (id, organization_id, code, percent_off, applies_to)
      values ('c0ffee0000000000000000b1', ${otherOrg}, 'ELSEWHERE30', 30, ${applies}::jsonb)`);
    expect((await apply('ELSEWHERE30', [genericProduct])).statusCode).toBe(404);
    const outsider = await signupPatient(t.app, otherOrg);
    // and a product of another organization is never discounted
    expect((await apply('ELSEWHERE30', [genericProduct], outsider.token)).statusCode).toBe(404);
  });

  it("answers 400 with the form's messages for a bad code", async () => {
    const bad = await apply('bad code!', [genericProduct]);
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ text: 'ValidationError', message: 'Invalid discount code' });
    const long = await apply('A'.repeat(21), [genericProduct]);
    expect(long.statusCode).toBe(400);
    expect(json(long)).toMatchObject({ message: 'Max amount of characters reached' });
  });

  it('answers 400 for a bad body and 401 without a token', async () => {
    for (const payload of [
      {},
      { products: [] },
      { products: [{ product: 'x' }] },
      { products: [{ product: genericProduct, extra: 1 }] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/cart/coupon/WELCOME20',
        headers: bearer(patient.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v2/cart/coupon/WELCOME20',
      payload: { products: [{ product: genericProduct, quantity: 1 }] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('with Stripe keys', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
    });
  });
  afterAll(() => s.close());

  it('does not mount the sandbox and hands the card field the publishable key through the merchant call', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/sandbox/payments/tokens',
      payload: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(res.statusCode).toBe(404);
    const clinic = json<{ _id: string }>(
      await s.app.inject({ url: '/organization/search?domain=localhost' }),
    )._id;
    const merchant = await s.app.inject({ url: `/organization/${clinic}/merchant` });
    expect(merchant.statusCode, merchant.body).toBe(200);
    expect(json(merchant)).toMatchObject({
      organization: clinic,
      name: 'Evergreen Longevity',
      provider: 'stripe',
      publishable_key: 'pk_test_abc123',
      tokens_url: null,
    });
    // the call the card field used before the documents' merchant call is gone
    expect((await s.app.inject({ url: '/v2/payments/config' })).statusCode).toBe(404);
  });
});

describe('referral conversion', () => {
  it('records one conversion for a referred patient, also when the profile is created twice at once', async () => {
    const p = await signupPatient(t.app, org);
    const payload = async () => ({
      token: await tokenOf('4242424242424242'),
      organization: p.organization,
      user_id: p.id,
      referral_id: 'ref-123',
      affiliate_token: 'aff_abc',
    });
    const [a, b] = [await payload(), await payload()];
    const answers = await Promise.all(
      [a, b].map((body) =>
        t.app.inject({ method: 'POST', url: profileUrl(p), headers: bearer(p.token), payload: body }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const events = await rows<{ properties: Record<string, unknown> }>(
      t.database,
      sql`select properties from events where user_id = ${p.id} and name = 'referral_conversion'`,
    );
    expect(events).toEqual([{ properties: { referral_id: 'ref-123', affiliate_token: 'aff_abc' } }]);

    const plain = await signupPatient(t.app, org);
    expect((await createProfile(plain, await tokenOf('4242424242424242'))).statusCode).toBe(200);
    expect(
      await rows(
        t.database,
        sql`select id from events where user_id = ${plain.id} and name = 'referral_conversion'`,
      ),
    ).toEqual([]);
  });
});
