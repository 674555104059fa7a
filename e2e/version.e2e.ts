import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { PortalApi } from './support/api';
import { DESKTOP, keepFailure, launch, logIn, newPage, snap, uniqueEmail } from './support/browser';

let browser: Browser;
const versionFile = () => path.join(inject('buildDir'), 'apps/web/dist/version.json');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the version banner', () => {
  it('appears once a new build is out, with Refresh and Dismiss', async () => {
    const built = readFileSync(versionFile(), 'utf8');
    expect(JSON.parse(built)).toEqual({ version: expect.any(String) });
    const email = uniqueEmail('version');
    const api = await (await PortalApi.forHost()).signup(email, 'Secret123', 'Vera');
    await api.completeProfile();
    const { context, page } = await newPage(browser, DESKTOP);
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available!' });
    try {
      await keepFailure(page, 'version-banner', async () => {
        await page.clock.install();
        const firstRead = page.waitForResponse((r) => r.url().endsWith('/version.json'));
        await logIn(page, email, 'Secret123', /\/dashboard\//);
        await page.clock.fastForward(3_000);
        expect(await (await firstRead).json()).toEqual(JSON.parse(built));
        // the same build: no banner
        await page.clock.fastForward(5 * 60_000);
        expect(await banner.count()).toBe(0);

        // a deployment writes a new version file; the next check, 5 minutes on, sees it
        writeFileSync(versionFile(), `${JSON.stringify({ version: `${JSON.parse(built).version}-next` })}\n`);
        const nextRead = page.waitForResponse((r) => r.url().endsWith('/version.json'));
        await page.clock.fastForward(5 * 60_000);
        await nextRead;
        await banner.waitFor();
        await expectAccessible(page, 'version banner', { bothWidths: true });
        await snap(page, 'version-banner', { fullPage: false });

        // Dismiss hides it (Refresh's reload and the hour are unit-tested in version-banner.test.tsx)
        await banner.getByRole('button', { name: 'Refresh' }).waitFor();
        await banner.getByRole('button', { name: 'Dismiss' }).click();
        await banner.waitFor({ state: 'detached' });
      });
    } finally {
      writeFileSync(versionFile(), built);
      await context.close();
    }
  }, 180_000);
});
