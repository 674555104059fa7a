import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { PortalApi } from './support/api';
import { DESKTOP, keepFailure, launch, MOBILE, newPage, snap, uniqueEmail, url } from './support/browser';

const TABLET = { width: 768, height: 1024 };

let browser: Browser;
let portal: PortalApi;
let physician: PortalApi;
let rapamycin: { _id: string; name: string };

beforeAll(async () => {
  browser = await launch();
  portal = await PortalApi.forHost();
  physician = await portal.login('physician@evergreen.test', 'Demo1234!');
  rapamycin = await (await portal.signup(uniqueEmail('tasks-catalogue'))).productTemplate(
    'generic-rapamycin',
  );
});
afterAll(async () => {
  await browser.close();
});

/**
 * A patient on an active rapamycin protocol: a visit answered and checked out with a card held, approved
 * by the physician, through the calls the funnel and the workspace make (their screens are care.e2e's).
 */
async function patientOnProtocol(firstName: string) {
  const patient = await portal.signup(
    uniqueEmail(`tasks-${firstName.toLowerCase()}`),
    'Secret123',
    firstName,
  );
  await patient.completeProfile();
  const intake = await patient.answeredVisit(rapamycin._id);
  const variant = await patient.variant(rapamycin._id, 12);
  await patient.ok('POST', `/v2/intakes/${intake}/products`, {
    products: [{ product: variant._id, quantity: 8 }],
  });
  const card = await patient.ok<{ id: string }>('POST', '/sandbox/payments/tokens', {
    number: '4242424242424242',
    exp_month: '12',
    exp_year: '2034',
    cvc: '123',
  });
  const checkout = await fetch(url('/v2/checkout'), {
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
      payment: { method: 'new_card', token: card.id },
    }),
  });
  expect(checkout.status, await checkout.clone().text()).toBe(200);
  const approved = await physician.ok<{ subscriptions: { _id: string; status: string }[] }>(
    'POST',
    `/care/${physician.org}/visits/${intake}/approve`,
    {
      prescription: {
        medication: 'Sirolimus',
        strength: '2 mg',
        instructions: 'Four tablets once a week with food.',
        expires_on: new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10),
      },
    },
  );
  const subscription = approved.subscriptions[0]!;
  expect(subscription.status).toBe('active');
  return { patient, subscription: subscription._id, name: `${firstName} Checkout` };
}

const subscriptionStatus = async (patient: PortalApi, id: string) =>
  (
    await patient.ok<{ status: string }>(
      'GET',
      `/users/${patient.org}/user/${patient.userId}/subscription/${id}`,
    )
  ).status;

/** The patient books the identity verification call as the funnel does, in the first open slot. */
async function bookVerificationCall(patient: PortalApi) {
  const open = await patient.ok<{ slots: { start_time: string }[] }>(
    'GET',
    '/v2/appointments/availability?kind=user-verification&days=14',
  );
  return patient.ok<{ _id: string }>('POST', '/v2/appointments', {
    kind: 'user-verification',
    start_time: open.slots[0]!.start_time,
  });
}

async function logIn(page: Page, email: string) {
  await page.goto(url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/care$/);
}

/** A task's card, found by its patient's name. */
const taskOf = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

