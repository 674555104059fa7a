import type { Page } from 'playwright-core';
import { snap } from './browser';

/** The organization of a host, as the portal resolves it. */
export async function organizationId(page: Page, host = 'localhost'): Promise<string> {
  return page.evaluate(async (domain) => {
    const res = await fetch(`/organization/search?domain=${domain}`, {
      headers: { accept: 'application/json' },
    });
    return ((await res.json()) as { _id: string })._id;
  }, host);
}

/** A catalogue product template by slug, read with the signed-in patient's token. */
export async function productTemplateBySlug(
  page: Page,
  slug: string,
): Promise<{ _id: string; type: string }> {
  return page.evaluate(async (wanted) => {
    const token = localStorage.getItem('token') ?? '';
    const res = await fetch('/v2/products?page=1&limit=50', {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    const page = (await res.json()) as { docs: { _id: string; slug: string; type: string }[] };
    const found = page.docs.find((d) => d.slug === wanted);
    if (!found) throw new Error(`no product ${wanted}`);
    return found;
  }, slug);
}

/** Fills the consultation profile step with an adult in an open state. */
export async function fillProfile(page: Page, state = 'California') {
  await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
  await page.getByText('Male', { exact: true }).click();
  await page.getByLabel('Date of Birth').fill('04-12-1978');
  await page.getByLabel('Weight (lbs)').fill('180');
  await page.getByLabel('Feet').selectOption('5');
  await page.getByLabel('Inches').selectOption('10');
  await page.getByLabel('State').selectOption({ label: state });
  await page.getByRole('button', { name: 'Continue' }).click();
}

const onPath = (page: Page, part: string) => new URL(page.url()).pathname.includes(part);

/**
 * Answers the medical history and every intake question the simplest truthful way (No, None of the above, a
 * short text), until the visit leaves the questions. `stopAfter` answers only that many intake questions.
 */
export async function answerVisit(page: Page, opts: { stopAfter?: number; snapPrefix?: string } = {}) {
  let answered = 0;
  for (let guard = 0; guard < 60; guard++) {
    await page.waitForLoadState('domcontentloaded');
    await page.locator('main h1').first().waitFor();
    const path = new URL(page.url()).pathname;
    if (onPath(page, '/pharmacy-overview/')) {
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.pathname !== path);
      continue;
    }
    if (onPath(page, '/pharmacy-questions/')) {
      const before = page.url();
      const none = page.getByLabel('None of the above');
      if (await none.count()) {
        await none.check({ force: true });
        await page.getByRole('button', { name: 'Continue' }).click();
      } else {
        await page.getByLabel('No', { exact: true }).check({ force: true });
      }
      await page.waitForURL((u) => u.toString() !== before);
      continue;
    }
    if (!onPath(page, '/consultation/intake/')) return;
    if (opts.stopAfter !== undefined && answered >= opts.stopAfter) return;
    const before = page.url();
    const form = page.locator('main form').first();
    await form.waitFor();
    if (await form.locator('input[type=radio]').count()) {
      const no = form.getByLabel('No', { exact: true });
      if (await no.count()) await no.check({ force: true });
      else await form.locator('input[type=radio]').first().check({ force: true });
    } else if (await form.locator('input[type=checkbox]').count()) {
      await form.getByLabel('None of the above').check({ force: true });
      await form.getByRole('button', { name: 'Continue' }).click();
    } else if (await form.locator('textarea').count()) {
      await form.locator('textarea').fill('Feeling well; I would like to stay healthy for longer.');
      await form.getByRole('button', { name: 'Continue' }).click();
    } else {
      await form.locator('input').first().fill('Dr. Rivera');
      await form.getByRole('button', { name: 'Next' }).click();
    }
    answered += 1;
    if (opts.snapPrefix && answered === 1) await snap(page, `${opts.snapPrefix}-question`);
    await page.waitForURL((u) => u.toString() !== before, { timeout: 10_000 });
  }
  throw new Error('the visit did not end after 60 steps');
}
