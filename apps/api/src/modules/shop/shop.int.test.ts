import { contrastRatio, parseHex } from '@portal/domain/branding/contrast';
import type { ProductTemplatePage } from '@portal/domain/contracts/product';
import type { ShopSettings } from '@portal/domain/contracts/shop';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signupPatient, type TestApp } from '../../test/harness';
import { shopSettingsOf } from './shop.repository';

let t: TestApp;
let orgA: string;
let orgB: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  orgA = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  orgB = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  token = (await signupPatient(t.app, orgA)).token;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = bearer(token)) => t.app.inject({ url, headers });
const TEXT = { light: '#ffffff', dark: '#14181e' } as const;

describe('GET /organization/{org}/settings/shop', () => {
  it("serves the clinic's banners, with an action of each kind, and its filter groups", async () => {
    const res = await get(`/organization/${orgA}/settings/shop`);
    expect(res.statusCode).toBe(200);
    const shop = json<ShopSettings>(res);
    expect(shop.banners.length).toBeGreaterThanOrEqual(3);
    expect(shop.banners.length).toBeLessThanOrEqual(6);
    expect(new Set(shop.banners.map((b) => b.action.type))).toEqual(
      new Set(['external-link', 'medication-visit', 'lab-visit', 'in-app-path']),
    );
    expect(shop.filters.map((f) => f.type)).toEqual(['type', 'protocols', 'benefits']);
  });

  it('keeps every banner text readable on its background (4.5:1)', async () => {
    const shop = json<ShopSettings>(await get(`/organization/${orgA}/settings/shop`));
    for (const b of shop.banners) {
      const bg = parseHex(b.background_color)!;
      for (const mode of [b.title.mode, b.label_name.mode, b.carousel_indicators.mode]) {
        expect(contrastRatio(parseHex(TEXT[mode])!, bg), b.title.value).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('offers only filter values that find products in the shop', async () => {
    const shop = json<ShopSettings>(await get(`/organization/${orgA}/settings/shop`));
    for (const filter of shop.filters) {
      for (const value of filter.valid_values) {
        const param = filter.type === 'type' ? 'product_type' : 'tags';
        const page = json<ProductTemplatePage>(
          await get(`/v2/products?${param}=${encodeURIComponent(value)}`),
        );
        expect(page.totalDocs, `${filter.type}=${value}`).toBeGreaterThan(0);
      }
    }
  });

  it('points every product action at a product of the clinic', async () => {
    const shop = json<ShopSettings>(await get(`/organization/${orgA}/settings/shop`));
    for (const b of shop.banners.filter((x) => x.action.type.endsWith('-visit'))) {
      const res = await get(`/product/${orgA}/template/${b.action.value}`);
      expect(res.statusCode, b.action.type).toBe(200);
      expect(json<{ type: string }>(res).type).toBe(b.action.type === 'lab-visit' ? 'lab' : 'medication');
    }
  });

  it("is left out of the organization's public reads", async () => {
    const org = json<{ settings: Record<string, unknown> }>(
      await t.app.inject({ url: `/organization/${orgA}` }),
    );
    expect(org.settings).not.toHaveProperty('shop');
    expect(org.settings.name).toBeTruthy();
    const settings = json<Record<string, unknown>>(
      await t.app.inject({ url: `/organization/${orgA}/settings/default` }),
    );
    expect(settings).not.toHaveProperty('shop');
  });

  it('answers 404 for another clinic or an id that is not its own, and 401 without a token', async () => {
    expect((await get(`/organization/${orgB}/settings/shop`)).statusCode).toBe(404);
    expect((await get('/organization/nope/settings/shop')).statusCode).toBe(404);
    expect((await get(`/organization/${orgA}/settings/shop`, {})).statusCode).toBe(401);
  });

  it('leaves out a stored banner or filter that does not read, and serves none when there is no shop', async () => {
    const good = json<ShopSettings>(await get(`/organization/${orgA}/settings/shop`));
    const stored = {
      banners: [{ title: 'not an object' }, good.banners[0]],
      filters: [{ type: 'colour', valid_values: ['red'] }, good.filters[0]],
    };
    await t.database.db.execute(
      sql`update organizations set settings = settings || jsonb_build_object('shop', ${JSON.stringify(stored)}::jsonb) where id = ${orgA}`,
    );
    const read = json<ShopSettings>(await get(`/organization/${orgA}/settings/shop`));
    expect(read).toEqual({ banners: [good.banners[0]], filters: [good.filters[0]] });
    await t.database.db.execute(
      sql`update organizations set settings = settings - 'shop' where id = ${orgA}`,
    );
    expect(json(await get(`/organization/${orgA}/settings/shop`))).toEqual({ banners: [], filters: [] });
  });
});

describe('shopSettingsOf', () => {
  it('reads anything stored as settings', () => {
    expect(shopSettingsOf(null)).toEqual({ banners: [], filters: [] });
    expect(shopSettingsOf({ banners: 'x', filters: 3 })).toEqual({ banners: [], filters: [] });
  });
});
