import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot under test-results/e2e as an artefact of the run. */
export async function snap(page: Page, name: string) {
  const dir = inject('artifactsDir');
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  // sticky headers would otherwise be painted where the page happens to be scrolled to
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}-${size?.width ?? 0}.png`), fullPage: true });
}

export const url = (p: string, host = 'localhost') => `http://${host}:${inject('port')}${p}`;

type Mail = { to: string; subject: string; text: string };
/** Waits for the newest e-mail to an address in the portal's outbox. */
export async function mailTo(to: string, count = 1, timeoutMs = 10_000): Promise<Mail> {
  const dir = inject('outboxDir');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let mails: Mail[] = [];
    try {
      mails = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail)
        .filter((m) => m.to === to);
    } catch {
      // no outbox yet
    }
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let n = 0;
export const uniqueEmail = (prefix = 'e2e') => {
  n += 1;
  return `${prefix}${Date.now()}${n}@example.com`;
};

/** Runs a browser test body; on failure keeps a screenshot of where the page stood, then rethrows. */
export async function keepFailure(page: Page, name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    await snap(page, `FAILED-${name}`).catch(() => undefined);
    throw new Error(`${(error as Error).message}\n  at page ${page.url()}`, { cause: error });
  }
}

type Sms = { to: string; body: string; sent_at: string };
/** Waits for the newest text message to a number (digits only, national) in the portal's SMS outbox. */
export async function smsTo(nationalNumber: string, timeoutMs = 10_000): Promise<Sms> {
  const dir = inject('smsOutboxDir');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let found: Sms | undefined;
    try {
      found = readdirSync(dir)
        .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Sms)
        .filter((m) => m.to.replace(/\D/g, '').endsWith(nationalNumber))
        .at(-1);
    } catch {
      // no outbox yet
    }
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no text message to ${nationalNumber}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The visit-complete modal greets a patient who has an unread welcome notification (001 §2); its Continue
 * reads that welcome. Tests about something else close it first.
 */
export async function dismissWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: 'Your visit is complete' });
  await welcome.waitFor({ timeout: 3000 }).catch(() => undefined);
  if (await welcome.isVisible()) {
    await welcome.getByRole('button', { name: 'Continue' }).click();
    await welcome.waitFor({ state: 'hidden' });
  }
}
