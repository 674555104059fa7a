import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
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

const TABLET = { width: 768, height: 1024 };
const TRACKING = '1Z999AA10123456784';

let browser: Browser;
let portal: PortalApi;
let rapamycin: { _id: string; name: string };

beforeAll(async () => {
  browser = await launch();
  portal = await PortalApi.forHost();
  rapamycin = await (await portal.signup(uniqueEmail('fulfilment-catalogue'))).productTemplate(
    'generic-rapamycin',
  );
});
afterAll(async () => {
  await browser.close();
});

/** A new patient's rapamycin visit, checked out for review with a card held (as care.e2e.ts does). */
async function submittedVisit(firstName: string) {
  const email = uniqueEmail(`fulfilment-${firstName.toLowerCase()}`);
  const patient = await portal.signup(email, 'Secret123', firstName);
  await patient.completeProfile();
  const intake = await patient.answeredVisit(rapamycin._id);
  const variant = await patient.variant(rapamycin._id, 12);
  await patient.ok('POST', `/v2/intakes/${intake}/products`, {
    products: [{ product: variant._id, quantity: 8 }],
  });
  const token = await patient.ok<{ id: string }>('POST', '/sandbox/payments/tokens', {
    number: '4242424242424242',
    exp_month: '12',
    exp_year: '2034',
    cvc: '123',
  });
  const res = await fetch(url('/v2/checkout'), {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${patient.token}`,
      organization: patient.org,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      kind: 'consultation',
      intake,
      shipping: {
        shipping_info: {
          first_name: firstName,
          last_name: 'Checkout',
          street_address: '500 Market Street',
          apt_suite: '',
          city: 'San Francisco',
          state: 'CA',
          zip_code: '94105',
          country: 'us',
          phone_number: '(415) 555-0142',
        },
      },
      payment: { method: 'new_card', token: token.id },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { patient, email, intake };
}

describe('fulfilment', () => {
  it('an approved protocol reaches the pharmacy; the coordinator ships it; the patient sees the tracking number', async () => {
    const { patient, email, intake } = await submittedVisit('Fulton');
    const name = 'Fulton Checkout';
    const physician = await portal.login('physician@evergreen.test', 'Demo1234!');
    const expires = new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10);
    await physician.ok('POST', `/care/${portal.org}/visits/${intake}/approve`, {
      prescription: {
        medication: 'Sirolimus (generic rapamycin)',
        strength: '2 mg',
        instructions: 'Take four tablets once a week with food.',
        expires_on: expires,
      },
    });

    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'care-fulfilment', async () => {
      await logIn(page, 'care@evergreen.test', 'Demo1234!', /\/care$/);
      await page.getByRole('link', { name: 'Fulfilment' }).click();
      await page.getByRole('heading', { level: 1, name: 'Fulfilment' }).waitFor();
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await row.waitFor();
      expect(await row.getByText('500 Market Street').count()).toBe(1);
      await snap(page, 'care-fulfilment');
      await expectAccessible(page, 'fulfilment', { title: 'Fulfilment', bothWidths: true });
      await page.setViewportSize(MOBILE);
      await snap(page, 'care-fulfilment');
      await page.setViewportSize(TABLET);
      await snap(page, 'care-fulfilment');
      await expectAccessible(page, 'fulfilment on a tablet', { title: 'Fulfilment' });
      await page.setViewportSize(DESKTOP);

      await row.getByRole('button', { name: /^Start processing/ }).click();
      await page.getByText(`${name}’s`).first().waitFor();
      await page.getByText(/is now processing\.$/).waitFor();

      // the keyboard reaches the next tab
      await page.getByRole('tab', { name: /^Awaiting Fulfilment/ }).focus();
      await page.keyboard.press('ArrowRight');
      const processing = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await processing.getByRole('button', { name: /^Mark shipped/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark shipped' });
      await dialog.getByLabel('Tracking number').fill(TRACKING);
      await dialog.getByLabel('Carrier (optional)').fill('UPS');
      await snap(page, 'care-fulfilment-ship', { fullPage: false });
      await expectAccessible(page, 'ship dialog', { title: 'Fulfilment' });
      await dialog.getByRole('button', { name: 'Confirm shipping' }).click();
      await page.getByText(/is now shipped\.$/).waitFor();

      await page.getByRole('tab', { name: /^Shipped/ }).click();
      const shipped = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await shipped.getByText(TRACKING).waitFor();
      await snap(page, 'care-fulfilment-shipped');
      await page.setViewportSize(MOBILE);
      await snap(page, 'care-fulfilment-shipped');
    });
    await context.close();

    // the patient: the orders page says Shipped with the tracking number, and the notice is there
    const patientPage = await newPage(browser, DESKTOP);
    await keepFailure(patientPage.page, 'fulfilment-patient', async () => {
      const p = patientPage.page;
      await logIn(p, email, 'Secret123', /\/dashboard\/[0-9a-f]{24}\/profile/);
      await p.goto(url('/orders'));
      const card = p.getByRole('list', { name: 'Your orders' }).getByRole('article', { name: /Rapamycin/ });
      await card.getByText('Shipment: Shipped').waitFor();
      await card.getByText(TRACKING).waitFor();
      await snap(p, 'fulfilment-patient-orders');
      await p.setViewportSize(MOBILE);
      await snap(p, 'fulfilment-patient-orders');
      await p.setViewportSize(DESKTOP);
      await expectAccessible(p, 'orders with a shipment', { title: 'Orders', bothWidths: true });
      await p.goto(url('/notifications'));
      // the bell's list holds the same notices, hidden: the page's own list is read
      await p
        .getByRole('main')
        .getByText(`has shipped with UPS. Tracking number: ${TRACKING}.`, { exact: false })
        .first()
        .waitFor();
      await snap(p, 'fulfilment-patient-notifications');
    });
    await patientPage.context.close();
    const notices = await patient.notifications();
    expect(notices.docs.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your order is being prepared/),
        expect.stringMatching(new RegExp(`Tracking number: ${TRACKING}\\.$`)),
      ]),
    );
  }, 240_000);
});
