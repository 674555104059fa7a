import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { PortalApi, visaNumber } from './support/api';
import {
  choose,
  continueVisitComplete,
  DESKTOP,
  keepFailure,
  launch,
  MOBILE,
  newPage,
  smsTo,
  snap,
  uniqueEmail,
  url,
} from './support/browser';
import { startPortal } from './support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launch({ camera: true });
});
afterAll(async () => {
  await browser.close();
});

/** Where a portal is reached: the host picks the clinic; `port` is a portal the test started itself. */
type Where = { host?: string; port?: number };

async function logIn(page: Page, email: string, password: string, where: Where = {}) {
  await page.goto(url('/login', where.host, where.port));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard\/[0-9a-f]{24}\/profile$/);
}

/**
 * A new patient of Evergreen with a history made through the API, each step leaving one notification with
 * its own text: a card refused for insufficient funds, `cards` cards saved one after the other (each
 * replacing the one before, each named by its last four digits), a subscription canceled while awaiting
 * review, then a paid order. The newest notification is the order's, so it opens the orders page.
 */
async function patientWithHistory(prefix: string, cards: number) {
  const email = uniqueEmail(prefix);
  const patient = await (await PortalApi.forHost()).signup(email);
  const urolithin = await patient.productTemplate('urolithin-a');
  expect((await patient.saveCard('4000000000009995')).status).toBe(402);
  for (let i = 0; i < cards; i++) expect((await patient.saveCard(visaNumber(i))).status).toBe(200);
  const subscription = await patient.subscribe(urolithin._id, 1);
  expect((await patient.cancelSubscription(subscription._id)).status).toBe('canceled');
  expect((await patient.buyOnce(urolithin._id)).status).toBe('paid');
  const notifications = await patient.notifications();
  expect(notifications.totalDocs).toBe(cards + 3);
  expect(notifications.unread).toBe(cards + 3);
  expect(new Set(notifications.docs.map((n) => n.message)).size).toBe(cards + 3);
  expect(notifications.docs[0]!.category).toBe('order');
  return { email, password: 'Secret123', patient };
}

