import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How long an action, a locator's wait or a navigation may take before the test fails: set once here for
 * every page, sized for a busy 2-core machine, instead of on single calls. (expect.poll's default is set
 * in e2e/vitest.config.ts.)
 */
export const ACTION_TIMEOUT_MS = 20_000;
export const NAVIGATION_TIMEOUT_MS = 30_000;

/** Chromium as the documents' machine runs it; `camera` adds a fake camera that needs no permission prompt. */
export async function launch(opts: { camera?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      ...(opts.camera ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : []),
    ],
  });
}

export const DESKTOP = { width: 1280, height: 860 };
export const MOBILE = { width: 390, height: 844 };

export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves a screenshot under test-results/e2e as an artefact of the run: the whole page, or with
 * `fullPage: false` the viewport only. Chromium takes a whole page by resizing the window for a moment
 * (at times to 1x1), which crosses the 1024 px desktop breakpoint and re-mounts the header, closing its bell
 * dropdown or menu: a screenshot of an open header popover that the test goes on to use is of the viewport.
 */
export async function snap(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  const dir = inject('artifactsDir');
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  // sticky headers would otherwise be painted where the page happens to be scrolled to
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(dir, `${name}-${size?.width ?? 0}.png`),
    fullPage: opts.fullPage ?? true,
  });
}

/**
 * An address on the shared portal the global setup started (`port` for a portal a test started itself).
 * The host picks the clinic: localhost is Evergreen, 127.0.0.1 is Bluecrest.
 */
export const url = (p: string, host = 'localhost', port: number = inject('port')) =>
  `http://${host}:${port}${p}`;

/** The JSON files of an outbox folder, oldest first (none while the folder does not exist yet). */
function readOutbox<T>(dir: string): T[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as T);
}

type Mail = { to: string; subject: string; text: string };
/** The `count`-th e-mail to an address in the portal's outbox, once it is there. */
export async function mailTo(to: string, count = 1): Promise<Mail> {
  const dir = inject('outboxDir');
  const mails = () => readOutbox<Mail>(dir).filter((m) => m.to === to);
  await expect
    .poll(() => mails().length, { message: `e-mail ${count} to ${to}` })
    .toBeGreaterThanOrEqual(count);
  return mails()[count - 1]!;
}

type Sms = { to: string; body: string; sent_at: string };
/** The newest text message to a number (digits only, national) in the portal's SMS outbox, once it is there. */
export async function smsTo(nationalNumber: string): Promise<Sms> {
  const dir = inject('smsOutboxDir');
  const texts = () => readOutbox<Sms>(dir).filter((m) => m.to.replace(/\D/g, '').endsWith(nationalNumber));
  await expect
    .poll(() => texts().length, { message: `text message to ${nationalNumber}` })
    .toBeGreaterThan(0);
  return texts().at(-1)!;
}

/** An address no other test (nor an earlier run on the same database) has used. */
export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
/**
 * A name no other test's patient has: letters only (names take no digits), each of 8 random hex digits
 * spelled as a letter of its own, so two names never fold into one as digits replaced by one letter did.
 */
export const uniqueName = (prefix: string) =>
  `${prefix}${randomUUID()
    .slice(0, 8)
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

/** Runs a browser test body; on failure keeps a screenshot of where the page stood, then rethrows. */
export async function keepFailure(page: Page, name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    await snap(page, `FAILED-${name}`).catch(() => undefined);
    throw new Error(`${(error as Error).message}\n  at page ${page.url()}`, { cause: error });
  }
}

/**
 * The visit-complete modal greets a patient who has an unread welcome notification (001 §2): a patient
 * whose visit was completed at checkout, or a seeded demo patient. It must appear for them; its Continue
 * reads that welcome and closes it. A patient without a completed visit never sees it.
 */
export async function continueVisitComplete(page: Page) {
  const welcome = page.getByRole('dialog', { name: 'Your visit is complete' });
  await welcome.getByRole('button', { name: 'Continue' }).click();
  await welcome.waitFor({ state: 'hidden' });
}

/**
 * Chooses a styled radio or checkbox the way a patient does: by clicking its visible tile (the label that
 * wraps the control), not the control itself, which may be transparent or take no pointer events.
 */
export async function choose(scope: Page | Locator, role: 'radio' | 'checkbox', name: string) {
  // the inner locator of `has` is matched inside each label, so it starts from the page, not the scope
  const page = 'goto' in scope ? scope : scope.page();
  const tile = scope.locator('label').filter({ has: page.getByRole(role, { name, exact: true }) });
  await tile.click();
  return scope.getByRole(role, { name, exact: true });
}

/** Signs in on the clinic's /login page as a person would, then waits for the page they land on. */
export async function logIn(page: Page, email: string, password: string, landing: RegExp) {
  await page.goto(url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(landing);
}
