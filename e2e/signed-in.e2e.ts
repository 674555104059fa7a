import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalApi } from './support/api';
import {
  DESKTOP,
  dismissWelcome,
  keepFailure,
  launch,
  MOBILE,
  newPage,
  smsTo,
  snap,
  uniqueEmail,
  url,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch({ camera: true });
});
afterAll(async () => {
  await browser.close();
});

async function logIn(page: Page, email: string, password: string, host = 'localhost') {
  await page.goto(url('/login', host));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard\//);
  await dismissWelcome(page);
}

/** Opens the bell's dropdown (a second click if the first landed while the page was still settling). */
async function openBell(page: Page) {
  const dropdown = page.getByRole('region', { name: 'Unread notifications' });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await dropdown.isVisible()) break;
    await page.getByRole('button', { name: 'Notifications' }).click();
    await dropdown.waitFor({ timeout: 5000 }).catch(() => undefined);
  }
  await dropdown.waitFor();
  return dropdown;
}

/** The signed-in patient's own settings page. */
const settingsUrl = (page: Page) => url(new URL(page.url()).pathname.replace(/\/profile$/, '/settings'));

const DESTINATION =
  /\/(orders|labs|dashboard\/[0-9a-f]{24}\/(labs|lab-analysis\/[0-9a-f]{24}|messages|profile|subscriptions|orders|settings\/billing))(\/|$|\?)/;

describe('notifications', () => {
  it('reads a notification from the bell on a phone (390 px)', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await keepFailure(page, 'notifications-390', async () => {
      await logIn(page, 'demo@evergreen.test', 'Demo1234!');
      const dropdown = await openBell(page);
      await dropdown.getByRole('button').first().click();
      await page.waitForURL(DESTINATION);
      await snap(page, 'notifications-destination');
    });
    await context.close();
  });

  it('the demo patient reads a notification from the bell, lands on its destination, then marks all read (1280 px)', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'notifications-1280', async () => {
      await logIn(page, 'demo@evergreen.test', 'Demo1234!');
      await (await openBell(page)).getByRole('button').first().waitFor();
      // a full-page screenshot resizes the page, which closes the dropdown: open it again to read
      await snap(page, 'notifications-bell');
      await (await openBell(page)).getByRole('button').first().click();
      await page.waitForURL(DESTINATION);

      await page.goto(url('/notifications'));
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await page.getByText(/You have \d+ unread notifications?/).waitFor();
      await snap(page, 'notifications-page');

      // scrolling to the end loads every page once and in order, each from the cursor of the one before
      const demo = await (await PortalApi.forHost()).login('demo@evergreen.test', 'Demo1234!');
      const all = await demo.ok<{ totalDocs: number; docs: { message: string }[] }>(
        'GET',
        '/v2/notifications?limit=50',
      );
      expect(all.totalDocs).toBeGreaterThan(20);
      const items = page.locator('.notifications-page .notifications-list > li');
      for (let i = 0; i < 20 && !(await page.getByText('End of notifications').isVisible()); i++) {
        await page.mouse.wheel(0, 4000);
        await page.waitForTimeout(400);
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
    });
    await context.close();
  });
});

