import { z } from 'zod';

/**
 * The "How it Works" step of a visit (000 §2 screen 1): a title, a lead paragraph and the visit's steps. The
 * clinic may word it per visit (GET /visits/{org}/template/visit-intro/{id}); what it leaves out reads as the
 * portal's own words, so a visit always has a whole introduction.
 */
export const VISIT_INTRO_LIMITS = { title: 120, lead: 600, stepTitle: 60, stepText: 300, steps: 8 } as const;

export const VisitIntroStep = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give the step a title.')
    .max(
      VISIT_INTRO_LIMITS.stepTitle,
      `A step's title is at most ${VISIT_INTRO_LIMITS.stepTitle} characters.`,
    ),
  text: z
    .string()
    .trim()
    .min(1, 'Say what happens in the step.')
    .max(VISIT_INTRO_LIMITS.stepText, `A step's text is at most ${VISIT_INTRO_LIMITS.stepText} characters.`),
});
export type VisitIntroStep = z.infer<typeof VisitIntroStep>;

/** What the clinic writes; every field optional (a missing one reads as the default). */
export const VisitIntroContent = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Give the introduction a title.')
      .max(VISIT_INTRO_LIMITS.title, `The title is at most ${VISIT_INTRO_LIMITS.title} characters.`),
    lead: z
      .string()
      .trim()
      .min(1, 'Write the lead paragraph.')
      .max(VISIT_INTRO_LIMITS.lead, `The lead is at most ${VISIT_INTRO_LIMITS.lead} characters.`),
    steps: z
      .array(VisitIntroStep)
      .min(1, 'Keep at least one step.')
      .max(VISIT_INTRO_LIMITS.steps, `At most ${VISIT_INTRO_LIMITS.steps} steps.`),
  })
  .partial()
  .strict();
export type VisitIntroContent = z.infer<typeof VisitIntroContent>;

export interface VisitIntro {
  title: string;
  lead: string;
  steps: VisitIntroStep[];
  /** True when the clinic wrote any of it. */
  customized: boolean;
}

export const DEFAULT_VISIT_INTRO: Omit<VisitIntro, 'customized'> = {
  title: "Let's get started on your visit",
  lead: 'Your online consultation takes a few minutes. A licensed physician reviews your answers and health history before anything is prescribed.',
  steps: [
    { title: 'Your profile', text: 'Confirm a few details about you, such as your date of birth and state.' },
    { title: 'Medical history', text: 'Tell us about allergies, conditions and the medications you take.' },
    { title: 'Medical review', text: 'Answer a short questionnaire your physician will review.' },
    {
      title: 'Your protocol',
      text: 'Choose your treatment and plan. You are not charged until a doctor approves.',
    },
  ],
};

/** The introduction a patient reads: the clinic's words where it wrote them and valid, else the defaults. */
export function visitIntroOf(stored: unknown): VisitIntro {
  const parsed = VisitIntroContent.safeParse(stored ?? {});
  const content = parsed.success ? parsed.data : {};
  return {
    title: content.title ?? DEFAULT_VISIT_INTRO.title,
    lead: content.lead ?? DEFAULT_VISIT_INTRO.lead,
    steps: content.steps ?? DEFAULT_VISIT_INTRO.steps,
    customized: parsed.success && Object.keys(content).length > 0,
  };
}
