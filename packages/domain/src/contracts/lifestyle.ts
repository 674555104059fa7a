import { z } from 'zod';
import { validateLifestyleAnswers } from '../signup/lifestyle';

/** The answer types of a lifestyle question (002 §3 Lifestyle question). */
export const LifestyleQuestionType = z.enum(['single-select', 'multi-select']);
export type LifestyleQuestionType = z.infer<typeof LifestyleQuestionType>;

export const LifestyleQuestion = z.object({
  slug: z.string(),
  question: z.string(),
  type: LifestyleQuestionType,
  options: z.array(z.string()),
});
export type LifestyleQuestion = z.infer<typeof LifestyleQuestion>;

/** Answers by question slug: one option (or "Other: …") for single select, several for multi select. */
export const LifestyleAnswers = z.record(z.string().max(64), z.union([z.string(), z.array(z.string())]));
export type LifestyleAnswers = z.infer<typeof LifestyleAnswers>;

/** GET /v2/users/{id}/lifestyle: the questions and the patient's current answers. */
export const LifestyleResponse = z.object({
  questions: z.array(LifestyleQuestion),
  answers: LifestyleAnswers,
  complete: z.boolean(),
});
export type LifestyleResponse = z.infer<typeof LifestyleResponse>;

/**
 * PATCH /v2/users/{id} (002 §7.7): lifestyle answers, merged into medical_profile.lifestyle. Each answer is
 * checked against the question it names.
 */
export const PatchUserBody = z
  .object({
    medical_profile: z
      .object({
        lifestyle: LifestyleAnswers.superRefine((answers, ctx) => {
          const message = validateLifestyleAnswers(answers);
          if (message) ctx.addIssue({ code: 'custom', message });
        }),
      })
      .strict(),
  })
  .strict();
export type PatchUserBody = z.infer<typeof PatchUserBody>;