describe('settings', () => {
  it('edits each section with one invalid and one valid submit, and verifies the mobile number by SMS (1280 px)', async () => {
    const email = uniqueEmail('settings');
    const portal = await PortalApi.forHost();
    await (await portal.signup(email, 'Secret123')).completeProfile();
    const { context, page } = await newPage(browser, DESKTOP);
    await context.grantPermissions(['camera'], { origin: url('/') });
    await keepFailure(page, 'settings-1280', async () => {
      await logIn(page, email, 'Secret123');
      await page.goto(settingsUrl(page));
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

      const info = page.getByRole('region', { name: 'Personal Information' });
      await info.getByLabel('First name').fill('');
      await info.getByRole('button', { name: 'Save Personal Information' }).click({ force: true });
      await info.getByText('Enter your first name.').waitFor();
      await info.getByLabel('First name').fill('Robin');
      await info.getByLabel('Weight (lbs)').fill('172');
      await info.getByRole('button', { name: 'Save Personal Information' }).click();
      await page.getByText('Personal information updated successfully').waitFor();

      const mail = page.getByRole('region', { name: 'Email Address' });
      await mail.getByLabel('Email').fill('not-an-email');
      await mail.getByRole('button', { name: 'Save Email Address' }).click({ force: true });
      await mail.getByText('Please enter a valid email address.').waitFor();
      const newEmail = uniqueEmail('moved');
      await mail.getByLabel('Email').fill(newEmail);
      await mail.getByRole('button', { name: 'Save Email Address' }).click();
      await page.getByText('Email address updated successfully').waitFor();

      const password = page.getByRole('region', { name: 'Password' });
      await password.getByLabel('Current password').fill('Secret123');
      await password.getByLabel('New password', { exact: true }).fill('Secret123');
      await password.getByLabel('Confirm new password').fill('Secret123');
      await password.getByRole('button', { name: 'Update Password' }).click({ force: true });
      await password.getByText('Your new password cannot be the same as your current password.').waitFor();
      await password.getByLabel('New password', { exact: true }).fill('Better456');
      await password.getByLabel('Confirm new password').fill('Better456');
      await password.getByRole('button', { name: 'Update Password' }).click();
      await page.getByText('Password updated successfully').waitFor();

      const mobile = page.getByRole('region', { name: 'Mobile Number' });
      await mobile.getByLabel('Mobile number').fill('123');
      await mobile.getByRole('button', { name: 'Save Mobile Number' }).click({ force: true });
      await mobile
        .getByRole('alert')
        .or(mobile.getByText(/valid mobile number/i))
        .first()
        .waitFor();
      await mobile.getByLabel('Mobile number').fill('3125550188');
      await mobile.getByRole('button', { name: 'Save Mobile Number' }).click();
      const panel = page.getByRole('dialog', { name: 'Verify Your Number' });
      await panel.waitFor();
      const getCode = panel.getByRole('button', { name: 'Get code' });
      if (await getCode.count()) await getCode.click();
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
      // the browser lets a .png through by its name; the server reads the bytes and refuses them
      const save = image.getByRole('button', { name: 'Save Photo' });
      await save.waitFor({ timeout: 5000 }).catch(() => undefined);
      if (await save.isVisible()) await save.click();
      await page
        .getByRole('alert')
        .filter({ hasText: /error|image|file/i })
        .first()
        .waitFor();
      // Retake opens the camera
      await image.getByRole('button', { name: 'Retake' }).click();
      await image.getByRole('button', { name: 'Capture' }).click();
      await image.getByRole('button', { name: 'Save Photo' }).click();
      await page.getByText('Photo updated successfully').waitFor();

      await page.getByRole('tab', { name: 'Shipping' }).click();
      const shipping = page.getByRole('region', { name: 'Shipping Address' });
      await shipping.getByLabel('Street address').fill('');
      await shipping.getByRole('button', { name: 'Save Shipping Address' }).click({ force: true });
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

      await page.getByRole('tab', { name: 'Notifications' }).click();
      const orders = page.getByRole('switch', { name: 'Orders by e-mail' });
      const before = await orders.isChecked();
      await orders.click({ force: true });
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await page.getByText('Notification preferences updated successfully').waitFor();
      await page.reload();
      await expect
        .poll(() => page.getByRole('switch', { name: 'Orders by e-mail' }).isChecked())
        .toBe(!before);
    });
    await context.close();
  }, 120_000);

  it('edits a section on a phone and returns to the list (390 px)', async () => {
    const email = uniqueEmail('settings-phone');
    const portal = await PortalApi.forHost();
    await (await portal.signup(email, 'Secret123')).completeProfile();
    const { context, page } = await newPage(browser, MOBILE);
    await keepFailure(page, 'settings-390', async () => {
      await logIn(page, email, 'Secret123');
      await page.goto(settingsUrl(page));
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
      await page.getByRole('link', { name: 'Return to Settings' }).click();
      await page.getByRole('navigation', { name: 'Settings sections' }).waitFor();
    });
    await context.close();
  });
});

/** A subscription's card on the Show All tab, by its name and an action it offers. */
function subscriptionCard(page: Page, name: string, action: string) {
  return page
    .getByRole('article', { name })
    .filter({ has: page.getByRole('button', { name: action, exact: true }) })
    .first();
}

async function openSubscriptions(page: Page) {
  await page.goto(
    url(new URL(page.url()).pathname.replace(/\/profile$/, '/subscriptions'), new URL(page.url()).hostname),
  );
  await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Show All' }).click();
}

/** Closes a success view of the subscription dialogs with Done. */
async function done(page: Page, title: string) {
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Done' }).click();
}

