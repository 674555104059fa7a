import { isProfileComplete, type ProfileCompletenessFields } from '../validation/profile';
import type { ConsultationTarget } from './consultation-path';

/** The three yes/no flags of the medical profile that rule 2 looks at. */
export interface MedicalProfileFlagsSet {
  has_allergies?: boolean | null;
  has_medical_conditions?: boolean | null;
  has_current_medications?: boolean | null;
}

/** One question of the intake in step order; verification items are answered first. */
export interface IntakeQuestionState {
  questionId: string;
  answered: boolean;
  /** A verification item (checked before the intake responses). */
  verification?: boolean;
}

/** What the "continue an incomplete intake" rules look at (000 §4). */
export interface ContinueIntakeInput {
  user: (ProfileCompletenessFields & { medical_profile?: MedicalProfileFlagsSet | null }) | null | undefined;
  intake: {
    intake_template: string;
    /** status.questions.total and status.complete.total. */
    questionsTotal: number;
    completeTotal: number;
    /** The intake's questions in step order; the step of a question is its index here. */
    questions: readonly IntakeQuestionState[];
    /** Product template of the intake's product, for treatment-checkout. */
    productTemplateId?: string | null;
  };
  /** Id of the compounded rapamycin intake template, which goes to protocol selection. */
  compoundedTemplateId?: string | null;
}

/** True when the medical profile is missing or all three flags are unset (000 §4 rule 2). */
export function isMedicalProfileUnstarted(profile: MedicalProfileFlagsSet | null | undefined): boolean {
  if (!profile) return true;
  const unset = (flag: boolean | null | undefined) => flag === null || flag === undefined;
  return (
    unset(profile.has_allergies) &&
    unset(profile.has_medical_conditions) &&
    unset(profile.has_current_medications)
  );
}

/** The first unanswered question, verification items first, with its step; null when all are answered. */
export function firstIncompleteQuestion(
  questions: readonly IntakeQuestionState[],
): { questionId: string; step: number } | null {
  const find = (verification: boolean) =>
    questions.findIndex((q) => !q.answered && (q.verification === true) === verification);
  const verificationIndex = find(true);
  const index = verificationIndex >= 0 ? verificationIndex : find(false);
  const question = index >= 0 ? questions[index] : undefined;
  return question ? { questionId: question.questionId, step: index } : null;
}

/**
 * Where "continue" leads for an incomplete intake (000 §4), the first rule that applies:
 * 1. profile incomplete -> consultation profile; 2. medical profile missing or all three flags unset ->
 * pharmacy overview; 3. completed answers fewer than total questions -> first incomplete question
 * (verification items first; when none is found the rules go on); 4. compounded template ->
 * protocol-selection; 5. treatment-checkout.
 */
export function continueIntakeTarget(input: ContinueIntakeInput): ConsultationTarget {
  const { user, intake } = input;
  if (!isProfileComplete(user)) return { section: 'profile' };
  if (isMedicalProfileUnstarted(user?.medical_profile)) return { section: 'pharmacy-overview' };
  if (intake.completeTotal < intake.questionsTotal) {
    const next = firstIncompleteQuestion(intake.questions);
    if (next) return { section: 'intake', ...next };
  }
  if (input.compoundedTemplateId && intake.intake_template === input.compoundedTemplateId)
    return { section: 'protocol-selection' };
  return {
    section: 'product-configure',
    route: 'treatment-checkout',
    productTemplateId: intake.productTemplateId ?? null,
  };
}

/** A saved answer counts when it names an option or carries a non-blank text. */
export function isResponseAnswered(response: {
  response: readonly string[];
  free_format_response: string | null;
}): boolean {
  return response.response.length > 0 || (response.free_format_response ?? '').trim() !== '';
}
