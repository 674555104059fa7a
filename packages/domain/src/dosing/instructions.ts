import { formatDose } from './dose';

const WEEKLY = /\{\{\s*weekly_dosage\s*\}\}/g;
const COMPOUNDED = /\{\{\s*compounded_dosage\s*\}\}/g;

/** Values for the instruction placeholders; a placeholder whose value is missing is left as it is. */
export interface DosagePlaceholderValues {
  weekly?: number | null;
  compounded?: number | null;
}

/** Fills {{weekly_dosage}} and {{compounded_dosage}} (spaces inside the braces allowed) with formatted doses; the number only, the unit stays in the template text. */
export function fillDosageInstructions(template: string, values: DosagePlaceholderValues): string {
  let text = template;
  if (values.weekly !== null && values.weekly !== undefined)
    text = text.replace(WEEKLY, formatDose(values.weekly));
  if (values.compounded !== null && values.compounded !== undefined)
    text = text.replace(COMPOUNDED, formatDose(values.compounded));
  return text;
}

/** Fills both placeholders with the same instruction dose, as 000 §9 gives one formula for the weekly or compounded dose. */
export function fillInstructionsWithDose(template: string, dose: number): string {
  return fillDosageInstructions(template, { weekly: dose, compounded: dose });
}
