import { clampStep } from '../validation/questions';

/** The step to show and its progress (000 §4): the step clamped into 0..total-1, progress (step+1)/total as a fraction 0..1 (0 without questions). */
export function questionProgress(step: number, totalSteps: number): { step: number; progress: number } {
  const clamped = clampStep(step, totalSteps);
  if (!Number.isFinite(totalSteps) || totalSteps <= 0) return { step: 0, progress: 0 };
  return { step: clamped, progress: (clamped + 1) / totalSteps };
}

/** Parses the zero-based step query value; 0 for a missing or non-numeric value. */
export function parseStepQuery(value: string | null | undefined): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return 0;
  return Number(value.trim());
}

/** Slide direction of the question transition: forward when the step grows, back when it shrinks. */
export function slideDirection(previousStep: number, step: number): 'forward' | 'back' | 'none' {
  if (step > previousStep) return 'forward';
  return step < previousStep ? 'back' : 'none';
}

/** A visit's progress (001 §2 incomplete visits): floor(complete / questions x 100), 0 without questions, at most 100. */
export function progressPercent(completeTotal: number, questionsTotal: number): number {
  if (!Number.isFinite(questionsTotal) || questionsTotal <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((completeTotal / questionsTotal) * 100)));
}