describe('the care team’s tasks', () => {
  it('a physician approves a prescription-change request from Tasks: the subscription leaves prescription_requested', async () => {
    const { patient, subscription, name } = await patientOnProtocol('Morgan');
    await patient.ok('POST', `/v2/subscriptions/${subscription}/request-prescription-change`, {
      requestType: 'RaiseDosage',
      comment: 'Feeling well on 2 mg, could we go up?',
    });
    expect(await subscriptionStatus(patient, subscription)).toBe('prescription_requested');
    await bookVerificationCall(await portal.signup(uniqueEmail('tasks-caller'), 'Secret123', 'Casey'));

    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'care-tasks-approve', async () => {
      await logIn(page, 'physician@evergreen.test');
      await page.getByRole('navigation').getByRole('link', { name: 'Tasks' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
      const task = taskOf(page, name);
      await task.getByRole('heading', { name: 'Raise the dosage: Generic Rapamycin' }).waitFor();
      await snap(page, 'care-tasks');
      await expectAccessible(page, 'tasks', { title: 'Tasks', bothWidths: true });
      await page.setViewportSize(MOBILE);
      await snap(page, 'care-tasks');
      // a tablet (issue 12 §8)
      await page.setViewportSize(TABLET);
      await snap(page, 'care-tasks');
      await expectAccessible(page, 'tasks on a tablet', { title: 'Tasks' });
      await page.setViewportSize(DESKTOP);

      await task.getByRole('button', { name: `Answer ${name}'s request` }).click();
      const dialog = page.getByRole('dialog', { name: 'Answer the request' });
      await dialog.getByLabel('Medication').fill('Sirolimus');
      await dialog.getByLabel('Strength').fill('3 mg');
      await dialog.getByLabel('Instructions for the patient').fill('Six tablets once a week with food.');
      await snap(page, 'care-tasks-answer', { fullPage: false });
      await expectAccessible(page, 'answer dialog', { title: 'Tasks' });
      await dialog.getByRole('button', { name: 'Confirm new prescription' }).click();
      await page.getByText(`Approved: ${name} has a new prescription for Generic Rapamycin`).waitFor();
      await expect.poll(() => taskOf(page, name).count()).toBe(0);
    });
    await context.close();

    expect(await subscriptionStatus(patient, subscription)).toBe('active');
    const notices = await patient.notifications();
    expect(notices.docs.map((n) => n.message).join('\n')).toContain(
      'Your physician approved your request (raise my dosage) for Generic Rapamycin.',
    );
  }, 240_000);

  it('a coordinator verifies a patient’s identity from the chart: the patient’s badge says verified', async () => {
    const email = uniqueEmail('tasks-identity');
    const patient = await portal.signup(email, 'Secret123', 'Jamie');
    await patient.completeProfile();
    await bookVerificationCall(patient);

    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'care-identity', async () => {
      await logIn(page, 'care@evergreen.test');
      await page.goto(url(`/care/patients/${patient.userId}`));
      await page.getByRole('heading', { level: 1, name: 'Jamie Checkout' }).waitFor();
      const photos = page.getByRole('region', { name: 'Identity photos' });
      await photos.getByRole('button', { name: 'Verify identity' }).click();
      await photos.getByText('Identity verified. The patient has been told.').waitFor();
      await page.locator('.care-chart__summary').getByText('Verified Account').waitFor();
      await snap(page, 'care-identity-verified');

      // the verification call booked in the funnel is done too
      await page.goto(url('/care/tasks'));
      const call = taskOf(page, 'Jamie Checkout');
      await call.getByRole('button', { name: "Mark Jamie Checkout's call done" }).click();
      const dialog = page.getByRole('dialog', { name: 'Identity Verification Call with Jamie Checkout' });
      await dialog.getByLabel('Outcome').fill('Identity confirmed from the photos; call not needed.');
      await dialog.getByRole('button', { name: 'Mark done' }).click();
      await page.getByText("Done: Jamie Checkout's verification call is recorded.").waitFor();
      await expect.poll(() => taskOf(page, 'Jamie Checkout').count()).toBe(0);
    });
    await context.close();

    const record = await patient.ok<{ verified: boolean; verificationStatus: string }>(
      'GET',
      `/users/${patient.org}/user/${patient.userId}/patient`,
    );
    expect(record).toMatchObject({ verified: true, verificationStatus: 'completed' });
    const patientPage = await newPage(browser, DESKTOP);
    await keepFailure(patientPage.page, 'care-identity-patient', async () => {
      await patientPage.page.goto(url('/login'));
      await patientPage.page.getByLabel('Email').fill(email);
      await patientPage.page.getByLabel('Password', { exact: true }).fill('Secret123');
      await patientPage.page.getByRole('button', { name: 'Log in' }).click();
      await patientPage.page.waitForURL(/\/dashboard\/[0-9a-f]{24}\//);
      await patientPage.page.getByText('Verified Account').first().waitFor();
      await snap(patientPage.page, 'care-identity-patient');
    });
    await patientPage.context.close();
  }, 240_000);
});
