import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { DESKTOP, launch, MOBILE, newPage, snap, uniqueEmail, url } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('the start of a visit', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`starts from a product link, refuses an under-18 birthday and a New York address (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(url('/get-started'));
      await page.getByLabel('First name').waitFor();
      await expectAccessible(page, 'signup', { title: 'Create your account' });
      await page.getByLabel('First name').fill('sam');
      await page.getByLabel('Last name').fill('funnel');
      await page.getByLabel('Email').fill(uniqueEmail('funnel'));
      await page.getByLabel('Password', { exact: true }).fill('secret1');
      await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
      await page.getByRole('button', { name: 'Start My Visit' }).click();
      await page.waitForURL(/\/dashboard\//);

      const template = await page.evaluate(async () => {
        const token = localStorage.getItem('token') ?? '';
        const org = (await (
          await fetch('/organization/search?domain=localhost', { headers: { accept: 'application/json' } })
        ).json()) as { _id: string };
        const res = await fetch(`/intake-template/${org._id}/global`, {
          headers: { accept: 'application/json', authorization: `Bearer ${token}`, organization: org._id },
        });
        return (await res.json()) as { _id: string; product_defaults: string[] };
      });
      expect(template.product_defaults.length).toBeGreaterThan(0);

      await page.goto(url(`/start/${template._id}/p/${template.product_defaults[0]}`));
      await page.waitForURL(/\/consultation\/hiw\//);
      await page.getByRole('heading', { name: "Let's get started on your visit" }).waitFor();
      await page.getByText(/Estimated time: \d+ minutes?/).waitFor();
      await snap(page, 'visit-how-it-works');
      await expectAccessible(page, 'how it works', { title: 'How it Works' });
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.waitForURL(/\/consultation\/profile\//);
      await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
      await page.getByText('Female', { exact: true }).click();
      await page.getByLabel('Date of Birth').fill('01-15-2015');
      await page.getByLabel('Weight (lbs)').fill('150');
      await page.getByLabel('Feet').selectOption('5');
      await page.getByLabel('Inches').selectOption('6');
      await page.getByLabel('State').selectOption({ label: 'New York' });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('You must be 18 or older to see a Healthspan physician.').waitFor();
      await snap(page, 'visit-profile-under-18');
      await expectAccessible(page, 'profile step refusing an under-18 birthday', { title: 'Your Profile' });

      await page.getByLabel('Date of Birth').fill('01-15-1980');
      await page.getByRole('button', { name: 'Continue' }).click();
      const modal = page.getByRole('dialog', { name: 'We are sorry :(' });
      await modal.waitFor();
      await modal.getByText('Coming Soon').waitFor();
      await snap(page, 'visit-unavailable-state');
      await expectAccessible(page, 'unavailable-state modal', { title: 'Your Profile' });
      await modal.getByRole('button', { name: 'Continue Visit' }).click();
      await modal.waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Continue' }).textContent()).toBe('Continue');
      await context.close();
    });
  }
});
