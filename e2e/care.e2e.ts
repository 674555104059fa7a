import { randomUUID } from 'node:crypto';
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

const TABLET = { width: 768, height: 1024 };

let browser: Browser;
let portal: PortalApi;
let rapamycin: { _id: string; name: string };

beforeAll(async () => {
  browser = await launch();
  portal = await PortalApi.forHost();
  // the catalogue is read with a throwaway account (the shop is for signed-in patients)
  rapamycin = await (await portal.signup(uniqueEmail('care-catalogue'))).productTemplate('generic-rapamycin');
});
afterAll(async () => {
  await browser.close();
});

/**
 * A new patient's rapamycin visit, answered and checked out for review with a card held, through the same
 * calls the funnel makes (the funnel itself is the checkout test's subject).
 */
async function submittedVisit(
  firstName: string,
): Promise<{ patient: PortalApi; email: string; intake: string }> {
  const email = uniqueEmail(`care-${firstName.toLowerCase()}`);
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
  expect((await patient.intake(intake)).patient_complete).toBe(true);
  return { patient, email, intake };
}

/** The queue's row of a patient, waiting for the live refresh to bring it in. */
/**
 * The queue's row of a patient. `pushed`: the row must come over the clinic's real-time channel, within
 * a wait far below the queue's 60 s safety refresh (decision 032).
 */
async function queueRow(page: Page, name: string, opts: { pushed?: boolean } = {}) {
  const link = page.getByRole('link', { name, exact: true });
  await link.waitFor(opts.pushed ? { timeout: 15_000 } : undefined);
  return link;
}

