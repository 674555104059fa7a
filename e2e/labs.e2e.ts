import { readFileSync } from 'node:fs';
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

let patientBrowser: Browser;
let staffBrowser: Browser;
let portal: PortalApi;

beforeAll(async () => {
  [patientBrowser, staffBrowser] = await Promise.all([launch(), launch()]);
  portal = await PortalApi.forHost();
});
afterAll(async () => {
  await Promise.all([patientBrowser?.close(), staffBrowser?.close()]);
});

/** A new patient who has paid for the clinic's lab whose panel holds every biological-age marker. */
async function patientWithPaidLab(): Promise<{ api: PortalApi; email: string; panel: string }> {
  const email = uniqueEmail('labs');
  const api = await portal.signup(email, 'Secret123', 'Lee');
  await api.completeProfile();
  const products = await api.ok<{ docs: { _id: string; type: string }[] }>(
    'GET',
    '/v2/products?page=1&limit=50',
  );
  let chosen: { template: string; variant: string; panel: string } | null = null;
  for (const template of products.docs.filter((p) => p.type === 'lab')) {
    const panel = await api.ok<{
      _id: string;
      biomarkers?: { key: string }[];
      markers?: { code: string }[];
    } | null>('GET', `/v2/labs/product/${template._id}/panel`);
    const keys = JSON.stringify(panel ?? {});
    if (panel && keys.includes('albumin') && keys.includes('lymphocytes_pct')) {
      const variant = await api.variant(template._id, 0);
      chosen = { template: template._id, variant: variant._id, panel: panel._id };
      break;
    }
  }
  if (!chosen) throw new Error('no lab panel with the biological-age markers');
  const token = await api.ok<{ id: string }>('POST', '/sandbox/payments/tokens', {
    number: '4242424242424242',
    exp_month: '12',
    exp_year: '2034',
    cvc: '123',
  });
  await api.ok('POST', `/billing/${api.org}/patient/${api.userId}/billing/profile/create`, {
    token: token.id,
    organization: api.org,
    user_id: api.userId,
  });
  const order = await api.ok<{ _id: string }>('POST', '/v2/orders/patient', {
    product_template: chosen.template,
    product: chosen.variant,
  });
  await api.ok('POST', `/v2/orders/${order._id}/submit`);
  return { api, email, panel: chosen.panel };
}

const RESULTS_CSV = [
  'albumin,4.6,g/dL',
  'creatinine,0.9,mg/dL',
  'glucose,86,mg/dL',
  'hs_crp,0.5,mg/L',
  'lymphocytes_pct,33,%',
  'mcv,88,fL',
  'rdw,12.6,%',
  'alp,64,U/L',
  'wbc,5.4,10*3/uL',
  'apob,112,mg/dL',
].join('\n');

