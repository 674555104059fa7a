import { z } from 'zod';
import { Id } from './common';

export const QuestionType = z.enum(['checkbox', 'radio', 'long-text', 'short-text']);
export type QuestionType = z.infer<typeof QuestionType>;

/** An answer choice; `include_none` marks "None of the above", which clears the other choices. */
export const QuestionOption = z.object({ _id: Id, label: z.string(), include_none: z.boolean() });
export type QuestionOption = z.infer<typeof QuestionOption>;

/** A follow-up question, revealed when the parent's `selected_option` is chosen. */
export const FollowUpQuestion = z.object({
  _id: Id,
  label: z.string(),
  description_text: z.string().nullable(),
  type: QuestionType,
  options: z.array(QuestionOption),
});

export const ResponseCondition = z.object({ selected_option: Id, question: FollowUpQuestion });
export type ResponseCondition = z.infer<typeof ResponseCondition>;

export const Question = z.object({
  _id: Id,
  label: z.string(),
  description_text: z.string().nullable(),
  type: QuestionType,
  options: z.array(QuestionOption),
  response_conditions: z.array(ResponseCondition),
});
export type Question = z.infer<typeof Question>;

/** What the clinic's catalogue says about a visit beyond its questions and products. */
export const IntakeTemplateSettings = z.object({
  /**
   * After the last question the visit goes on to protocol selection (000 §4, the compounded visit of the demo
   * catalogue), where the patient chooses among the protocols of the visit's exclusive group.
   */
  protocol_selection: z.boolean().optional(),
});
export type IntakeTemplateSettings = z.infer<typeof IntakeTemplateSettings>;

/** A consultation questionnaire with its product lists (000 §3); questions in display order. */
export const IntakeTemplate = z.object({
  _id: Id,
  organization: Id,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  product_defaults: z.array(Id),
  product_addons: z.array(Id),
  product_best_value: z.array(Id),
  bundle_support: z.boolean(),
  bundle_settings: z
    .object({ title: z.string(), image: z.string().optional(), description: z.string() })
    .nullable(),
  disable_payment_collection: z.boolean(),
  is_global: z.boolean(),
  settings: IntakeTemplateSettings,
  /** Top-level questions. */
  total_steps: z.number().int(),
  questions: z.array(Question),
});
export type IntakeTemplate = z.infer<typeof IntakeTemplate>;

/** GET /states/{org}/state/{stateId}/intake/{templateId}/validate. */
export const StateApproval = z.object({ approved: z.boolean() });
export type StateApproval = z.infer<typeof StateApproval>;

/**
 * GET /visits/{org}/template/visit-intro/{id} (000 §2 screen 1, 001 §7): the How it Works content of the visit
 * of intake template {id}, the clinic's words with the portal's defaults for what it left out.
 */
export const VisitIntroResponse = z.object({
  template: Id,
  title: z.string(),
  lead: z.string(),
  steps: z.array(z.object({ title: z.string(), text: z.string() })),
  customized: z.boolean(),
});
export type VisitIntroResponse = z.infer<typeof VisitIntroResponse>;

/** GET /care/{org}/visit-intros: every visit of the clinic with its introduction, for the admin to word. */
export const CareVisitIntros = z.object({
  intros: z.array(VisitIntroResponse.extend({ name: z.string(), is_global: z.boolean() })),
});
export type CareVisitIntros = z.infer<typeof CareVisitIntros>;
