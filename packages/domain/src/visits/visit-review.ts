import { CONSULTATION_STAGE_LABELS, type ConsultationSection, SECTION_STAGE } from '../consultation/stages';
import type { IntakeResponse } from '../contracts/intake';
import type { Question } from '../contracts/intake-template';

/**
 * The sections of a submitted visit the patient can read back, in the funnel's order (000 §2), each named
 * by its consultation section and titled with its progress-nav stage label.
 */
export const VISIT_REVIEW_SECTIONS = [
  'profile',
  'pharmacy-questions',
  'intake',
  'treatment',
  'identification-step',
] as const satisfies readonly ConsultationSection[];

export type VisitReviewSection = (typeof VISIT_REVIEW_SECTIONS)[number];

export function isVisitReviewSection(section: string | undefined): section is VisitReviewSection {
  return (VISIT_REVIEW_SECTIONS as readonly string[]).includes(section ?? '');
}

/** The section's name: the label of its stage in the visit's progress bar (000 §2). */
export function visitReviewTitle(section: VisitReviewSection): string {
  return CONSULTATION_STAGE_LABELS[SECTION_STAGE[section]] ?? section;
}

/**
 * /dashboard/{userId}/{page}/intake/{intakeId}/{section} (002 §2.1): one section of a visit, read from the
 * dashboard page the patient came from (the home page's Visits in Review by default).
 */
export function visitReviewPath(
  userId: string,
  intakeId: string,
  section: VisitReviewSection = VISIT_REVIEW_SECTIONS[0],
  page = 'profile',
): string {
  const seg = encodeURIComponent;
  return `/dashboard/${seg(userId)}/${seg(page)}/intake/${seg(intakeId)}/${section}`;
}

/** The sections before and after one, for the links between them. */
export function neighbourSections(section: VisitReviewSection): {
  previous: VisitReviewSection | null;
  next: VisitReviewSection | null;
} {
  const index = VISIT_REVIEW_SECTIONS.indexOf(section);
  return {
    previous: VISIT_REVIEW_SECTIONS[index - 1] ?? null,
    next: VISIT_REVIEW_SECTIONS[index + 1] ?? null,
  };
}

/** One answered question as the review shows it: the question, the answer's lines, and its follow-ups. */
export interface ReviewedAnswer {
  questionId: string;
  question: string;
  /** The chosen options' labels, or the free text; empty when the question was left unanswered. */
  answer: string[];
  followUps: { question: string; answer: string[] }[];
}

function answerLines(
  options: readonly { _id: string; label: string }[],
  response: { response: readonly string[]; free_format_response: string | null } | undefined,
): string[] {
  if (!response) return [];
  const text = response.free_format_response?.trim();
  if (text) return [text];
  const labels = new Map(options.map((o) => [o._id, o.label]));
  return response.response.flatMap((id) => {
    const label = labels.get(id);
    return label === undefined ? [] : [label];
  });
}

/**
 * The visit's questions in template order, each with the patient's answer (matched by question id, so a
 * response list in another order still pairs correctly) and the answered follow-ups of the chosen options.
 */
export function reviewedAnswers(
  questions: readonly Question[],
  responses: readonly IntakeResponse[],
): ReviewedAnswer[] {
  const byQuestion = new Map(responses.map((r) => [r.question, r]));
  return questions.map((question) => {
    const response = byQuestion.get(question._id);
    const chosen = new Set(response?.response ?? []);
    const children = new Map((response?.child_responses ?? []).map((c) => [c.question, c]));
    const followUps = question.response_conditions
      .filter((condition) => chosen.has(condition.selected_option))
      .map((condition) => ({
        question: condition.question.label,
        answer: answerLines(condition.question.options, children.get(condition.question._id)),
      }))
      .filter((followUp) => followUp.answer.length > 0);
    return {
      questionId: question._id,
      question: question.label,
      answer: answerLines(question.options, response),
      followUps,
    };
  });
}
