import { MESSAGES } from '../messages';

/** True when a short or long text answer is non-blank. */
export function isTextAnswerValid(answer: string | null | undefined): boolean {
  return typeof answer === 'string' && answer.trim() !== '';
}

/** Message when any shown follow-up answer is blank, otherwise undefined (000 §5). */
export function validateFollowUps(answers: readonly (string | null | undefined)[]): string | undefined {
  return answers.every(isTextAnswerValid) ? undefined : MESSAGES.answerAllQuestions;
}

/** Checkbox selection after toggling an option: None clears the others, any other option removes None (000 §4). */
export function toggleCheckboxOption(
  selected: readonly string[],
  optionId: string,
  noneId: string | null,
): string[] {
  if (selected.includes(optionId)) return selected.filter((id) => id !== optionId);
  if (noneId !== null && optionId === noneId) return [noneId];
  return [...selected.filter((id) => id !== noneId), optionId];
}

/** The checkbox answer to record: the selection, or [None] when it is empty and a None option exists (000 §4). */
export function checkboxSubmission(selected: readonly string[], noneId: string | null): string[] {
  if (selected.length > 0) return [...selected];
  return noneId === null ? [] : [noneId];
}

/** Custom quantity choices from min to max in steps of 4 (000 §5). */
export function customQuantityOptions(min: number, max: number): number[] {
  const options: number[] = [];
  if (!Number.isFinite(min) || !Number.isFinite(max)) return options;
  for (let q = min; q <= max; q += 4) options.push(q);
  return options;
}

/** Clamps a zero-based question step into 0..total-1 (000 §4: a step beyond the count is clamped). */
export function clampStep(step: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  if (!Number.isFinite(step) || step < 0) return 0;
  return Math.min(Math.floor(step), total - 1);
}
