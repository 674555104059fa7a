import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandHead } from '../../platform/web';
import { createTestApp, json, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Org = {
  _id: string;
  name: string;
  domain: string;
  settings: { brand: { primary_color: string }; name: string };
};

describe('brand by host', () => {
  it('resolves two different brands from two hosts', async () => {
    const a = json<Org>(await t.app.inject({ url: '/organization/search?domain=localhost' }));
    const b = json<Org>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }));
    expect(a.domain).toBe('localhost');
    expect(b.domain).toBe('127.0.0.1');
    expect(a._id).not.toBe(b._id);
    expect(a.settings.brand.primary_color).not.toBe(b.settings.brand.primary_color);
    expect(a.settings.name).not.toBe(b.settings.name);
  });

  it('resolves the brand of a Host header with a port, and falls back with a flag for an unknown host', async () => {
    const byHost = await t.app.ctx.resolveBrand('127.0.0.1:3000');
    expect(byHost).toMatchObject({ fallback: false, organization: { domain: '127.0.0.1' } });
    const unknown = await t.app.ctx.resolveBrand('unknown.example.com');
    expect(unknown?.fallback).toBe(true);
    expect(unknown?.organization._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('answers 404 for an unknown domain, and serves the organization, its settings and policies by id', async () => {
    expect((await t.app.inject({ url: '/organization/search?domain=nowhere.example' })).statusCode).toBe(404);
    const a = json<Org>(await t.app.inject({ url: '/organization/search?domain=localhost' }));
    expect(json(await t.app.inject({ url: `/organization/${a._id}` }))).toEqual(a);
    expect(json(await t.app.inject({ url: `/organization/${a._id}/settings/default` }))).toEqual(a.settings);
    for (const section of ['consent', 'privacy', 'tos']) {
      const policy = json<{ section: string; body: string }>(
        await t.app.inject({ url: `/organization/${a._id}/policy/${section}` }),
      );
      expect(policy.section).toBe(section);
      expect(policy.body.length).toBeGreaterThan(200);
    }
    expect((await t.app.inject({ url: `/organization/${a._id}/policy/cookies` })).statusCode).toBe(400);
  });

  it('writes the brand into the page head, escaped', () => {
    const head = brandHead(
      {
        _id: 'a'.repeat(24),
        name: 'X',
        domain: 'x',
        app_url: 'http://x',
        settings: {
          name: '<Clinic & Co>',
          logo: '/l.svg',
          favicons: { icon: '/f.svg' },
          brand: { primary_color: '#123456' },
          support_email: 's@x',
          login: { image_v3: '/h.svg', testimonials: [] },
          dropdown_links: [],
          verification: { has_mobile_verification: false },
        },
      },
      false,
    );
    expect(head).toContain('<title>&lt;Clinic &amp; Co&gt;</title>');
    expect(head).toContain('--brand-primary:#123456');
    expect(head).toContain('<script type="application/json" id="portal-brand">');
    expect(head).not.toContain('<Clinic');
  });
});

describe('states', () => {
  it('lists every state sorted by name with the sync flags of the restricted ones', async () => {
    const states = json<{ name: string; abbreviation: string; syncRequired: boolean }[]>(
      await t.app.inject({ url: '/states' }),
    );
    expect(states.length).toBe(51);
    const names = states.map((s) => s.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    const by = Object.fromEntries(states.map((s) => [s.abbreviation, s.syncRequired]));
    expect(by).toMatchObject({ NY: false, NJ: true, RI: true });
  });
});
