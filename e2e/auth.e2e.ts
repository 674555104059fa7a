import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { PortalApi } from './support/api';
import { DESKTOP, launch, MOBILE, mailTo, newPage, snap, uniqueEmail, url } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const waitForPath = (page: Page, pattern: RegExp) =>
  page.waitForURL((u) => pattern.test(u.pathname + u.search));

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A patient of Evergreen created through the API, with no visit yet (so no visit-complete modal). */
async function newPatient(prefix: string, firstName = 'Robin') {
  const email = uniqueEmail(prefix);
  const patient = await (await PortalApi.forHost()).signup(email, 'Secret123', firstName);
  return { email, password: 'Secret123', userId: patient.userId };
}

async function logOut(page: Page) {
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    await page.getByRole('button', { name: 'Account menu' }).click();
  } else {
    await page.getByRole('button', { name: 'Menu' }).click();
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await waitForPath(page, /^\/login/);
}

describe('a new patient', () => {
  it('signs up, logs out and in, resets a forgotten password by e-mail and logs in with it', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const email = uniqueEmail('new');
    await page.goto(url('/'));
    await waitForPath(page, /^\/get-started/);
    await page.getByLabel('First name').waitFor();
    // the clinic's signup picture (002 §3 signup.image), loaded, so axe checks the page with it
    const hero = page.locator('.auth-shell__hero img');
    expect(await hero.getAttribute('src')).toBe('/brands/evergreen/signup.webp');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await snap(page, 'signup-empty');
    await expectAccessible(page, 'signup', { title: 'Create your account', bothWidths: true });

    const start = page.getByRole('button', { name: 'Start My Visit' });
    expect(await start.isDisabled()).toBe(true);
    await page.getByLabel('First name').fill('jane');
    await page.getByLabel('Last name').fill('van doe');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    expect(await start.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
    await snap(page, 'signup-filled');
    await start.click();

    await waitForPath(page, /^\/dashboard\/[0-9a-f]{24}\/profile/);
    await page.getByRole('heading', { name: 'Welcome, Jane' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await snap(page, 'dashboard-new-patient');
    await expectAccessible(page, 'dashboard of a new patient', { title: 'Home', bothWidths: true });

    // the clinic's introduction (001 §2): a captioned video in a dialog, checked open, then closed by Escape
    await page.getByRole('button', { name: 'Watch the introduction' }).click();
    const intro = page.getByRole('dialog', { name: 'Welcome to Evergreen Longevity' });
    await intro.waitFor();
    const captions = intro.locator('video[preload="none"] > track[kind="captions"][srclang="en"]');
    expect(await captions.count()).toBe(1);
    await snap(page, 'introduction-video');
    await expectAccessible(page, 'introduction video dialog', { title: 'Home', bothWidths: true });
    await page.keyboard.press('Escape');
    await intro.waitFor({ state: 'detached' });

    await logOut(page);
    await logIn(page, email, 'secret1');
    await waitForPath(page, /^\/dashboard\/[0-9a-f]{24}\/profile/);
    await logOut(page);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, /^\/request-password-reset$/);
    await page.getByLabel('Email').waitFor();
    await expectAccessible(page, 'password reset request', {
      title: 'Reset your password',
      bothWidths: true,
    });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Please check your email for instructions on how to reset your password.').waitFor();
    await snap(page, 'reset-requested');
    await expectAccessible(page, 'password reset requested', { title: 'Reset your password' });

    const mail = await mailTo(email);
    const link = mail.text.match(
      /http:\/\/localhost:\d+\/request-password-reset\/[0-9a-f]{24}\/[0-9a-f]{24}\/[A-Za-z0-9_-]+/,
    )?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByLabel('New password').fill('newSecret9');
    await page.getByLabel('Confirm password').fill('newSecret8');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Please make sure your passwords match.').waitFor();
    await expectAccessible(page, 'new password with a mismatch', {
      title: 'Choose a new password',
      bothWidths: true,
    });
    await page.getByLabel('Confirm password').fill('newSecret9');
    await snap(page, 'new-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, /^\/login/);

    await logIn(page, email, 'secret1');
    await page
      .getByText("It looks like the email and password you entered don't match our records.")
      .waitFor();
    await logIn(page, email, 'newSecret9');
    await waitForPath(page, /^\/dashboard\/[0-9a-f]{24}\/profile/);
    await page.getByRole('heading', { name: 'Welcome, Jane' }).waitFor();

    // The link works once.
    await page.goto(link!);
    await page.getByLabel('New password').fill('another99');
    await page.getByLabel('Confirm password').fill('another99');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('button', { name: 'Invalid Attempt. Try again.' }).waitFor();
    await page.getByRole('link', { name: 'Resubmit your password reset request.' }).waitFor();
    await context.close();
  });
});

describe('login', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`shows the documents' message for a wrong password (${viewport.width} px)`, async () => {
      const patient = await newPatient('wrong-password');
      const { context, page } = await newPage(browser, viewport);
      await page.goto(url('/login'));
      await page.getByLabel('Email').waitFor();
      await snap(page, 'login');
      await expectAccessible(page, 'login', { title: 'Log in' });
      await logIn(page, patient.email, 'wrong-password');
      await page
        .getByText("It looks like the email and password you entered don't match our records.")
        .waitFor();
      await page
        .getByText(
          "The password or email you've entered was wrong. If you are having trouble logging in, please select Forgot Password below.",
        )
        .waitFor();
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await snap(page, 'login-wrong-password');
      await expectAccessible(page, 'login with a wrong password', { title: 'Log in' });
      await context.close();
    });
  }

  it('shows the field rules before submitting', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Please enter your password.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Email').click();
    await page.getByText('Password must be at least 6 characters long.').waitFor();
    await expectAccessible(page, 'login field rules', { title: 'Log in', bothWidths: true });
    await context.close();
  });

  it('lets a patient in on a phone and out through the menu', async () => {
    const patient = await newPatient('phone', 'Casey');
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto(url('/login'));
    await logIn(page, patient.email, patient.password);
    await waitForPath(page, new RegExp(`^/dashboard/${patient.userId}/profile`));
    await page.getByRole('heading', { name: 'Welcome, Casey' }).waitFor();
    await page.getByRole('navigation', { name: 'Shortcuts' }).waitFor();
    await snap(page, 'dashboard-phone');
    await expectAccessible(page, 'dashboard on a phone', { title: 'Home' });
    await logOut(page);
    await context.close();
  });
});