/** The bell's dropdown of unread notifications, opened by one click on the bell. */
async function openBell(page: Page) {
  const dropdown = page.getByRole('region', { name: 'Unread notifications' });
  await expect.poll(() => dropdown.isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await dropdown.waitFor();
  return dropdown;
}

/** The signed-in patient's own page of the dashboard (settings, subscriptions...). */
const dashboardUrl = (page: Page, section: string) => {
  const at = new URL(page.url());
  return url(at.pathname.replace(/\/profile$/, `/${section}`), at.hostname, Number(at.port));
};

describe('notifications', () => {
  it('reads a notification from the bell on a phone (390 px)', async () => {
    const { email, password } = await patientWithHistory('bell-phone', 1);
    const { context, page } = await newPage(browser, MOBILE);
    await keepFailure(page, 'notifications-390', async () => {
      await logIn(page, email, password);
      const dropdown = await openBell(page);
      const newest = dropdown.getByRole('button', { name: /^We received your payment for Urolithin A/ });
      await expect.poll(() => dropdown.getByRole('listitem').count()).toBe(4);
      await expectAccessible(page, 'bell dropdown', { title: 'Home' });
      await newest.click();
      await page.waitForURL((u) => u.pathname === '/orders');
      await page.getByRole('list', { name: 'Your orders' }).waitFor();
      await snap(page, 'notifications-destination');
      await expectAccessible(page, 'orders', { title: 'Orders' });
    });
    await context.close();
  });

  it('reads a notification from the bell, lands on its destination, scrolls every page, then marks all read (1280 px)', async () => {
    // three pages of ten on the notifications page
    const { email, password, patient } = await patientWithHistory('bell', 21);
    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'notifications-1280', async () => {
      await logIn(page, email, password);
      const newest = (await patient.notifications()).docs[0]!.message;
      const dropdown = await openBell(page);
      // unread ones, newest first
      await dropdown.getByRole('listitem').first().getByText(newest).waitFor();
      // of the viewport: a whole-page screenshot resizes the window and so closes the dropdown (see snap)
      await snap(page, 'notifications-bell', { fullPage: false });
      await expectAccessible(page, 'bell dropdown', { title: 'Home' });
      expect(await dropdown.isVisible()).toBe(true);
      await dropdown.getByRole('button').first().click();
      await page.waitForURL((u) => u.pathname === '/orders');

      await page.goto(url('/notifications'));
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await page.getByText('You have 23 unread notifications').waitFor();
      await snap(page, 'notifications-page');
      await expectAccessible(page, 'notifications', { title: 'Notifications', bothWidths: true });

      // scrolling to the end loads every page once and in order, each from the cursor of the one before
      const all = await patient.notifications();
      expect(all.totalDocs).toBe(24);
      const items = page.locator('.notifications-page .notifications-list > li');
      // the pointer over the list, where a patient scrolls
      await items.first().hover();
      // each wheel to the bottom brings the next page into view (a page that does not fill the screen
      // loads the next by itself): wait for the list to grow, never for a time
      for (let loaded = await items.count(); loaded < all.totalDocs; loaded = await items.count()) {
        await page.mouse.wheel(0, 10_000);
        await expect.poll(() => items.count()).toBeGreaterThan(loaded);
      }
      await page.getByText('End of notifications').waitFor();
      const shown = await items.allInnerTexts();
      expect(shown).toHaveLength(all.totalDocs);
      for (const [i, doc] of all.docs.entries()) expect(shown[i]).toContain(doc.message);

      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await page.getByText('You have 0 unread notifications').waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Unread', exact: true }).click();
      await page.getByText("You're all caught up.").waitFor();
      await expectAccessible(page, 'notifications, all read', { title: 'Notifications' });
      expect((await patient.notifications()).unread).toBe(0);
    });
    await context.close();
  });
});