/** Pauses a subscription with a reason, through the cancel modal's pause view. */
async function pauseWith(page: Page, name: string, reason: string) {
  await subscriptionCard(page, name, 'Pause').getByRole('button', { name: 'Pause' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pause Subscription' });
  const pauseButton = dialog.getByRole('button', { name: 'Pause my subscription' });
  if (await pauseButton.isVisible().catch(() => false)) await pauseButton.click();
  await dialog.getByRole('radio', { name: reason }).check({ force: true });
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

describe('subscriptions', () => {
  it('pauses, resumes with ship now, reschedules and cancels through the retention offer (1280 px)', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await keepFailure(page, 'subscriptions-1280', async () => {
      await logIn(page, 'demo@evergreen.test', 'Demo1234!');
      await openSubscriptions(page);
      await snap(page, 'subscriptions');

      // pause a trialing protocol with a reason
      await pauseWith(page, 'Compounded Rapamycin', 'Too expensive');
      await subscriptionCard(page, 'Compounded Rapamycin', 'Resume').waitFor();

      // resume the paused NAD+ now, with a shipment today
      await resumeNowAndShip(page, 'NAD+ Nasal Spray');
      await expect.poll(() => subscriptionCard(page, 'NAD+ Nasal Spray', 'Resume').count()).toBe(0);

      // reschedule the next billing date to the preselected day
      await subscriptionCard(page, 'Metformin ER', 'Reschedule')
        .getByRole('button', { name: 'Reschedule' })
        .click();
      let dialog = page.getByRole('dialog', { name: 'Reschedule Subscription' });
      await dialog.getByRole('button', { name: /^(Reschedule|Continue)$/ }).click();
      await done(page, 'Subscription Rescheduled');

      // cancel the coaching membership through the retention offer
      await subscriptionCard(page, 'Longevity Coaching', 'Cancel')
        .getByRole('button', { name: 'Cancel' })
        .click();
      const offer = page.getByRole('dialog', { name: 'Before You Go' });
      await offer.waitFor();
      await snap(page, 'subscriptions-retention-offer');
      await offer.getByRole('button', { name: 'Cancel My Treatment' }).click();
      dialog = page.getByRole('dialog', { name: /^(Manage Subscription|Cancel Subscription)$/ });
      const cancelButton = dialog.getByRole('button', { name: 'Cancel my subscription' });
      if (await cancelButton.isVisible().catch(() => false)) await cancelButton.click();
      dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
      await dialog.getByRole('radio', { name: "I don't need it anymore" }).check({ force: true });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await done(page, 'Subscription Canceled');
      await page
        .getByRole('article', { name: 'Longevity Coaching' })
        .getByText('Canceled', { exact: true })
        .waitFor();
      await snap(page, 'subscriptions-after');
    });
    await context.close();
  }, 120_000);

  it('pauses and resumes with ship now on a phone (390 px)', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await keepFailure(page, 'subscriptions-390', async () => {
      await logIn(page, 'alex@bluecrest.test', 'Demo1234!', '127.0.0.1');
      await openSubscriptions(page);
      await pauseWith(page, 'Compounded Rapamycin', 'Away or traveling');
      await resumeNowAndShip(page, 'Compounded Rapamycin');
      await subscriptionCard(page, 'Compounded Rapamycin', 'Pause').waitFor();
      await snap(page, 'subscriptions-phone');
    });
    await context.close();
  }, 90_000);
});

describe('dashboard', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`requests a dosage change and sees the success view (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const who =
        viewport === DESKTOP
          ? { email: 'demo@evergreen.test', host: 'localhost' }
          : { email: 'alex@bluecrest.test', host: '127.0.0.1' };
      await keepFailure(page, `customize-${viewport.width}`, async () => {
        await logIn(page, who.email, 'Demo1234!', who.host);
        const modal = page.getByRole('dialog', { name: 'Your visit is complete' });
        if (await modal.isVisible().catch(() => false))
          await modal.getByRole('button', { name: 'Continue' }).click();
        await snap(page, `dashboard-${viewport.width}`);
        await page.getByRole('button', { name: 'Customize Protocol' }).click();
        const panel = page
          .getByRole('dialog')
          .filter({ has: page.getByRole('button', { name: /^Customize / }) });
        await panel
          .getByRole('button', { name: /^Customize / })
          .first()
          .click();
        await page.getByRole('radio', { name: 'Lower my dosage' }).check({ force: true });
        await page
          .getByRole('textbox', { name: 'Details' })
          .fill('Mild mouth sores in the week after each dose.');
        await page.getByRole('button', { name: 'Submit Request' }).click();
        const success = page.getByRole('dialog', { name: 'Request Submitted' });
        await success
          .getByText(
            'Your protocol request has been successfully submitted! A member of our clinical team will be in touch soon with updates on your protocol.',
          )
          .waitFor();
        await snap(page, `customize-success-${viewport.width}`);
      });
      await context.close();
    });
  }
});