describe('labs from the order to the analysis', () => {
  it('the patient downloads the requisition; the physician enters and publishes results; the patient reads the analysis', async () => {
    const { api, email } = await patientWithPaidLab();
    const patient = await newPage(patientBrowser, DESKTOP);
    const staff = await newPage(staffBrowser, DESKTOP);
    try {
      await keepFailure(patient.page, 'labs-pending', async () => {
        await logIn(patient.page, email, 'Secret123', /\/dashboard\//);
        await patient.page.goto(url(`/dashboard/${api.userId}/labs`));
        await patient.page.getByText('Visit Form Pending').waitFor();
        await expectAccessible(patient.page, 'labs list', { title: 'Labs', bothWidths: true });
      });

      // the clinic orders it at the laboratory
      await keepFailure(staff.page, 'labs-clinic-ordered', async () => {
        await logIn(staff.page, 'physician@evergreen.test', 'Demo1234!', /\/care$/);
        await staff.page.getByRole('link', { name: 'Labs', exact: true }).click();
        await staff.page.waitForURL(/\/care\/labs/);
        const row = staff.page.getByRole('row').filter({ hasText: 'Lee Checkout' });
        await row.getByRole('link').nth(1).click();
        await staff.page.getByRole('heading', { name: 'Comprehensive Longevity Panel', level: 1 }).waitFor();
        await staff.page.getByRole('button', { name: 'Mark ordered' }).click();
        await staff.page.getByRole('dialog').getByRole('button', { name: 'Mark ordered' }).click();
        await staff.page.getByText('The report is now ordered.').waitFor();
      });

      // the patient takes the requisition to the lab
      await keepFailure(patient.page, 'labs-requisition', async () => {
        await patient.page.reload();
        const download = patient.page.waitForEvent('download');
        await patient.page.getByRole('button', { name: 'Download Form' }).click();
        const file = await (await download).path();
        expect(readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
      });

      // the results come back: received, imported, a message, published
      await keepFailure(staff.page, 'labs-clinic-publish', async () => {
        await staff.page.getByRole('button', { name: 'Mark received' }).click();
        await staff.page.getByRole('dialog').getByRole('button', { name: 'Mark received' }).click();
        await staff.page.getByText('Enter or import results before publishing.').waitFor();
        await staff.page.getByLabel('CSV text').fill(RESULTS_CSV);
        await staff.page.getByRole('button', { name: 'Import CSV' }).click();
        await staff.page.getByText('10 results imported.').waitFor();
        await staff.page.getByLabel('Intro').fill('Hi Lee, most of your markers look **great**.');
        await staff.page.getByLabel('Main').fill('Your ApoB is a little high; we suggest more fibre.');
        await staff.page.getByLabel('Conclusion').fill('Let us recheck in three months.');
        await staff.page.getByRole('button', { name: 'Save message' }).click();
        await staff.page.getByText('Message saved.').waitFor();
        await expectAccessible(staff.page, 'clinic lab report', { title: 'Lab report' });
        await staff.page.getByRole('button', { name: 'Publish results' }).click();
        await staff.page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
        await staff.page
          .getByText(/^Published/)
          .first()
          .waitFor();
        await snap(staff.page, 'labs-clinic-published', { fullPage: false });
      });

      // the patient follows the notification to the analysis
      await keepFailure(patient.page, 'labs-analysis', async () => {
        await patient.page.goto(url(`/dashboard/${api.userId}/notifications`));
        await patient.page.getByRole('main').getByText('Lab Results are now ready').first().click();
        await patient.page.waitForURL(/\/lab-analysis\//);
        await patient.page.getByRole('heading', { name: 'Your Optimized Biomarkers' }).waitFor();
        await patient.page.getByRole('heading', { name: 'Your Biological Age' }).waitFor();
        await patient.page
          .getByText(/\d+(\.\d)? years/)
          .first()
          .waitFor();
        await patient.page.getByText('Hi Lee, most of your markers look').waitFor();
        await patient.page
          .getByRole('button', { name: /Our Assessment/ })
          .first()
          .click();
        await patient.page.getByRole('dialog').getByText('About this biomarker').waitFor();
        await expectAccessible(patient.page, 'lab analysis with the assessment open', {
          title: 'Lab Analysis',
        });
        await patient.page.keyboard.press('Escape');
        await snap(patient.page, 'labs-analysis', { fullPage: false });
      });
    } finally {
      await patient.context.close();
      await staff.context.close();
    }

    const phone = await newPage(patientBrowser, MOBILE);
    try {
      await keepFailure(phone.page, 'labs-analysis-390', async () => {
        await logIn(phone.page, email, 'Secret123', /\/dashboard\//);
        await phone.page.goto(url(`/dashboard/${api.userId}/labs`));
        await phone.page.getByRole('link', { name: 'View Analysis' }).click();
        await phone.page.getByRole('heading', { name: 'Your Biological Age' }).waitFor();
        await expectAccessible(phone.page, 'lab analysis at 390 px', { title: 'Lab Analysis' });
        await snap(phone.page, 'labs-analysis-390', { fullPage: false });
      });
    } finally {
      await phone.context.close();
    }
  }, 240_000);
});

/** The clinic reports the patient's paid lab through its API: ordered, received, results imported, reviewed. */
async function publishResults(api: PortalApi): Promise<{ reportId: string; panelId: string }> {
  const staff = await portal.login('physician@evergreen.test', 'Demo1234!');
  const reports = await api.ok<{ docs: { _id: string; panelId: string }[] }>('GET', '/v2/labs/results');
  const report = reports.docs[0]!;
  const care = (method: string, path: string, body?: unknown) =>
    staff.ok(method, `/care/${staff.org}/labs/${report._id}${path}`, body);
  await care('POST', '/advance', { to: 'ordered' });
  await care('POST', '/advance', { to: 'received' });
  await care('POST', '/import', { format: 'csv', csv: RESULTS_CSV });
  await care('PUT', '/text', {
    intro: 'Hi Lee, most of your markers look **great**.',
    main: 'Your ApoB is a little high; we suggest more fibre.',
    conclusion: 'Let us recheck in three months.',
  });
  await care('POST', '/publish');
  return { reportId: report._id, panelId: report.panelId };
}

describe('the new labs app', () => {
  it('the clinic moves a patient to the labs app; the patient reads the overview, a biomarker over time and the biological age', async () => {
    const { api, email } = await patientWithPaidLab();
    const { panelId } = await publishResults(api);
    const staff = await newPage(staffBrowser, DESKTOP);
    try {
      await keepFailure(staff.page, 'labs-app-switch', async () => {
        await logIn(staff.page, 'physician@evergreen.test', 'Demo1234!', /\/care$/);
        await staff.page.goto(url(`/care/patients/${api.userId}`));
        const section = staff.page.getByRole('region', { name: 'Labs experience' });
        const box = section.getByRole('checkbox', { name: /Use the new labs app/ });
        // a click, then the saved answer: check() reads the box back before React has drawn the change
        await box.click();
        await section.getByText('The new labs app is what the patient sees under Labs.').waitFor();
        await expect.poll(() => box.isChecked()).toBe(true);
      });
    } finally {
      await staff.context.close();
    }

    const patient = await newPage(patientBrowser, DESKTOP);
    try {
      await keepFailure(patient.page, 'labs-app', async () => {
        await logIn(patient.page, email, 'Secret123', /\/dashboard\//);
        // the labs list of old sends a labs2 patient into the labs app
        await patient.page.goto(url(`/dashboard/${api.userId}/labs`));
        await patient.page.waitForURL(/\/labs$/);
        await patient.page.getByRole('heading', { level: 1, name: 'Labs' }).waitFor();
        await expectAccessible(patient.page, 'labs app home', { title: 'Labs', bothWidths: true });
        await patient.page.getByRole('link', { name: 'View results' }).click();
        await patient.page.waitForURL(new RegExp(`/labs/${panelId}$`));
        await patient.page
          .getByRole('heading', { level: 1, name: 'Comprehensive Longevity Panel' })
          .waitFor();
        await patient.page.getByRole('heading', { name: 'Biological age' }).waitFor();
        await expectAccessible(patient.page, 'labs app panel overview', {
          title: 'Lab Panel',
          bothWidths: true,
        });
        await snap(patient.page, 'labs-app-overview', { fullPage: true });

        await patient.page.goto(url(`/labs/${panelId}/biomarker/apob`));
        await patient.page.getByRole('heading', { level: 1, name: 'Apolipoprotein B' }).waitFor();
        await patient.page.getByRole('heading', { name: 'Over time' }).waitFor();
        await patient.page.getByText('1884-6').first().waitFor();
        await expectAccessible(patient.page, 'labs app biomarker', { title: 'Biomarker', bothWidths: true });
        await snap(patient.page, 'labs-app-biomarker', { fullPage: true });

        await patient.page.getByRole('link', { name: 'Biological Age', exact: true }).click();
        await patient.page.waitForURL(/\/biological-age$/);
        await patient.page.getByRole('heading', { name: 'The markers it used' }).waitFor();
        await expectAccessible(patient.page, 'labs app biological age', {
          title: 'Biological Age',
          bothWidths: true,
        });

        await patient.page.goto(url(`/labs/${panelId}/no-such-page`));
        await patient.page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
        await patient.page.getByText('The page you are looking for does not exist.').waitFor();
      });
    } finally {
      await patient.context.close();
    }
  }, 240_000);
});
