import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, MOBILE } from './browser';

/** The rule sets of WCAG 2.2 level AA (axe tags every rule with the version and level that brought it). */
export const WCAG22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A separator the page titles use between the page and the clinic ("Orders · Evergreen Longevity"). */
const TITLE_SEPARATOR = ' · ';

type Finding = { rule: string; impact: string; target: string; summary: string; help: string };

/** Waits until the page's finite CSS animations and transitions have ended (a fading dialog is not yet its colour). */
async function settled(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** The clinic the page is branded for, from the brand the server writes into the page. */
async function clinicName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const text = document.getElementById('portal-brand')?.textContent;
    const org = text
      ? (JSON.parse(text) as { organization?: { name?: string; settings?: { name?: string } } }).organization
      : undefined;
    return org?.settings?.name || org?.name || '';
  });
}

/** Serious and critical axe violations of WCAG 2.2 AA on the page as it is now, one entry per element. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(WCAG22_AA).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: v.impact ?? '',
        target: n.target.join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        help: v.helpUrl,
      })),
    );
}

/** How far the page scrolls sideways (0 when it fits its viewport). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The checks of one viewport: axe, sideways scroll and the title; returns what failed, as readable lines. */
async function checkHere(page: Page, name: string, title: string | undefined): Promise<string[]> {
  const width = page.viewportSize()?.width ?? 0;
  const where = `${name} at ${width} px (${new URL(page.url()).pathname})`;
  const problems = (await axeFindings(page)).map(
    (f) => `${where}: ${f.impact} ${f.rule} on ${f.target}: ${f.summary} (${f.help})`,
  );
  const overflow = await sidewaysScroll(page);
  if (overflow > 0) {
    const wide = await page.evaluate(() => {
      const limit = document.documentElement.clientWidth;
      return [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    });
    problems.push(
      `${where}: scrolls sideways by ${overflow} px (wider than the viewport: ${wide.join(', ')})`,
    );
  }
  const clinic = await clinicName(page);
  const actual = await page.title();
  const expected = title === undefined ? undefined : `${title}${TITLE_SEPARATOR}${clinic}`;
  const named = expected
    ? actual === expected
    : actual.endsWith(`${TITLE_SEPARATOR}${clinic}`) &&
      actual.length > clinic.length + TITLE_SEPARATOR.length;
  if (!clinic || !named)
    problems.push(
      `${where}: the title "${actual}" does not name the page and the clinic${expected ? ` ("${expected}")` : ` (… · ${clinic})`}`,
    );
  return problems;
}

/**
 * Fails with a readable list (rule, impact, element, what to fix) when the page, as it is now, has a serious
 * or critical axe violation of WCAG 2.2 AA, scrolls sideways, or has a title that does not name the page and
 * the clinic ("Orders · Evergreen Longevity"; exactly `opts.title` · clinic when given). With `bothWidths` the
 * page is checked at 1280 and at 390 px (the viewport is resized to the other width and back): for tests that
 * run at one width only; a test that runs at both checks each width in its own run.
 */
export async function expectAccessible(
  page: Page,
  name: string,
  opts: { title?: string; bothWidths?: boolean } = {},
) {
  const start = page.viewportSize() ?? DESKTOP;
  const problems = await checkHere(page, name, opts.title);
  if (opts.bothWidths) {
    const other = start.width === MOBILE.width ? DESKTOP : MOBILE;
    await page.setViewportSize(other);
    try {
      problems.push(...(await checkHere(page, name, opts.title)));
    } finally {
      await page.setViewportSize(start);
      await settled(page);
    }
  }
  expect(problems, `${name}:\n  ${problems.join('\n  ')}`).toEqual([]);
}
