import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
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
