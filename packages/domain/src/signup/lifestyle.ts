import type { LifestyleAnswers, LifestyleQuestion } from '../contracts/lifestyle';

/** The option that asks for details; its answer is stored as "Other: {text}" (002 §3, §5). */
export const OTHER_OPTION = 'Other';
export const OTHER_PREFIX = 'Other: ';
/** Longest "Other" details text kept. */
export const OTHER_DETAILS_MAX = 500;

/** The slug whose answer makes the lifestyle complete (002 §3 "Lifestyle complete: biggest_challenge set"). */
export const LIFESTYLE_COMPLETE_SLUG = 'biggest_challenge';

/** The "Lifestyle and Goals" questions of the lab and supplement signup (002 §2.10), in step order. */
export const LIFESTYLE_QUESTIONS: readonly LifestyleQuestion[] = [
  {
    slug: 'primary_goal',
    question: 'What is your main health goal?',
    type: 'single-select',
    options: [
      'Live longer and healthier',
      'More energy',
      'Lose weight',
      'Improve fitness',
      'Sleep better',
      OTHER_OPTION,
    ],
  },
  {
    slug: 'biggest_challenge',
    question: 'What is your biggest challenge in reaching it?',
    type: 'single-select',
    options: [
      'Staying consistent',
      'Not knowing where to start',
      'Lack of time',
      'Stress',
      'Low energy',
      OTHER_OPTION,
    ],
  },
  {
    slug: 'exercise_frequency',
    question: 'How often do you exercise?',
    type: 'single-select',
    options: ['Rarely or never', '1-2 times a week', '3-4 times a week', '5 or more times a week'],
  },
  {
    slug: 'sleep_hours',
    question: 'How many hours do you sleep on a typical night?',
    type: 'single-select',
    options: ['Less than 6', '6-7', '7-8', 'More than 8'],
  },
  {
    slug: 'focus_areas',
    question: 'Which areas would you like to focus on?',
    type: 'multi-select',
    options: ['Nutrition', 'Exercise', 'Sleep', 'Stress management', 'Heart health', 'Metabolic health'],
  },
];

/** "Other: {text}" for the details typed after choosing Other. */
export function otherAnswer(details: string): string {
  return `${OTHER_PREFIX}${details.trim()}`;
}

export function isOtherAnswer(value: string): boolean {
  return value === OTHER_OPTION || value.startsWith(OTHER_PREFIX);
}

/** The details of an "Other: {text}" answer, or '' for any other answer. */
export function otherDetails(value: string): string {
  return value.startsWith(OTHER_PREFIX) ? value.slice(OTHER_PREFIX.length) : '';
}

/** Lifestyle complete (002 §3): biggest_challenge is answered. */
export function isLifestyleComplete(lifestyle: LifestyleAnswers | null | undefined): boolean {
  const answer = lifestyle?.[LIFESTYLE_COMPLETE_SLUG];
  return Array.isArray(answer) ? answer.length > 0 : typeof answer === 'string' && answer.trim() !== '';
}

/** The step (1-based, from the query) clamped to the questions (002 §4.6); anything unreadable is step 1. */
export function clampLifestyleStep(raw: string | null | undefined, count: number): number {
  const step = Number.parseInt(raw ?? '', 10);
  if (!Number.isFinite(step) || step < 1) return 1;
  return Math.min(step, Math.max(1, count));
}

function answerError(question: LifestyleQuestion, value: string | string[]): string | null {
  const known = (v: string) =>
    (question.options.includes(v) && v !== OTHER_OPTION) ||
    (question.options.includes(OTHER_OPTION) &&
      v.startsWith(OTHER_PREFIX) &&
      otherDetails(v).trim() !== '' &&
      otherDetails(v).length <= OTHER_DETAILS_MAX);
  if (question.type === 'single-select') {
    if (typeof value !== 'string' || !known(value))
      return `Choose one of the answers to "${question.question}"`;
    return null;
  }
  if (!Array.isArray(value) || value.length === 0 || new Set(value).size !== value.length)
    return `Choose at least one answer to "${question.question}"`;
  return value.every(known) ? null : `Choose among the answers to "${question.question}"`;
}

/**
 * Checks answers against the questions: each slug must be a question, a single select one of its options
 * (Other only as "Other: {details}"), a multi select one or more distinct options. Returns the first
 * problem or null.
 */
export function validateLifestyleAnswers(
  answers: LifestyleAnswers,
  questions: readonly LifestyleQuestion[] = LIFESTYLE_QUESTIONS,
): string | null {
  const entries = Object.entries(answers);
  if (entries.length === 0) return 'Answer at least one question.';
  for (const [slug, value] of entries) {
    const question = questions.find((q) => q.slug === slug);
    if (!question) return 'Unknown question.';
    const error = answerError(question, value);
    if (error) return error;
  }
  return null;
}