describe('guards and redirects', () => {
  it('sends an anonymous visitor to login and back after signing in', async () => {
    const patient = await newPatient('guard');
    const { context, page } = await newPage(browser);
    await page.goto(url(`/dashboard/${patient.userId}/subscriptions`));
    await waitForPath(page, /^\/login/);
    await logIn(page, patient.email, patient.password);
    await waitForPath(page, new RegExp(`^/dashboard/${patient.userId}/subscriptions`));
    await page.goto(url(`/messages/${patient.userId}/abc`));
    await waitForPath(page, new RegExp(`^/dashboard/${patient.userId}/messages`));
    await context.close();
  });

  it('sends an expired session to /login?expired=true with the session-expired message', async () => {
    const patient = await newPatient('expired', 'Jules');
    const { context, page } = await newPage(browser);
    await page.goto(url('/login'));
    await logIn(page, patient.email, patient.password);
    await waitForPath(page, new RegExp(`^/dashboard/${patient.userId}/profile`));
    await page.getByRole('heading', { name: 'Welcome, Jules' }).waitFor();
    // The dashboard's own look-ups must be answered first: one still in flight when the token is swapped would
    // come back 401 and end the session before the reload this test is about.
    await page.waitForLoadState('networkidle');
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', org: 'y', sid: 'z', exp: Math.floor(Date.now() / 1000) - 60 })}.sig`;
    await page.evaluate((token) => localStorage.setItem('token', token), expired);
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    expect(stored).toContain('.');
    await page.reload();
    await waitForPath(page, /^\/login\?expired=true/);
    await page.getByText('Your session has expired, you will now be redirected to log in again.').waitFor();
    await snap(page, 'login-expired');
    await expectAccessible(page, 'login after an expired session', { title: 'Log in', bothWidths: true });
    await context.close();
  });

  it('turns hash-style links into their paths', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(url('/#/get-started'));
    await waitForPath(page, /^\/get-started/);
    await page.goto(url('/#/login'));
    await waitForPath(page, /^\/login/);
    await page.goto(url('/product/0123456789abcdef01234567'));
    await waitForPath(page, /^\/product\/login\/0123456789abcdef01234567/);
    await context.close();
  });
});

describe('white-labelling', () => {
  it('shows each clinic its own brand, before any request, on its own host', async () => {
    const { context, page } = await newPage(browser);
    const brandOf = async (host: string) => {
      await page.goto(url('/login', host));
      await page.getByLabel('Email').waitFor();
      return page.evaluate(() => ({
        title: document.title,
        color: getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
        text: document.body.innerText,
      }));
    };
    const first = await brandOf('localhost');
    await snap(page, 'brand-evergreen');
    const second = await brandOf('127.0.0.1');
    await snap(page, 'brand-bluecrest');
    // the blue clinic's pages are checked too: the contrast of text on its brand colour is its own
    await expectAccessible(page, 'login of the blue clinic', { title: 'Log in', bothWidths: true });
    expect(first.title).toBe('Log in · Evergreen Longevity');
    expect(second.title).toContain('Bluecrest');
    expect(first.color.toLowerCase()).toBe('#0f8a5f');
    expect(second.color.toLowerCase()).toBe('#2b4acb');
    expect(second.text).not.toContain('Evergreen');
    await context.close();
  });
});
