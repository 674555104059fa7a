/**
 * Account security in the browser (issue 11 §3): a patient turns two-factor sign-in on from Settings with the
 * key shown under the QR code, logs out, logs in with a code from the "app", then with a recovery code, turns
 * it off and logs in with the password alone. The authenticator is the RFC 6238 code of the key, at the
 * portal's real clock; each code is of a time step after the last one used, as the server refuses replays.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../apps/api/src/modules/security/totp';
import { expectAccessible } from './support/a11y';
import { PortalApi } from './support/api';
import { DESKTOP, keepFailure, launch, MOBILE, mailTo, newPage, uniqueEmail, url } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** An authenticator that never shows the same step twice. */
function authenticator(secret: string) {
  let last = -1;
  return () => {
    const step = Math.max(Math.floor(Date.now() / 30_000), last + 1);
    last = step;
    return totpCode(secret, new Date(step * 30_000));
  };
}

async function enterCredentials(page: Page, email: string, password: string) {
  await page.goto(url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login/);
}

const DASHBOARD = /\/dashboard\/[0-9a-f]{24}\/profile$/;

describe('two-factor sign-in', () => {
  it('is turned on in Settings, asked for at login (code, then recovery code), and turned off', async () => {
    const email = uniqueEmail('2fa');
    const patient = await (await PortalApi.forHost()).signup(email, 'Secret123', 'Morgan');
    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'two-factor', async () => {
      await enterCredentials(page, email, 'Secret123');
      await page.waitForURL(DASHBOARD);

      await page.goto(url(`/dashboard/${patient.userId}/settings/security`));
      const section = page.getByRole('region', { name: 'Security' });
      await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await expect.poll(() => section.getByRole('img', { name: /QR code/ }).isVisible()).toBe(true);
      // At one width: crossing the 1024 px breakpoint re-mounts the settings layout, which would drop the setup.
      await expectAccessible(page, 'settings: two-factor setup');
      const key = (await section.locator('.security__secret').innerText()).replace(/\s/g, '');
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      const app = authenticator(key);

      await section.getByLabel('6-digit code').fill(app());
      await section.getByRole('button', { name: 'Turn on', exact: true }).click();
      const codesRegion = section.getByRole('region', { name: 'Your recovery codes' });
      await codesRegion.waitFor();
      const recovery = (await codesRegion.locator('code').allInnerTexts()).map((c) => c.trim());
      expect(recovery).toHaveLength(10);
      // the success toast's viewport is a chunk of its own: checked once it is on the page, not as it arrives
      await page.getByText('Two-factor sign-in is on.').waitFor();
      await expectAccessible(page, 'settings: recovery codes');
      await section.getByRole('button', { name: 'I have saved my codes' }).click();
      await expect.poll(() => section.getByText(/10 of 10 recovery codes left/).isVisible()).toBe(true);
      expect((await mailTo(email, 1)).subject).toBe(
        'Two-factor sign-in is on for your Evergreen Longevity account',
      );

      // Logging in now takes a code from the app.
      await logOut(page);
      await enterCredentials(page, email, 'Secret123');
      const codeField = page.getByLabel('Authentication code');
      await codeField.waitFor();
      await expectAccessible(page, 'login: authentication code');
      await codeField.fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('That code is not correct or has already been used. Please try again.').waitFor();
      await codeField.fill(app());
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(DASHBOARD);

      // Or one of the recovery codes, once.
      await logOut(page);
      await enterCredentials(page, email, 'Secret123');
      await page.getByLabel('Authentication code').fill(recovery[0]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(DASHBOARD);

      // Turned off with the password and another recovery code.
      await page.goto(url(`/dashboard/${patient.userId}/settings/security`));
      await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
      await section.getByLabel('Password', { exact: true }).fill('Secret123');
      await section.getByLabel('Authentication code or recovery code').fill(recovery[1]!);
      await section.getByRole('button', { name: 'Turn off', exact: true }).click();
      await page
        .getByRole('region', { name: 'Notifications' })
        .getByText('Two-factor sign-in is off.')
        .waitFor();
      expect((await mailTo(email, 2)).subject).toBe(
        'Two-factor sign-in is off for your Evergreen Longevity account',
      );

      await logOut(page);
      await enterCredentials(page, email, 'Secret123');
      await page.waitForURL(DASHBOARD);

      // The section on a phone, where it is a page of its own.
      await page.setViewportSize(MOBILE);
      await page.goto(url(`/dashboard/${patient.userId}/settings/security`));
      await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).waitFor();
      await expectAccessible(page, 'settings: security on a phone');
    });
    await context.close();
  });
});
