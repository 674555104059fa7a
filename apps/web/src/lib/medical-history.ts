import type { Patient } from './patient';

type MedicalProfile = NonNullable<Patient['medical_profile']>;
/** The medical profile fields one answer changes. */
type MedicalProfileChanges = Partial<MedicalProfile>;

/** The three pregnancy flags of the medical profile (000 §3) and the None choice that clears them (000 §4). */
export const PREGNANCY_OPTIONS = [
  { id: 'pregnant', label: 'I am pregnant' },
  { id: 'planning_pregnancy', label: 'I am planning to become pregnant' },
  { id: 'breastfeeding', label: 'I am breastfeeding' },
] as const satisfies readonly { id: keyof MedicalProfile; label: string }[];

export type PregnancyFlag = (typeof PREGNANCY_OPTIONS)[number]['id'];

export const PREGNANCY_NONE_ID = 'none';
export const PREGNANCY_NONE_LABEL = 'None of the above';
export const PREGNANCY_QUESTION =
  'Are you currently pregnant, planning to become pregnant in the next 12 months, or breastfeeding?';

/** A yes/no question of the medical history (steps 1 to 3): its flag and the detail text a yes needs. */
export interface YesNoQuestion {
  flag: 'has_allergies' | 'has_medical_conditions' | 'has_current_medications';
  text: 'allergy_text' | 'medical_condition_text' | 'current_medications';
  question: string;
  detailsLabel: string;
  /** Heading of the answer in the medical history review. */
  reviewLabel: string;
}

export const YES_NO_QUESTIONS: readonly YesNoQuestion[] = [
  {
    flag: 'has_allergies',
    text: 'allergy_text',
    question: 'Do you have any allergies to medications, foods or other substances?',
    detailsLabel: 'Please list your allergies and the reactions they cause.',
    reviewLabel: 'Allergies',
  },
  {
    flag: 'has_medical_conditions',
    text: 'medical_condition_text',
    question: 'Do you have any current or past medical conditions?',
    detailsLabel: 'Please list your medical conditions.',
    reviewLabel: 'Medical conditions',
  },
  {
    flag: 'has_current_medications',
    text: 'current_medications',
    question: 'Are you currently taking any medications or supplements?',
    detailsLabel: 'Please list each medication or supplement with its dose.',
    reviewLabel: 'Current medications',
  },
];

/** The yes/no question of pharmacy step 1, 2 or 3. */
export function yesNoQuestionOf(step: number): YesNoQuestion | undefined {
  return YES_NO_QUESTIONS[step - 1];
}

/** The pregnancy choices saved in a medical profile: the set flags, or None when all three are false. */
export function savedPregnancySelection(profile: MedicalProfile | null | undefined): string[] {
  if (!profile) return [];
  const chosen = PREGNANCY_OPTIONS.filter((o) => profile[o.id] === true).map((o) => o.id as string);
  if (chosen.length > 0) return chosen;
  return PREGNANCY_OPTIONS.every((o) => profile[o.id] === false) ? [PREGNANCY_NONE_ID] : [];
}

/** The pregnancy flags to save: None (or no choice) clears all three (000 §4). */
export function pregnancyChanges(selection: readonly string[]): MedicalProfileChanges {
  return {
    pregnant: selection.includes('pregnant'),
    planning_pregnancy: selection.includes('planning_pregnancy'),
    breastfeeding: selection.includes('breastfeeding'),
  };
}

/** A yes/no answer to save: yes with its trimmed details, or no with the details cleared. */
export function yesNoChanges(question: YesNoQuestion, yes: boolean, details: string): MedicalProfileChanges {
  return { [question.flag]: yes, [question.text]: yes ? details.trim() : '' };
}

/** How the review shows the pregnancy answer. */
export function pregnancySummary(profile: MedicalProfile | null | undefined): string | null {
  const selection = savedPregnancySelection(profile);
  if (selection.length === 0) return null;
  if (selection.includes(PREGNANCY_NONE_ID)) return PREGNANCY_NONE_LABEL;
  return PREGNANCY_OPTIONS.filter((o) => selection.includes(o.id))
    .map((o) => o.label)
    .join(', ');
}

/** One answer of the medical history as the reviews show it: the question's name, the answer, its details. */
export interface MedicalHistoryAnswer {
  label: string;
  /** Yes, No, the pregnancy choices; null when not answered yet. */
  value: string | null;
  details?: string | null;
}

/**
 * The medical history of a patient's record as the reviews read it back (000 §4): the pregnancy question
 * for patients who are not male, then allergies, conditions and medications with the details a yes gives.
 */
export function medicalHistoryAnswers(
  patient: Pick<Patient, 'sex' | 'medical_profile'>,
): MedicalHistoryAnswer[] {
  const profile = patient.medical_profile ?? null;
  const answers: MedicalHistoryAnswer[] = [];
  if (patient.sex !== 'male')
    answers.push({ label: 'Pregnancy and breastfeeding', value: pregnancySummary(profile) });
  for (const question of YES_NO_QUESTIONS) {
    const flag = profile?.[question.flag];
    answers.push({
      label: question.reviewLabel,
      value: flag === true ? 'Yes' : flag === false ? 'No' : null,
      details: flag === true ? (profile?.[question.text] ?? null) : null,
    });
  }
  return answers;
}