describe('settings', () => {
  it('edits each section, refusing one invalid entry and saving one valid, and verifies the mobile number by SMS (1280 px)', async () => {
    const email = uniqueEmail('settings');
    const portal = await PortalApi.forHost();
    await (await portal.signup(email, 'Secret123')).completeProfile();
    const { context, page } = await newPage(browser, DESKTOP);
    await context.grantPermissions(['camera'], { origin: url('/') });
    await keepFailure(page, 'settings-1280', async () => {
      await logIn(page, email, 'Secret123');
      await page.goto(dashboardUrl(page, 'settings'));
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      await expectAccessible(page, 'settings', { title: 'Settings', bothWidths: true });

      // an invalid entry shows its message once the field is left, and its save stays disabled
      const info = page.getByRole('region', { name: 'Personal Information' });
      const saveInfo = info.getByRole('button', { name: 'Save Personal Information' });
      await info.getByLabel('First name').fill('');
      await info.getByLabel('First name').blur();
      await info.getByText('Enter your first name.').waitFor();
      expect(await saveInfo.isDisabled()).toBe(true);
      await expectAccessible(page, 'settings with an invalid first name', { title: 'Settings' });
      await info.getByLabel('First name').fill('Robin');
      await info.getByLabel('Weight (lbs)').fill('172');
      await saveInfo.click();
      await page.getByText('Personal information updated successfully').waitFor();

      const mail = page.getByRole('region', { name: 'Email Address' });
      const saveMail = mail.getByRole('button', { name: 'Save Email Address' });
      await mail.getByLabel('Email').fill('not-an-email');
      await mail.getByLabel('Email').blur();
      await mail.getByText('Please enter a valid email address.').waitFor();
      expect(await saveMail.isDisabled()).toBe(true);
      const newEmail = uniqueEmail('moved');
      await mail.getByLabel('Email').fill(newEmail);
      await saveMail.click();
      await page.getByText('Email address updated successfully').waitFor();

      // the same password again is refused on submit
      const password = page.getByRole('region', { name: 'Password' });
      await password.getByLabel('Current password').fill('Secret123');
      await password.getByLabel('New password', { exact: true }).fill('Secret123');
      await password.getByLabel('Confirm new password').fill('Secret123');
      await password.getByRole('button', { name: 'Update Password' }).click();
      await password.getByText('Your new password cannot be the same as your current password.').waitFor();
      await password.getByLabel('New password', { exact: true }).fill('Better456');
      await password.getByLabel('Confirm new password').fill('Better456');
      await password.getByRole('button', { name: 'Update Password' }).click();
      await page.getByText('Password updated successfully').waitFor();

      const mobile = page.getByRole('region', { name: 'Mobile Number' });
      const saveMobile = mobile.getByRole('button', { name: 'Save Mobile Number' });
      await mobile.getByLabel('Mobile number').fill('123');
      await mobile.getByLabel('Mobile number').blur();
      await mobile.getByText('The mobile phone must be filled out completely').waitFor();
      expect(await saveMobile.isDisabled()).toBe(true);
      await mobile.getByLabel('Mobile number').fill('3125550188');
      await saveMobile.click();
      // the clinic verifies numbers: saving opens the verification panel on the number just saved
      const panel = page.getByRole('dialog', { name: 'Verify Your Number' });
      await panel.getByRole('button', { name: 'Get code' }).waitFor();
      await expectAccessible(page, 'mobile verification panel', { title: 'Settings' });
      await panel.getByRole('button', { name: 'Get code' }).click();
      const sms = await smsTo('3125550188');
      const code = /\b(\d{5})\b/.exec(sms.body)![1]!;
      for (let i = 0; i < 5; i++) await panel.getByLabel(`Digit ${i + 1} of 5`).fill(code[i]!);
      await page.getByText('Successfully verified your mobile number').waitFor();
      await page.getByRole('region', { name: 'Mobile Number' }).getByText('Number Verified').waitFor();

      const image = page.getByRole('region', { name: 'Profile Image' });
      await image.getByLabel('Choose a profile image from your files').setInputFiles({
        name: 'selfie.png',
        mimeType: 'image/png',
        buffer: Buffer.from('this is text, not a picture'),
      });
      // the browser lets a .png through by its name and previews it; the server reads the bytes and refuses them
      await image.getByRole('button', { name: 'Save Photo' }).click();
      await image.getByRole('alert').getByText('There was an error. Please try again.').waitFor();
      // Retake opens the camera
      await image.getByRole('button', { name: 'Retake' }).click();
      await image.getByRole('button', { name: 'Capture' }).click();
      await image.getByRole('button', { name: 'Save Photo' }).click();
      await page.getByText('Photo updated successfully').waitFor();

      await page.getByRole('tab', { name: 'Shipping' }).click();
      const shipping = page.getByRole('region', { name: 'Shipping Address' });
      await shipping.getByLabel('Street address').waitFor();
      await expectAccessible(page, 'settings: shipping', { title: 'Settings: Shipping' });
      await shipping.getByLabel('Street address').fill('');
      await shipping.getByRole('button', { name: 'Save Shipping Address' }).click();
      await shipping.getByText('Please enter your street address.').waitFor();
      await shipping.getByLabel('Street address').fill('1 Ferry Building');
      await shipping.getByLabel('ZIP code').fill('94111');
      await expect.poll(() => shipping.getByLabel('City').inputValue()).toBe('San Francisco');
      await shipping.getByLabel('Phone number').fill('4155550123');
      await shipping.getByRole('button', { name: 'Save Shipping Address' }).click();
      await page.getByText('Shipping address updated successfully').waitFor();

      await page.getByRole('tab', { name: 'Billing' }).click();
      const billing = page.getByRole('region', { name: 'Payment Information' });
      await billing.getByLabel('Card number').fill('4000 0000 0000 0002');
      await billing.getByLabel('Expiry date').fill('11/33');
      await billing.getByLabel('CVC').fill('321');
      await billing.getByRole('button', { name: 'Save Card' }).click();
      await page.getByText('Invalid Credit Card').waitFor();
      await billing.getByLabel('Card number').fill('4242 4242 4242 4242');
      await billing.getByRole('button', { name: 'Save Card' }).click();
      await page.getByText('Credit card updated successfully').waitFor();
      await billing.getByText(/4242/).first().waitFor();
      await snap(page, 'settings-billing');
      await expectAccessible(page, 'settings: billing', { title: 'Settings: Billing' });

      // order e-mails are off until a patient turns them on
      await page.getByRole('tab', { name: 'Notifications' }).click();
      const orders = page.getByRole('switch', { name: 'Orders by e-mail' });
      await expect.poll(() => orders.isChecked()).toBe(false);
      await expectAccessible(page, 'settings: notifications', { title: 'Settings: Notifications' });
      await orders.click();
      await expect.poll(() => orders.isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await page.getByText('Notification preferences updated successfully').waitFor();
      await page.reload();
      await expect.poll(() => page.getByRole('switch', { name: 'Orders by e-mail' }).isChecked()).toBe(true);
    });
    await context.close();
  });

  it('edits a section on a phone and returns to the list (390 px)', async () => {
    const email = uniqueEmail('settings-phone');
    const portal = await PortalApi.forHost();
    await (await portal.signup(email, 'Secret123')).completeProfile();
    const { context, page } = await newPage(browser, MOBILE);
    await keepFailure(page, 'settings-390', async () => {
      await logIn(page, email, 'Secret123');
      await page.goto(dashboardUrl(page, 'settings'));
      await page.getByRole('navigation', { name: 'Settings sections' }).waitFor();
      await expectAccessible(page, 'settings sections', { title: 'Settings' });
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Home State' })
        .click();
      await page
        .getByRole('region', { name: 'Home State' })
        .getByRole('combobox', { name: 'State' })
        .selectOption({ label: 'Texas' });
      await page.getByRole('button', { name: 'Save Home State' }).click();
      await page.getByText('Home state updated successfully').waitFor();
      await snap(page, 'settings-home-state');
      await expectAccessible(page, 'settings: home state', { title: 'Settings: Home State' });
      await page.getByRole('link', { name: 'Return to Settings' }).click();
      await page.getByRole('navigation', { name: 'Settings sections' }).waitFor();
    });
    await context.close();
  });
});

/**
 * Subscriptions that are billed (trialing, active, paused, rescheduled) start only when a physician approves a
 * visit, which no patient call of the API does: a patient made through the API can only have subscriptions
 * awaiting review. So the self-service and dosage-change tests sign in as a seeded demo patient (Dana on
 * Evergreen, Alex on Bluecrest), each on a portal of its own started on a fresh database, so that they find
 * the seeded state whatever ran before and change nothing another test reads. The seeded patients have an
 * unread welcome, so the visit-complete modal greets them.
 */
async function onSeededPortal(body: (port: number) => Promise<void>) {
  const portal = await startPortal(inject('buildDir'));
  try {
    await body(portal.port);
  } finally {
    await portal.stop();
  }
}

const DANA = { email: 'demo@evergreen.test', password: 'Demo1234!', host: 'localhost' };
const ALEX = { email: 'alex@bluecrest.test', password: 'Demo1234!', host: '127.0.0.1' };

/** A subscription's card on the Show All tab, by its name and an action it offers. */
function subscriptionCard(page: Page, name: string, action: string) {
  return page
    .getByRole('article', { name })
    .filter({ has: page.getByRole('button', { name: action, exact: true }) });
}

async function openSubscriptions(page: Page) {
  await page.goto(dashboardUrl(page, 'subscriptions'));
  await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Show All' }).click();
}

/** Closes a success view of the subscription dialogs with Done. */
async function done(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Pauses a running subscription with a reason: Pause opens the pause view of the cancel modal. */
async function pauseWith(page: Page, name: string, reason: string) {
  await subscriptionCard(page, name, 'Pause').getByRole('button', { name: 'Pause' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pause Subscription' });
  await dialog.getByRole('button', { name: 'Pause my subscription' }).click();
  await dialog.getByText('Why would you like to pause?').waitFor();
  const radio = await choose(dialog, 'radio', reason);
  await expect.poll(() => radio.isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await done(page, 'Subscription Paused');
}

/** Resumes a paused subscription with Resume Now & Ship. */
async function resumeNowAndShip(page: Page, name: string) {
  await subscriptionCard(page, name, 'Resume').getByRole('button', { name: 'Resume' }).click();
  await page
    .getByRole('dialog', { name: 'Resume Subscription' })
    .getByRole('button', { name: 'Resume Now & Ship' })
    .click();
  await done(page, 'Subscription Resumed');
}

/**
 * The Orders page of a patient with purchases of every kind (the seeded Dana): accessible at both widths, the
 * product's patient-facing names and never the orders' internal names ("2026_09_24 Omega_3 …"), each status
 * once in the Status filter (rescheduled and paused_by_reschedule both read Rescheduled), and every row's
 * columns in line with the header however wide its badge. Then one order's details.
 */
async function checkOrders(page: Page) {
  const home = page.url();
  await page.goto(url('/orders', new URL(home).hostname, Number(new URL(home).port)));
  const list = page.getByRole('list', { name: 'Your orders' });
  await list.waitFor();
  await expectAccessible(page, 'orders', { title: 'Orders', bothWidths: true });
  expect(await list.innerText()).not.toMatch(/\d{4}_\d{2}_\d{2}/);

  const statuses = await page.getByLabel('Status').locator('option').allInnerTexts();
  expect(statuses.filter((s) => s === 'Rescheduled')).toHaveLength(1);
  expect(new Set(statuses).size).toBe(statuses.length);

  // every row's cells start where their header starts (a wide badge must not push a row's columns)
  const columns = await page.evaluate(() => {
    const left = (el: Element | null) => Math.round(el?.getBoundingClientRect().left ?? -1);
    const head = [...document.querySelectorAll('.orders-table__head > span')].map(left);
    const rows = [...document.querySelectorAll('.orders-item__body')].map((row) =>
      [
        '.orders-item__product',
        '.orders-item__date',
        '.orders-item__state',
        '.orders-item__amount',
        '.orders-item__actions',
      ].map((cell) => left(row.querySelector(cell))),
    );
    return { head, rows };
  });
  expect(columns.rows.length).toBeGreaterThan(5);
  for (const row of columns.rows) expect(row).toEqual(columns.head);
  await snap(page, 'orders');

  await list.getByRole('link').first().click();
  await page.getByRole('link', { name: 'Back to orders' }).waitFor();
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.locator('main').innerText()).not.toMatch(/\d{4}_\d{2}_\d{2}/);
  await expectAccessible(page, 'order details', { title: 'Order', bothWidths: true });
  await page.goto(home);
}

describe('the empty appointments, providers, orders and messages pages', () => {
  it('are accessible, fit a phone and are named in the title (1280 and 390 px)', async () => {
    const email = uniqueEmail('empty');
    await (await PortalApi.forHost()).signup(email, 'Secret123');
    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'empty-pages', async () => {
      await logIn(page, email, 'Secret123');
      const messages = dashboardUrl(page, 'messages');
      // a new patient: nothing booked, and no home state yet to list providers for
      const pages: [string, string, string][] = [
        [dashboardUrl(page, 'appointments'), 'Appointments', 'No Upcoming Appointments'],
        [dashboardUrl(page, 'providers'), 'Providers', 'Add your home state in'],
      ];
      for (const [address, name, empty] of pages) {
        await page.goto(address);
        await page.getByRole('heading', { name, level: 1 }).waitFor();
        await page.getByText(empty).waitFor();
        await expectAccessible(page, name, { title: name, bothWidths: true });
      }
      await page.goto(url('/orders'));
      await page.getByRole('heading', { name: 'No orders yet' }).waitFor();
      await expectAccessible(page, 'orders, none yet', { title: 'Orders', bothWidths: true });
      await page.goto(messages);
      await page.getByRole('heading', { name: 'No messages yet' }).waitFor();
      await expectAccessible(page, 'messages, none yet', { title: 'Messages', bothWidths: true });
    });
    await context.close();
  });
});

describe('subscriptions', () => {
  it('pauses, resumes with ship now, reschedules and cancels through the retention offer (1280 px)', async () => {
    await onSeededPortal(async (port) => {
      const { context, page } = await newPage(browser, DESKTOP);
      await keepFailure(page, 'subscriptions-1280', async () => {
        await logIn(page, DANA.email, DANA.password, { host: DANA.host, port });
        await continueVisitComplete(page);
        await checkOrders(page);
        await openSubscriptions(page);
        await snap(page, 'subscriptions');
        await expectAccessible(page, 'subscriptions', { title: 'Subscriptions', bothWidths: true });

        // pause the trialing protocol with a reason
        await pauseWith(page, 'Compounded Rapamycin', 'Too expensive');
        await subscriptionCard(page, 'Compounded Rapamycin', 'Resume').waitFor();

        // resume the paused NAD+ now, with a shipment today
        await resumeNowAndShip(page, 'NAD+ Nasal Spray');
        await expect.poll(() => subscriptionCard(page, 'NAD+ Nasal Spray', 'Resume').count()).toBe(0);

        // reschedule the rescheduled Metformin ER to the preselected day (before its prescription ends)
        await subscriptionCard(page, 'Metformin ER', 'Reschedule')
          .getByRole('button', { name: 'Reschedule' })
          .click();
        const reschedule = page.getByRole('dialog', { name: 'Reschedule Subscription' });
        await reschedule.getByRole('button', { name: 'Reschedule', exact: true }).waitFor();
        await expectAccessible(page, 'reschedule dialog with the date picker', { title: 'Subscriptions' });
        await reschedule.getByRole('button', { name: 'Reschedule', exact: true }).click();
        await done(page, 'Subscription Rescheduled');

        // cancel the billed coaching membership: the retention offer comes first
        await subscriptionCard(page, 'Longevity Coaching', 'Cancel')
          .getByRole('button', { name: 'Cancel' })
          .click();
        const offer = page.getByRole('dialog', { name: 'Before You Go' });
        await offer.waitFor();
        await snap(page, 'subscriptions-retention-offer');
        await expectAccessible(page, 'retention offer', { title: 'Subscriptions' });
        await offer.getByRole('button', { name: 'Cancel My Treatment' }).click();
        const manage = page.getByRole('dialog', { name: 'Manage Subscription' });
        await manage.getByRole('button', { name: 'Cancel my subscription' }).click();
        const cancel = page.getByRole('dialog', { name: 'Cancel Subscription' });
        const radio = await choose(cancel, 'radio', "I don't need it anymore");
        await expect.poll(() => radio.isChecked()).toBe(true);
        await expectAccessible(page, 'cancel dialog with a reason', { title: 'Subscriptions' });
        await cancel.getByRole('button', { name: 'Submit' }).click();
        await done(page, 'Subscription Canceled');
        await page
          .getByRole('article', { name: 'Longevity Coaching' })
          .getByText('Canceled', { exact: true })
          .waitFor();
        await snap(page, 'subscriptions-after');
        await expectAccessible(page, 'subscriptions after the changes', { title: 'Subscriptions' });
      });
      await context.close();
    });
  });

  it('pauses and resumes with ship now on a phone (390 px)', async () => {
    await onSeededPortal(async (port) => {
      const { context, page } = await newPage(browser, MOBILE);
      await keepFailure(page, 'subscriptions-390', async () => {
        await logIn(page, ALEX.email, ALEX.password, { host: ALEX.host, port });
        await continueVisitComplete(page);
        await openSubscriptions(page);
        // every tab in view (the row wraps rather than hiding Canceled), and no product name squeezed beside
        // its badge into a column a few letters wide
        const layout = await page.evaluate(() => ({
          width: document.documentElement.clientWidth,
          tabs: [...document.querySelectorAll('[role="tab"]')].map((t) => {
            const r = t.getBoundingClientRect();
            return { left: r.left, right: r.right };
          }),
          names: [...document.querySelectorAll('article h2')].map((h) => ({
            name: h.textContent,
            width: h.getBoundingClientRect().width,
            card: h.closest('article')!.getBoundingClientRect().width,
          })),
        }));
        expect(layout.tabs).toHaveLength(4);
        for (const tab of layout.tabs) {
          expect(tab.left).toBeGreaterThanOrEqual(0);
          expect(tab.right).toBeLessThanOrEqual(layout.width);
        }
        expect(layout.names.length).toBeGreaterThan(0);
        for (const n of layout.names) expect(n.width, n.name ?? '').toBeGreaterThan(n.card / 2);
        await pauseWith(page, 'Compounded Rapamycin', 'Away or traveling');
        await resumeNowAndShip(page, 'Compounded Rapamycin');
        await subscriptionCard(page, 'Compounded Rapamycin', 'Pause').waitFor();
        await snap(page, 'subscriptions-phone');
        await expectAccessible(page, 'subscriptions of the blue clinic', { title: 'Subscriptions' });
      });
      await context.close();
    });
  });
});

describe('dashboard', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`requests a dosage change and sees the success view (${viewport.width} px)`, async () => {
      // the active medication each seeded patient can customize
      const who =
        viewport === DESKTOP
          ? { ...DANA, treatment: 'Generic Rapamycin' }
          : { ...ALEX, treatment: 'Compounded Rapamycin' };
      await onSeededPortal(async (port) => {
        const { context, page } = await newPage(browser, viewport);
        await keepFailure(page, `customize-${viewport.width}`, async () => {
          await logIn(page, who.email, who.password, { host: who.host, port });
          await continueVisitComplete(page);
          await page.getByRole('button', { name: 'Customize Protocol' }).waitFor();
          await snap(page, `dashboard-${viewport.width}`);
          await expectAccessible(page, 'dashboard', { title: 'Home' });
          await page.getByRole('button', { name: 'Customize Protocol' }).click();
          const panel = page.getByRole('dialog', { name: 'Customize Protocol' });
          await panel.getByRole('button', { name: `Customize ${who.treatment}` }).click();
          const lower = await choose(panel, 'radio', 'Lower my dosage');
          await expect.poll(() => lower.isChecked()).toBe(true);
          await panel
            .getByRole('textbox', { name: 'Details' })
            .fill('Mild mouth sores in the week after each dose.');
          await expectAccessible(page, 'customize protocol panel', { title: 'Home' });
          await panel.getByRole('button', { name: 'Submit Request' }).click();
          const success = page.getByRole('dialog', { name: 'Request Submitted' });
          await success
            .getByText(
              'Your protocol request has been successfully submitted! A member of our clinical team will be in touch soon with updates on your protocol.',
            )
            .waitFor();
          await snap(page, `customize-success-${viewport.width}`);
          await expectAccessible(page, 'request submitted', { title: 'Home' });
        });
        await context.close();
      });
    });
  }
});
