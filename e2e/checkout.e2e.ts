import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { type IntakeQuestion, PortalApi } from './support/api';
import {
  choose,
  continueVisitComplete,
  DESKTOP,
  keepFailure,
  launch,
  MOBILE,
  newPage,
  snap,
  uniqueEmail,
  url,
} from './support/browser';
import { answerVisit, fillProfile } from './support/visit';

let browser: Browser;
let catalogue: {
  generic: { _id: string; name: string; questions: IntakeQuestion[] };
  lab: { _id: string };
};

beforeAll(async () => {
  browser = await launch({ camera: true });
  // the catalogue's ids and the visit's questions, read once with a throwaway account (the patient under
  // test starts from a link)
  const reader = await (await PortalApi.forHost()).signup(uniqueEmail('catalogue'));
  const generic = await reader.productTemplate('generic-rapamycin');
  catalogue = {
    generic: { ...generic, questions: await reader.intakeQuestions(generic._id) },
    lab: await reader.productTemplate('longevity-essentials-panel'),
  };
});
afterAll(async () => {
  await browser.close();
});

/** Takes the photo of one identity stage with the fake camera, checks the preview, and uploads it. */
async function takePhoto(page: Page, heading: string, shot: string) {
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.getByRole('button', { name: 'Take Photo' }).click();
  await page.getByRole('button', { name: 'Retake' }).waitFor();
  await snap(page, shot);
  await expectAccessible(page, heading, { title: 'Identity Verification' });
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function fillShipping(page: Page) {
  await page.getByRole('heading', { name: 'Shipping' }).waitFor();
  await page.getByLabel('Street address').fill('500 Market Street');
  await page.getByLabel('Apt/Suite').fill('Suite 4');
  await page.getByLabel('ZIP code').fill('94105');
  // the ZIP fills city and state from the bundled US data
  await expect.poll(() => page.getByLabel('City').inputValue()).toBe('San Francisco');
  await page.getByLabel('Phone number').fill('4155550142');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

describe('a new patient from a Generic Rapamycin link to a visit awaiting review', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`signs up, completes every step with an add-on, both photos by camera, pays with 4242 and a code (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await context.grantPermissions(['camera'], { origin: url('/') });
      const prefix = `checkout-${viewport.width}`;
      await keepFailure(page, prefix, async () => {
        // a product link lands on the product's own signup form
        await page.goto(url(`/product/medication/${catalogue.generic._id}`));
        await page.getByRole('heading', { name: /^Generic Rapamycin/ }).waitFor();
        await page.getByText('Create your account to get started.').waitFor();
        await page.getByLabel('First name').fill('avery');
        await page.getByLabel('Last name').fill('quinn');
        await page.getByLabel('Email').fill(uniqueEmail('avery'));
        await page.getByLabel('Password', { exact: true }).fill('Secret123');
        await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
        await snap(page, `${prefix}-01-signup`);
        await expectAccessible(page, 'product signup', { title: 'Create your account' });
        await page.getByRole('button', { name: 'Start My Visit' }).click();

        await page.waitForURL(/\/consultation\/hiw\//);
        await page.getByRole('heading', { name: "Let's get started on your visit" }).waitFor();
        await snap(page, `${prefix}-02-how-it-works`);
        await expectAccessible(page, 'how it works', { title: 'How it Works' });
        await page.getByRole('button', { name: 'Continue' }).click();

        await page.waitForURL(/\/consultation\/profile\//);
        await fillProfile(page);
        // a patient with no medical history yet is shown the empty review first
        await page.waitForURL(/\/consultation\/pharmacy-overview\//);
        await page.getByRole('heading', { name: 'Review Medical History' }).waitFor();
        await snap(page, `${prefix}-03-medical-history`);
        await expectAccessible(page, 'medical history review', { title: 'Review Medical History' });
        await answerVisit(page, catalogue.generic.questions, { snapFirstQuestion: `${prefix}-04-question` });

        await page.waitForURL(/\/consultation\/product-configure\//);
        await page.getByRole('heading', { name: 'Treatment Preferences' }).waitFor();
        for (const option of ['12 months', '2 mg']) {
          const radio = await choose(page, 'radio', option);
          await expect.poll(() => radio.isChecked()).toBe(true);
        }
        await snap(page, `${prefix}-05-preferences`);
        await expectAccessible(page, 'treatment preferences', { title: 'Treatment Preferences' });
        await page.getByRole('region', { name: 'Total' }).getByRole('button', { name: 'Continue' }).click();

        await page
          .getByRole('heading', { name: 'Would you like to add any additional treatments?' })
          .waitFor();
        await page.getByRole('button', { name: 'Add Metformin Extended-Release' }).click();
        await expect
          .poll(() =>
            page.getByRole('button', { name: 'Add Metformin Extended-Release' }).getAttribute('aria-pressed'),
          )
          .toBe('true');
        await snap(page, `${prefix}-06-add-ons`);
        await expectAccessible(page, 'add-ons', { title: 'Add-on treatments' });
        await page.getByRole('button', { name: 'Continue', exact: true }).click();

        await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
        await snap(page, `${prefix}-07-verify`);
        await expectAccessible(page, 'identity verification', { title: 'Identity Verification' });
        await page.getByRole('button', { name: 'Continue' }).click();
        await takePhoto(page, 'Take a photo of your ID', `${prefix}-08-id-photo`);
        await takePhoto(page, 'Take a selfie', `${prefix}-09-selfie`);

        await page.waitForURL((u) => /\/consultation\/checkout\/[0-9a-f]{24}$/.test(u.pathname));
        await fillShipping(page);
        await fillCard(page, '4242 4242 4242 4242');
        await page.getByLabel('Discount code').fill('WELCOME20');
        await page.getByRole('button', { name: 'Apply' }).click();
        await page.getByText('Special discount applied').waitFor();
        await page
          .getByText('You will not be charged for or shipped any medication until approved by your doctor.')
          .waitFor();
        await snap(page, `${prefix}-10-checkout`);
        await expectAccessible(page, 'checkout', { title: 'Checkout' });
        await page.getByRole('button', { name: 'Submit' }).click();

        await page.waitForURL(/\/dashboard\/[0-9a-f]{24}\/profile/);
        // a first completed visit is welcomed with the visit-complete modal
        await continueVisitComplete(page);
        const review = page.getByRole('region', { name: 'Visits in Review' });
        await review.getByText('Awaiting Physician Review').waitFor();
        await review.getByText('Generic Rapamycin (Sirolimus)', { exact: true }).waitFor();
        await snap(page, `${prefix}-11-awaiting-review`);
        await expectAccessible(page, 'dashboard awaiting review', { title: 'Home' });

        // the funnel's selections are cleared after checkout
        const leftovers = await page.evaluate(() =>
          [
            'intake_template',
            'zp_product_template',
            'default_item',
            'selected_products',
            'membership',
          ].filter((k) => localStorage.getItem(k) !== null),
        );
        expect(leftovers).toEqual([]);
      });
      await context.close();
    }, 240_000);
  }
});

async function logIn(page: Page, email: string, password = 'Secret123') {
  await page.goto(url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard\//);
}

describe('checkout failures and states', () => {
  it('a declined card shows "Invalid Credit Card" and creates nothing', async () => {
    const portal = await PortalApi.forHost();
    const email = uniqueEmail('declined');
    const patient = await portal.signup(email);
    await patient.completeProfile();
    const intakeId = await patient.answeredVisit(catalogue.generic._id);
    await patient.ok('POST', `/v2/intakes/${intakeId}/products`, { products: [catalogue.generic._id] });

    const { context, page } = await newPage(browser, DESKTOP);
    await logIn(page, email);
    await keepFailure(page, 'declined', async () => {
      await page.goto(url(`/consultation/checkout/${intakeId}`));
      await fillShipping(page);
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Invalid Credit Card').waitFor();
      await page.getByRole('button', { name: 'Error. Try Again.' }).waitFor();
      await snap(page, 'checkout-declined-card');
      await expectAccessible(page, 'checkout with a declined card', { title: 'Checkout', bothWidths: true });
    });
    expect((await patient.intake(intakeId)).patient_complete).toBe(false);
    expect((await patient.call('GET', `/billing/${patient.org}/patient/${patient.userId}/card`)).status).toBe(
      404,
    );
    await context.close();
  });
});

describe('the lab and resume paths of the funnel', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`a lab product in New York shows the unavailable-state modal (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await keepFailure(page, `lab-ny-${viewport.width}`, async () => {
        await page.goto(url(`/product/lab/${catalogue.lab._id}`));
        await page.getByLabel('First name').fill('lee');
        await page.getByLabel('Last name').fill('lab');
        await page.getByLabel('Email').fill(uniqueEmail('lab'));
        await page.getByLabel('Password', { exact: true }).fill('Secret123');
        await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
        await page.getByRole('button', { name: 'Start My Visit' }).click();

        await page.waitForURL(/\/signup\/lab-visit/);
        await page.getByText('2,000+ partner lab locations', { exact: false }).first().waitFor();
        await snap(page, 'lab-visit');
        await expectAccessible(page, 'lab visit', { title: 'Lab Visit' });
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL(/\/signup\/profile/);
        await fillProfile(page, 'New York');
        const modal = page.getByRole('dialog', { name: 'We are sorry :(' });
        await modal
          .getByText(
            'Due to regulatory restrictions prohibiting the online prescribing of lab testing, we cannot provide lab testing in NY, NJ and RI.',
          )
          .waitFor();
        await modal.getByRole('button', { name: 'View Our Protocols' }).waitFor();
        await snap(page, 'lab-unavailable-state');
        await expectAccessible(page, 'lab unavailable-state modal', { title: 'Your Profile' });
      });
      await context.close();
    });
  }

  it('leaving mid-visit and coming back resumes at the right step', async () => {
    const email = uniqueEmail('resume');
    const first = await newPage(browser, DESKTOP);
    let stoppedAt = '';
    await keepFailure(first.page, 'resume-leave', async () => {
      const page = first.page;
      await page.goto(url(`/product/medication/${catalogue.generic._id}`));
      await page.getByLabel('First name').fill('rory');
      await page.getByLabel('Last name').fill('resume');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Secret123');
      await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
      await page.getByRole('button', { name: 'Start My Visit' }).click();
      await page.waitForURL(/\/consultation\/hiw\//);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/consultation\/profile\//);
      await fillProfile(page);
      await answerVisit(page, catalogue.generic.questions, { stopAfter: 3 });
      stoppedAt = new URL(page.url()).pathname;
      expect(stoppedAt).toMatch(/\/consultation\/intake\//);
      expect(new URL(page.url()).searchParams.get('step')).toBe('3');
    });
    // the browser is closed mid-visit
    await first.context.close();

    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'resume-return', async () => {
      await logIn(page, email);
      const finish = page.getByRole('region', { name: 'Finish your visit' });
      await finish.getByText(/\d+% complete/).waitFor();
      await snap(page, 'resume-dashboard');
      await expectAccessible(page, 'dashboard with a visit to finish', { title: 'Home', bothWidths: true });
      await finish.getByRole('link', { name: /^Continue / }).click();
      await page.waitForURL((u) => u.pathname === stoppedAt);
      expect(new URL(page.url()).searchParams.get('step')).toBe('3');
      await page.locator('main form').first().waitFor();
      await snap(page, 'resume-question');
      await expectAccessible(page, 'intake question', { title: 'Medical Review', bothWidths: true });
    });
    await context.close();
  });
});
