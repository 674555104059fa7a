import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { PortalApi } from './support/api';
import {
  continueVisitComplete,
  DESKTOP,
  keepFailure,
  launch,
  newPage,
  snap,
  uniqueEmail,
  url,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/**
 * A new patient of Evergreen made through the API: a profile and a card, a paid one-time order of
 * Urolithin A, a monthly Urolithin A subscription awaiting review, and a submitted rapamycin visit with every
 * question answered, so the dashboard lists it in Visits in Review.
 */
async function patientWithDetails() {
  const email = uniqueEmail('details');
  const patient = await (await PortalApi.forHost()).signup(email);
  await patient.completeProfile();
  expect((await patient.saveCard()).status).toBe(200);
  const urolithin = await patient.productTemplate('urolithin-a');
  const order = await patient.buyOnce(urolithin._id);
  expect(order.status).toBe('paid');
  const subscription = await patient.subscribe(urolithin._id, 1);
  const rapamycin = await patient.productTemplate('generic-rapamycin');
  const intakeId = await patient.answeredVisit(rapamycin._id);
  await patient.ok('POST', `/v2/intakes/${intakeId}/products`, { products: [rapamycin._id] });
  await patient.ok('POST', `/v2/intakes/${intakeId}/complete`, {});
  expect((await patient.intake(intakeId)).patient_complete).toBe(true);
  return { email, password: 'Secret123', patient, order, subscription, intakeId };
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard\/[0-9a-f]{24}\/profile$/);
}

describe('detail routes (002 §2.1)', () => {
  it('opens an order, a notification, a subscription and sections of a visit in review, each accessible at 1280 and 390 px', async () => {
    const { email, password, patient, order, subscription, intakeId } = await patientWithDetails();
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await keepFailure(page, 'details', async () => {
        await logIn(page, email, password);
        await continueVisitComplete(page);

        // an order under the old orders route opens in the orders app
        await page.goto(url(`/dashboard/${patient.userId}/orders/${order._id}`));
        await page.waitForURL((u) => u.pathname === `/orders/${order._id}`);
        await page.getByRole('heading', { level: 1, name: 'Urolithin A' }).waitFor();
        await page.getByRole('region', { name: 'Shipping' }).waitFor();
        expect(await page.locator('main').innerText()).toMatch(/\$\d+\.\d{2}/);
        await page.getByRole('button', { name: 'Download invoice' }).waitFor();
        await snap(page, 'details-order');
        await expectAccessible(page, 'order detail', { title: 'Order', bothWidths: true });

        // a notification, from the Details link of its row (the paid order left one)
        await page.goto(url('/notifications'));
        await page
          .getByRole('link', { name: /^Details of “We received your payment/ })
          .first()
          .click();
        await page.waitForURL((u) => u.pathname.startsWith(`/dashboard/${patient.userId}/notifications/`));
        await page.getByRole('heading', { level: 1, name: 'Notification' }).waitFor();
        await expectAccessible(page, 'notification detail', { title: 'Notification', bothWidths: true });

        // a subscription, from its card on the list
        await page.goto(url(`/dashboard/${patient.userId}/subscriptions`));
        await page.getByRole('tab', { name: 'Show All' }).click();
        await page.getByRole('link', { name: 'Urolithin A' }).first().click();
        await page.waitForURL(
          (u) => u.pathname === `/dashboard/${patient.userId}/subscriptions/${subscription._id}`,
        );
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByText('Awaiting Physician Review').first().waitFor();
        await snap(page, 'details-subscription');
        await expectAccessible(page, 'subscription detail', { title: 'Subscription', bothWidths: true });

        // a visit in review, from the dashboard's Review your answers
        await page.goto(url(`/dashboard/${patient.userId}/profile`));
        const review = page.getByRole('region', { name: 'Visits in Review' });
        await review.getByRole('link', { name: /Review your answers/ }).click();
        await page.waitForURL(
          (u) => u.pathname === `/dashboard/${patient.userId}/profile/intake/${intakeId}/profile`,
        );
        await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
        await expectAccessible(page, 'visit review: profile', {
          title: 'Visit Review: Profile',
          bothWidths: true,
        });
        await page
          .getByRole('navigation', { name: 'Visit sections' })
          .getByRole('link', { name: 'Medical Review' })
          .click();
        await page.getByRole('heading', { level: 1, name: 'Medical Review' }).waitFor();
        await page.getByRole('list', { name: 'Your answers' }).waitFor();
        expect(
          await page.getByRole('list', { name: 'Your answers' }).getByRole('listitem').count(),
        ).toBeGreaterThan(0);
        expect(await page.locator('main textarea, main input').count()).toBe(0);
        await snap(page, 'details-visit-review');
        await expectAccessible(page, 'visit review: medical review', {
          title: 'Visit Review: Medical Review',
          bothWidths: true,
        });
      });
    } finally {
      await context.close();
    }
  });
});
