import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './a11y';
import type { IntakeQuestion } from './api';
import { choose, snap } from './browser';

/** Fills the consultation profile step with an adult in an open state. */
export async function fillProfile(page: Page, state = 'California') {
  await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
  await expectAccessible(page, 'profile step', { title: 'Your Profile' });
  await page.getByText('Male', { exact: true }).click();
  await page.getByLabel('Date of Birth').fill('04-12-1978');
  await page.getByLabel('Weight (lbs)').fill('180');
  await page.getByLabel('Feet').selectOption('5');
  await page.getByLabel('Inches').selectOption('10');
  await page.getByLabel('State').selectOption({ label: state });
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The medical history a male patient is asked after the overview (pharmacy steps 1 to 3), in order. */
const MEDICAL_HISTORY = [
  'Do you have any allergies to medications, foods or other substances?',
  'Do you have any current or past medical conditions?',
  'Are you currently taking any medications or supplements?',
];

/** Waits until the page has left `before` (a step of the visit saves, then moves on). */
const leaves = (page: Page, before: string) => page.waitForURL((u) => u.toString() !== before);

/** The option a truthful healthy patient picks: None of the above, else No, else the first. */
export function simplestOption(question: IntakeQuestion) {
  return (
    question.options.find((o) => o.include_none) ??
    question.options.find((o) => o.label === 'No') ??
    question.options[0]!
  );
}

/** The controls of one intake question, found by the question's text. */
function onScreen(page: Page, question: IntakeQuestion) {
  return question.type === 'radio' || question.type === 'checkbox'
    ? page.getByRole('group', { name: question.label, exact: true })
    : page.getByRole('textbox', { name: question.label, exact: true });
}

/** Answers one intake question, which must be the one on screen, and waits for the next step. */
async function answerQuestion(page: Page, question: IntakeQuestion) {
  const before = page.url();
  const shown = onScreen(page, question);
  if (question.type === 'radio' || question.type === 'checkbox') {
    const control = await choose(shown, question.type, simplestOption(question).label);
    // a radio answer saves and moves on by itself; a checkbox answer waits for Continue
    if (question.type === 'checkbox') {
      await expect.poll(() => control.isChecked()).toBe(true);
      await page.locator('main form').getByRole('button', { name: 'Continue' }).click();
    }
  } else {
    await shown.fill(
      question.type === 'long-text' ? 'Feeling well; I would like to stay healthy for longer.' : 'Dr. Rivera',
    );
    await page
      .locator('main form')
      .getByRole('button', { name: question.type === 'long-text' ? 'Continue' : 'Next' })
      .click();
  }
  await leaves(page, before);
}

/**
 * Walks a new patient's visit from the medical history review (where the profile step leads a patient with
 * no medical history yet) through every intake question of `questions`, in order, answering the simplest
 * truthful way (No, None of the above, a short text). Each step must show the question expected next, so a
 * missing or reordered screen fails here. `stopAfter` answers only that many intake questions;
 * `snapFirstQuestion` names a screenshot of the first one.
 */
export async function answerVisit(
  page: Page,
  questions: IntakeQuestion[],
  opts: { stopAfter?: number; snapFirstQuestion?: string } = {},
) {
  await page.waitForURL(/\/consultation\/pharmacy-overview\//);
  await page.getByRole('heading', { name: 'Review Medical History' }).waitFor();
  let before = page.url();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await leaves(page, before);

  for (const [i, text] of MEDICAL_HISTORY.entries()) {
    await page.waitForURL(/\/consultation\/pharmacy-questions\//);
    if (i === 0) {
      await page.getByRole('group', { name: text, exact: true }).waitFor();
      await expectAccessible(page, 'medical history question', { title: 'Medical History' });
    }
    before = page.url();
    await choose(page.getByRole('group', { name: text, exact: true }), 'radio', 'No');
    await leaves(page, before);
  }

  const asked = questions.slice(0, opts.stopAfter ?? questions.length);
  const checkedKinds = new Set<string>();
  for (const [i, question] of asked.entries()) {
    await page.waitForURL(/\/consultation\/intake\//);
    expect(new URL(page.url()).searchParams.get('step')).toBe(String(i));
    await onScreen(page, question).waitFor();
    if (opts.snapFirstQuestion && i === 0) await snap(page, opts.snapFirstQuestion);
    // each kind of question once (radio, checkbox, short and long text): the same screen with other controls
    if (!checkedKinds.has(question.type)) {
      checkedKinds.add(question.type);
      await expectAccessible(page, `intake question (${question.type})`, { title: 'Medical Review' });
    }
    await answerQuestion(page, question);
  }
}
