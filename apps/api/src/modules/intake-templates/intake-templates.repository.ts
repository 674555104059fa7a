import type { IntakeTemplate, Question, QuestionOption } from '@portal/domain/contracts/intake-template';
import { and, asc, eq, inArray, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import { intakeTemplates, questionOptions, questions, stateAvailability } from '../../db/schema/intakes';
import { states } from '../../db/schema/organizations';
import { type ProductType, productTemplates } from '../../db/schema/products';

const templateColumns = {
  id: intakeTemplates.id,
  organizationId: intakeTemplates.organizationId,
  name: intakeTemplates.name,
  slug: intakeTemplates.slug,
  description: intakeTemplates.description,
  productDefaults: intakeTemplates.productDefaults,
  productAddons: intakeTemplates.productAddons,
  productBestValue: intakeTemplates.productBestValue,
  bundleSupport: intakeTemplates.bundleSupport,
  bundleSettings: intakeTemplates.bundleSettings,
  disablePaymentCollection: intakeTemplates.disablePaymentCollection,
  isGlobal: intakeTemplates.isGlobal,
  settings: intakeTemplates.settings,
};
type TemplateRow = RowOf<typeof templateColumns>;

const questionColumns = {
  id: questions.id,
  label: questions.label,
  descriptionText: questions.descriptionText,
  type: questions.type,
  parentQuestionId: questions.parentQuestionId,
  parentOptionId: questions.parentOptionId,
};
type QuestionRow = RowOf<typeof questionColumns>;
type OptionRow = { id: string; questionId: string; label: string; includeNone: boolean };

/**
 * Builds the documents' question list: top-level questions with their options, and each follow-up as a
 * response condition of its parent (the option that reveals it, then the follow-up). Rows arrive ordered by
 * position. Follow-ups of follow-ups are not part of the documents' shape and are left out.
 */
export function buildQuestions(questionRows: QuestionRow[], optionRows: OptionRow[]): Question[] {
  const optionsOf = new Map<string, QuestionOption[]>();
  const optionIndex = new Map<string, number>();
  for (const o of optionRows) {
    const list = optionsOf.get(o.questionId) ?? [];
    optionIndex.set(o.id, list.length);
    list.push({ _id: o.id, label: o.label, include_none: o.includeNone });
    optionsOf.set(o.questionId, list);
  }
  const top = questionRows.filter((q) => q.parentQuestionId === null);
  return top.map((q) => ({
    _id: q.id,
    label: q.label,
    description_text: q.descriptionText,
    type: q.type,
    options: optionsOf.get(q.id) ?? [],
    response_conditions: questionRows
      .filter((f) => f.parentQuestionId === q.id && f.parentOptionId !== null)
      .map((f, i) => ({ f, i, at: optionIndex.get(f.parentOptionId!) ?? 0 }))
      .sort((a, b) => a.at - b.at || a.i - b.i)
      .map(({ f }) => ({
        selected_option: f.parentOptionId!,
        question: {
          _id: f.id,
          label: f.label,
          description_text: f.descriptionText,
          type: f.type,
          options: optionsOf.get(f.id) ?? [],
        },
      })),
  }));
}

function toIntakeTemplate(row: TemplateRow, list: Question[]): IntakeTemplate {
  return {
    _id: row.id,
    organization: row.organizationId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    product_defaults: row.productDefaults,
    product_addons: row.productAddons,
    product_best_value: row.productBestValue,
    bundle_support: row.bundleSupport,
    bundle_settings: row.bundleSettings ?? null,
    disable_payment_collection: row.disablePaymentCollection,
    is_global: row.isGlobal,
    settings: row.settings,
    total_steps: list.length,
    questions: list,
  };
}

/** Intake templates with their questions, and where they may be offered; scoped to one organization. */
export function createIntakeTemplatesRepository(db: Db) {
  const activeIn = (organizationId: string | Placeholder) =>
    and(eq(intakeTemplates.organizationId, organizationId), eq(intakeTemplates.active, true));
  const templateById = db
    .select(templateColumns)
    .from(intakeTemplates)
    .where(and(eq(intakeTemplates.id, sql.placeholder('id')), activeIn(sql.placeholder('organizationId'))))
    .limit(1)
    .prepare('intake_template_by_id');
  const globalTemplate = db
    .select(templateColumns)
    .from(intakeTemplates)
    .where(and(eq(intakeTemplates.isGlobal, true), activeIn(sql.placeholder('organizationId'))))
    .limit(1)
    .prepare('intake_template_global');
  const questionsOf = db
    .select(questionColumns)
    .from(questions)
    .where(eq(questions.templateId, sql.placeholder('templateId')))
    .orderBy(asc(questions.position), asc(questions.id))
    .prepare('intake_template_questions');
  const optionsOf = db
    .select({
      id: questionOptions.id,
      questionId: questionOptions.questionId,
      label: questionOptions.label,
      includeNone: questionOptions.includeNone,
    })
    .from(questionOptions)
    .innerJoin(questions, eq(questions.id, questionOptions.questionId))
    .where(eq(questions.templateId, sql.placeholder('templateId')))
    .orderBy(asc(questionOptions.position), asc(questionOptions.id))
    .prepare('intake_template_options');

  async function withQuestions(row: TemplateRow | undefined): Promise<IntakeTemplate | undefined> {
    if (!row) return undefined;
    const [questionRows, optionRows] = await Promise.all([
      questionsOf.execute({ templateId: row.id }) as Promise<QuestionRow[]>,
      optionsOf.execute({ templateId: row.id }) as Promise<OptionRow[]>,
    ]);
    return toIntakeTemplate(row, buildQuestions(questionRows, optionRows));
  }

  async function findGlobal(organizationId: string) {
    return withQuestions(((await globalTemplate.execute({ organizationId })) as TemplateRow[])[0]);
  }

  return {
    async findById(organizationId: string, id: string): Promise<IntakeTemplate | undefined> {
      return withQuestions(((await templateById.execute({ id, organizationId })) as TemplateRow[])[0]);
    },
    findGlobal,
    /**
     * The intake of a product's visit: the product template's own, else the organization's global one.
     * Undefined when the product template is not an active one of the organization.
     */
    async findForProduct(organizationId: string, productTemplateId: string) {
      const [product] = await db
        .select({ intakeTemplateId: productTemplates.intakeTemplateId })
        .from(productTemplates)
        .where(
          and(
            eq(productTemplates.id, productTemplateId),
            eq(productTemplates.organizationId, organizationId),
            eq(productTemplates.active, true),
          ),
        )
        .limit(1);
      if (!product) return undefined;
      if (product.intakeTemplateId) {
        const [row] = (await templateById.execute({
          id: product.intakeTemplateId,
          organizationId,
        })) as TemplateRow[];
        if (row) return withQuestions(row);
      }
      return findGlobal(organizationId);
    },
    /**
     * Whether a visit may be offered in a state. A row naming the intake template decides; without one, the
     * visit is blocked when a row blocks the type of any product it sells (its default products and the
     * products whose visit it is); no row means approved. Undefined when the template or state is unknown.
     */
    async approvalIn(organizationId: string, stateId: string, templateId: string) {
      const [template] = (await templateById.execute({ id: templateId, organizationId })) as TemplateRow[];
      if (!template) return undefined;
      const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, stateId)).limit(1);
      if (!state) return undefined;
      const sold = await db
        .selectDistinct({ type: productTemplates.type })
        .from(productTemplates)
        .where(
          and(
            eq(productTemplates.organizationId, organizationId),
            eq(productTemplates.active, true),
            template.productDefaults.length > 0
              ? or(
                  eq(productTemplates.intakeTemplateId, templateId),
                  inArray(productTemplates.id, template.productDefaults),
                )
              : eq(productTemplates.intakeTemplateId, templateId),
          ),
        );
      const types = sold.map((s) => s.type as ProductType);
      const rows = await db
        .select({
          intakeTemplateId: stateAvailability.intakeTemplateId,
          approved: stateAvailability.approved,
        })
        .from(stateAvailability)
        .where(
          and(
            eq(stateAvailability.organizationId, organizationId),
            eq(stateAvailability.stateId, stateId),
            or(
              eq(stateAvailability.intakeTemplateId, templateId),
              types.length > 0
                ? and(
                    isNull(stateAvailability.intakeTemplateId),
                    inArray(stateAvailability.productType, types),
                  )
                : sql`false`,
            ),
          ),
        );
      const own = rows.find((r) => r.intakeTemplateId === templateId);
      return own ? own.approved : rows.every((r) => r.approved);
    },
    /** The stored wording of a visit's How it Works step; undefined when the clinic has no such visit. */
    async visitIntro(organizationId: string, id: string): Promise<{ intro: unknown } | undefined> {
      const [row] = await db
        .select({ intro: sql<unknown>`${intakeTemplates.settings} -> 'visit_intro'` })
        .from(intakeTemplates)
        .where(and(eq(intakeTemplates.id, id), activeIn(organizationId)))
        .limit(1);
      return row;
    },
    /** Every active visit of the clinic with its stored wording, the general intake first, then by name. */
    async visitIntros(organizationId: string) {
      return db
        .select({
          id: intakeTemplates.id,
          name: intakeTemplates.name,
          isGlobal: intakeTemplates.isGlobal,
          intro: sql<unknown>`${intakeTemplates.settings} -> 'visit_intro'`,
        })
        .from(intakeTemplates)
        .where(activeIn(organizationId))
        .orderBy(sql`${intakeTemplates.isGlobal} desc`, asc(intakeTemplates.name));
    },
    /** Replaces the visit's wording (null: back to the defaults); false when the clinic has no such visit. */
    async setVisitIntro(organizationId: string, id: string, intro: object | null): Promise<boolean> {
      const rows = await db
        .update(intakeTemplates)
        .set({
          settings:
            intro === null
              ? sql`${intakeTemplates.settings} - 'visit_intro'`
              : sql`${intakeTemplates.settings} || jsonb_build_object('visit_intro', ${JSON.stringify(intro)}::jsonb)`,
        })
        .where(and(eq(intakeTemplates.id, id), activeIn(organizationId)))
        .returning({ id: intakeTemplates.id });
      return rows.length > 0;
    },
  };
}
export type IntakeTemplatesRepository = ReturnType<typeof createIntakeTemplatesRepository>;
