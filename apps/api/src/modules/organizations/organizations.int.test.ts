import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Organization } from '@portal/domain/contracts/organization';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema/organizations';
import { brandHead } from '../../platform/web';
import { createTestApp, json, type TestApp } from '../../test/harness';

/** Where the portal serves /brands/... from (the web app's public folder, copied into its build). */
const WEB_PUBLIC = fileURLToPath(new URL('../../../../web/public', import.meta.url));

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

describe('brand content settings (issue 11 §6)', () => {
  it('serves each clinic its signup pictures, introduction video, More links and side content, as real files', async () => {
    for (const domain of ['localhost', '127.0.0.1']) {
      const org = json<Organization>(await t.app.inject({ url: `/organization/search?domain=${domain}` }));
      const s = org.settings;
      const media = [
        s.signup?.image,
        s.product_signup?.image,
        s.welcome?.video?.url,
        s.welcome?.video?.captions_url,
        s.welcome?.video?.poster,
      ];
      for (const path of media) {
        expect(path).toMatch(/^\/brands\/[a-z]+\/[a-z-]+\.(webp|mp4|en\.vtt)$/);
        expect(existsSync(`${WEB_PUBLIC}${path}`), path).toBe(true);
      }
      for (const key of ['pharmacy', 'community', 'social'] as const) {
        expect(s.more_links?.[key]?.label).toBeTruthy();
        expect(s.more_links?.[key]?.url).toMatch(/^https:\/\//);
      }
      expect(s.side_content).toMatchObject({ title: expect.any(String), body: expect.any(String) });
      expect(s.parent_organization).toBeUndefined();
      const settings = json(await t.app.inject({ url: `/organization/${org._id}/settings/default` }));
      expect(settings).toEqual(s);
    }
  });

  it('answers only the contract fields: anything else stored in the settings stays on the server', async () => {
    const org = json<Organization>(await t.app.inject({ url: '/organization/search?domain=localhost' }));
    const stored = sql`${organizations.settings} || ${JSON.stringify({
      payment_secret_key: 'sk_live_should_not_leave',
      welcome: { ...org.settings.welcome, upload_token: 'tok_should_not_leave' },
    })}::jsonb`;
    await t.database.db.update(organizations).set({ settings: stored }).where(eq(organizations.id, org._id));
    try {
      const [row] = await t.database.db
        .select({ settings: organizations.settings })
        .from(organizations)
        .where(eq(organizations.id, org._id));
      expect(JSON.stringify(row?.settings)).toContain('should_not_leave');
      for (const url of [
        `/organization/${org._id}`,
        `/organization/${org._id}/settings/default`,
        '/organization/search?domain=localhost',
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('should_not_leave');
      }
      // the page head prints the brand the resolver gives (platform/web brandHead)
      const page = await t.app.ctx.resolveBrand('localhost:4000');
      expect(page?.organization.settings.welcome).toEqual(org.settings.welcome);
      expect(brandHead(page!.organization, false)).not.toContain('should_not_leave');
      const again = json<Organization>(await t.app.inject({ url: `/organization/${org._id}` }));
      expect(again.settings.welcome).toEqual(org.settings.welcome);
    } finally {
      await t.database.db
        .update(organizations)
        .set({ settings: org.settings })
        .where(eq(organizations.id, org._id));
    }
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
