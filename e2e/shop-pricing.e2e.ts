import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { PortalApi } from './support/api';
import {
  DESKTOP,
  keepFailure,
  launch,
  logIn,
  MOBILE,
  newPage,
  snap,
  uniqueEmail,
  url,
} from './support/browser';

/**
 * 002 §3's pricing fields in the shop's checkout panel, on the seeded demo products: Urolithin A monthly's
 * 14-day trial and Omega-3 bought once by volume tiers.
 */

let browser: Browser;
let portal: PortalApi;

beforeAll(async () => {
  browser = await launch();
  portal = await PortalApi.forHost();
});
afterAll(async () => {
  await browser?.close();
});

async function openPanel(page: Page, name: string) {
  await page.goto(url('/shop?type=supplement'));
  await page.getByRole('button', { name: `Purchase ${name}` }).click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('heading', { name: 'Summary' }).waitFor();
  return panel;
}

const totalDueNow = (panel: ReturnType<Page['getByRole']>) =>
  panel.locator('.co-breakdown__row--total dd').textContent();

describe('the shop checkout panel’s pricing fields', () => {
  it('a trial at 390 px: nothing due now, what follows the free days, and the subscription bought', async () => {
    const email = uniqueEmail('shop-trial');
    const api = await portal.signup(email, 'Secret123', 'Tia');
    await api.completeProfile();
    const { context, page } = await newPage(browser, MOBILE);
    try {
      await keepFailure(page, 'shop-trial', async () => {
        await logIn(page, email, 'Secret123', /\/dashboard\//);
        const panel = await openPanel(page, 'Urolithin A');
        await panel.getByRole('radio', { name: /^1 month/ }).click();
        await panel.getByText('Free for 14 days, then $59.00 every 1 month').waitFor();
        await expect.poll(() => totalDueNow(panel)).toBe('$0.00');
        await panel.getByText('Renews every 1 month').waitFor();
        await panel.getByLabel('Street address').fill('500 Market Street');
        await panel.getByLabel('ZIP code').fill('94105');
        await expect.poll(() => panel.getByLabel('City').inputValue()).toBe('San Francisco');
        await panel.getByLabel('Phone number').fill('4155550142');
        await panel.getByLabel('Card number').fill('4242 4242 4242 4242');
        await panel.getByLabel('Expiry date').fill('12/34');
        await panel.getByLabel('CVC').fill('123');
        await expectAccessible(page, 'shop-trial-panel', { title: 'Shop' });
        await panel.getByText('Free for 14 days, then $59.00 every 1 month').scrollIntoViewIfNeeded();
        await snap(page, 'shop-trial-panel', { fullPage: false });
        await panel.getByRole('button', { name: 'Submit' }).click();
        await page.getByRole('dialog', { name: 'Success!' }).waitFor();
      });
    } finally {
      await context.close();
    }
    const subscriptions = await api.ok<unknown>('GET', `/users/${api.org}/user/${api.userId}/subscriptions`);
    expect(JSON.stringify(subscriptions)).toContain('Urolithin');
  });

  it('volume tiers: the tiers listed, a quantity of 3 at $35.00 each, accessible at both widths', async () => {
    const email = uniqueEmail('shop-tiers');
    const api = await portal.signup(email, 'Secret123', 'Vic');
    await api.completeProfile();
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await keepFailure(page, 'shop-tiers', async () => {
        await logIn(page, email, 'Secret123', /\/dashboard\//);
        const panel = await openPanel(page, 'Omega-3 Longevity Blend');
        await panel.getByRole('radio', { name: /^One-time purchase/ }).click();
        const tiers = panel.getByRole('list', { name: 'Price per unit' });
        await expect
          .poll(() => tiers.getByRole('listitem').allTextContents())
          .toEqual(['1–2 units: $39.00 each', '3–5 units: $35.00 each', '6+ units: $31.00 each']);
        await expect.poll(() => totalDueNow(panel)).toBe('$39.00');
        await panel.getByLabel('Quantity').fill('3');
        await expect.poll(() => totalDueNow(panel)).toBe('$105.00');
        await panel.getByText('One-time purchase · 3 × $35.00').waitFor();
        await expectAccessible(page, 'shop-tiers-panel', { title: 'Shop', bothWidths: true });
        await snap(page, 'shop-tiers-panel', { fullPage: false });
      });
    } finally {
      await context.close();
    }
  });
});