describe('the care workspace', () => {
  it('a physician approves a new visit from the queue; the patient sees the active protocol and the notice', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'care-approve', async () => {
      await logIn(page, 'physician@evergreen.test', 'Demo1234!', /\/care$/);
      await page.getByRole('heading', { level: 1, name: 'Review queue' }).waitFor();
      await page.getByText('Live: new visits appear as they arrive').waitFor();
      // submitted while the queue is open: it appears without a reload
      const { patient, email, intake } = await submittedVisit('Quinn');
      const name = 'Quinn Checkout';
      await queueRow(page, name, { pushed: true });
      await snap(page, 'care-queue');
      await expectAccessible(page, 'review queue', { title: 'Review queue', bothWidths: true });
      await page.setViewportSize(TABLET);
      await snap(page, 'care-queue');
      await expectAccessible(page, 'review queue on a tablet', { title: 'Review queue' });
      await page.setViewportSize(DESKTOP);

      // three actions from the queue: open the row, Approve, Confirm
      await (await queueRow(page, name)).click();
      await page.waitForURL((u) => u.pathname === `/care/patients/${patient.userId}`);
      expect(new URL(page.url()).searchParams.get('visit')).toBe(intake);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('region', { name: 'Visit' }).getByRole('listitem').first().waitFor();
      await snap(page, 'care-chart');
      await expectAccessible(page, 'patient chart', { title: 'Patient chart', bothWidths: true });
      // a tablet (issue 12 §8)
      await page.setViewportSize(TABLET);
      await snap(page, 'care-chart');
      await expectAccessible(page, 'patient chart on a tablet', { title: 'Patient chart' });
      await page.setViewportSize(DESKTOP);

      await page.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve and prescribe' });
      await dialog.getByLabel('Medication').fill('Sirolimus (generic rapamycin)');
      await dialog.getByLabel('Strength').fill('2 mg');
      await dialog
        .getByLabel('Instructions for the patient')
        .fill('Take four tablets once a week with food.');
      await expectAccessible(page, 'approve dialog', { title: 'Patient chart' });
      await dialog.getByRole('button', { name: 'Confirm approval' }).click();
      await page.waitForURL((u) => u.pathname === '/care');
      await page.getByText(`Approved: ${name}'s protocol is active`).waitFor();
      await expect.poll(() => page.getByRole('link', { name, exact: true }).count()).toBe(0);
      await context.close();

      // the patient: the protocol is active on the subscriptions page, and the notice is there
      const patientPage = await newPage(browser, DESKTOP);
      await keepFailure(patientPage.page, 'care-approved-patient', async () => {
        await logIn(patientPage.page, email, 'Secret123', /\/dashboard\/[0-9a-f]{24}\/profile/);
        await patientPage.page.goto(url(`/dashboard/${patient.userId}/subscriptions`));
        await patientPage.page.getByText('Current Protocol').first().waitFor();
        await snap(patientPage.page, 'care-approved-subscriptions');
      });
      await patientPage.context.close();
      const notices = await patient.notifications();
      expect(notices.docs.map((n) => n.message)).toContain(
        'Your physician approved your visit. Your Generic Rapamycin protocol is now active.',
      );
    });
  }, 240_000);

  it('a care coordinator sends a visit back for a new photo; the patient takes new ones and it comes back (390 px)', async () => {
    const { patient, email, intake } = await submittedVisit('Riley');
    const name = 'Riley Checkout';
    const { context, page } = await newPage(browser, MOBILE);
    const cameraBrowser = await launch({ camera: true });
    try {
      await keepFailure(page, 'care-photo', async () => {
        await logIn(page, 'care@evergreen.test', 'Demo1234!', /\/care$/);
        await (await queueRow(page, name)).click();
        await page.waitForURL((u) => u.pathname === `/care/patients/${patient.userId}`);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        // a coordinator makes no clinical decision
        expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Ask for more' }).click();
        const dialog = page.getByRole('dialog', { name: 'Ask the patient for more' });
        await dialog.getByLabel('What is needed').selectOption('photo');
        await dialog
          .getByLabel('Message to the patient')
          .fill('Your ID photo is blurred: please take it again.');
        await snap(page, 'care-ask-for-photo', { fullPage: false });
        await expectAccessible(page, 'ask for more dialog', { title: 'Patient chart' });
        await dialog.getByRole('button', { name: 'Send the request' }).click();
        await page.waitForURL((u) => u.pathname === '/care');
        await page.getByText(`Sent back to ${name} for a new photo.`).waitFor();
        await expect.poll(() => page.getByRole('link', { name, exact: true }).count()).toBe(0);
      });
      const record = await patient.ok<{ image: { requires_user_attention?: boolean } }>(
        'GET',
        `/users/${patient.org}/user/${patient.userId}/patient`,
      );
      expect(record.image.requires_user_attention).toBe(true);
      expect((await patient.intake(intake)).patient_complete).toBe(true);

      // the patient is told, takes both photos again, and the visit is back in the open queue by itself
      const camera = await newPage(cameraBrowser, MOBILE);
      await keepFailure(camera.page, 'care-photo-reupload', async () => {
        await logIn(camera.page, email, 'Secret123', /\/dashboard\//);
        await camera.page.goto(url(`/verification/${patient.userId}/verify_account`));
        await camera.page.getByRole('alert').filter({ hasText: 'ID/Profile Image Mismatch' }).waitFor();
        await camera.page.goto(url(`/verification/${patient.userId}/id_image`));
        for (const heading of ['Take a photo of your ID', 'Take a selfie']) {
          await camera.page.getByRole('heading', { name: heading }).waitFor();
          await camera.page
            .getByRole('button', { name: /^(Take Photo|Retake)$/ })
            .first()
            .waitFor();
          const take = camera.page.getByRole('button', { name: 'Take Photo' });
          if ((await take.count()) === 0) await camera.page.getByRole('button', { name: 'Retake' }).click();
          await take.click();
          await camera.page.getByRole('button', { name: 'Retake' }).waitFor();
          await camera.page.getByRole('button', { name: 'Continue' }).click();
        }
        await camera.page.waitForURL(/\/dashboard\//);
      });
      await camera.context.close();
      await keepFailure(page, 'care-photo-back', async () => {
        await queueRow(page, name, { pushed: true });
      });
      const after = await patient.ok<{ image: { requires_user_attention?: boolean } }>(
        'GET',
        `/users/${patient.org}/user/${patient.userId}/patient`,
      );
      expect(after.image.requires_user_attention).toBeFalsy();
    } finally {
      await context.close();
      await cameraBrowser.close();
    }
  }, 240_000);

  it("tells a patient who opens /care that it is the clinic's area", async () => {
    const email = uniqueEmail('care-patient');
    await portal.signup(email, 'Secret123', 'Sam');
    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'care-refused', async () => {
      await logIn(page, email, 'Secret123', /\/dashboard\//);
      await page.goto(url('/care'));
      await page.getByRole('heading', { name: "This area is for the clinic's staff" }).waitFor();
      await expectAccessible(page, 'staff only', { title: 'Clinic staff only' });
    });
    await context.close();
  }, 120_000);
});
