import { addExclusive } from '@portal/domain/consultation/exclusive-products';
import type {
  Intake,
  IntakeProduct,
  IntakeProductConfiguration,
  IntakeResponse,
} from '@portal/domain/contracts/intake';
import { MESSAGES } from '@portal/domain/messages';
import {
  checkboxSubmission,
  isTextAnswerValid,
  toggleCheckboxOption,
} from '@portal/domain/validation/questions';
import { newId } from '../../db/ids';
import type { AwaitingPatientUpdate, ImageVerification } from '../../db/schema/intakes';
import { ApiError, Errors } from '../../platform/errors';
import {
  type IntakeChanges,
  type IntakeQueries,
  type IntakeRow,
  type IntakesRepository,
  type OptionNode,
  type QuestionNode,
  type ResponseRow,
  toIntake,
} from './intakes.repository';
import { configuredIntakeProduct, type ProductRequest } from './product-configuration';

/** Default lifetime of an open intake when set-expiration names none. */
export const DEFAULT_EXPIRATION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type AnswerInput = { response?: string[] | undefined; free_format_response?: string | undefined };
export type ChildAnswerInput = AnswerInput & { question: string; is_free_format: boolean };
export type IntakeUpdate = {
  subscriptions?: string[] | undefined;
  image_verification?: ImageVerification | undefined;
  awaiting_patient_update?: AwaitingPatientUpdate | undefined;
};

const wrongState = (message: string) => new ApiError(400, 'WrongIntakeState', message);

/** An intake the patient may still change: neither completed nor closed. */
function assertOpen(row: IntakeRow): void {
  if (row.closed) throw wrongState('This intake is closed and can no longer be changed.');
  if (row.patientComplete) throw wrongState('This intake is complete and can no longer be changed.');
}

/** A template's questions indexed for validating answers and counting complete ones. */
class QuestionTree {
  readonly byId = new Map<string, QuestionNode>();
  readonly top: QuestionNode[];
  private readonly optionsOf = new Map<string, OptionNode[]>();

  constructor(questions: QuestionNode[], options: OptionNode[]) {
    for (const q of questions) this.byId.set(q.id, q);
    this.top = questions.filter((q) => q.parentQuestionId === null);
    for (const o of options) {
      const list = this.optionsOf.get(o.questionId) ?? [];
      list.push(o);
      this.optionsOf.set(o.questionId, list);
    }
  }

  options(questionId: string): OptionNode[] {
    return this.optionsOf.get(questionId) ?? [];
  }

  followUps(questionId: string): QuestionNode[] {
    return [...this.byId.values()].filter((q) => q.parentQuestionId === questionId);
  }

  /** Follow-ups revealed by the chosen options of the parent. */
  revealed(questionId: string, chosen: readonly string[]): QuestionNode[] {
    return this.followUps(questionId).filter((f) => f.parentOptionId && chosen.includes(f.parentOptionId));
  }

  /**
   * Checks an answer against its question (000 §4, §5) and returns what to store: radio one option of the
   * question; checkbox options of the question where None clears the others and an empty submission records
   * None; text non-blank.
   */
  normalize(
    question: QuestionNode,
    input: AnswerInput,
  ): { response: string[]; freeFormatResponse: string | null } {
    if (question.type === 'long-text' || question.type === 'short-text') {
      if (!isTextAnswerValid(input.free_format_response))
        throw Errors.badRequest(MESSAGES.answerAllQuestions);
      return { response: [], freeFormatResponse: input.free_format_response!.trim() };
    }
    const options = this.options(question.id);
    const chosen = [...new Set(input.response ?? [])];
    if (chosen.some((id) => !options.some((o) => o.id === id))) {
      throw Errors.badRequest('An answer names an option that does not belong to its question.');
    }
    if (question.type === 'radio') {
      if (chosen.length !== 1) throw Errors.badRequest('Please choose one option.');
      return { response: chosen, freeFormatResponse: null };
    }
    const noneId = options.find((o) => o.includeNone)?.id ?? null;
    // None goes last, so choosing it clears any other choice sent with it.
    const ordered = [...chosen.filter((id) => id !== noneId), ...chosen.filter((id) => id === noneId)];
    const selected = ordered.reduce<string[]>((sel, id) => toggleCheckboxOption(sel, id, noneId), []);
    const recorded = checkboxSubmission(selected, noneId);
    if (recorded.length === 0) throw Errors.badRequest(MESSAGES.answerAllQuestions);
    return { response: recorded, freeFormatResponse: null };
  }

  /** Complete top-level answers: answered, and every follow-up its choice reveals answered too. */
  countComplete(responses: ResponseRow[]): number {
    const answered = new Set(responses.filter((r) => r.answeredAt !== null).map((r) => r.questionId));
    return responses.filter(
      (r) =>
        r.parentResponseId === null &&
        r.answeredAt !== null &&
        this.byId.get(r.questionId)?.parentQuestionId === null &&
        this.revealed(r.questionId, r.response).every((f) => answered.has(f.id)),
    ).length;
  }
}

/** Answers tried without the intake's lock before taking it (each try: one read, one conditional write). */
const OPTIMISTIC_TRIES = 3;

/** How long a template's question tree is reused; templates change with a release, not per request. */
const TREE_TTL_MS = 60_000;

export function createIntakesService(repo: IntakesRepository) {
  // Answering is the funnel's hottest write (one request per question): the tree of a template is read
  // once a minute, not once per answer.
  const trees = new Map<string, { tree: QuestionTree; at: number }>();
  const treeOf = async (r: IntakeQueries, templateId: string) => {
    const cached = trees.get(templateId);
    if (cached && Date.now() - cached.at < TREE_TTL_MS) return cached.tree;
    const { questions, options } = await r.questionTree(templateId);
    const tree = new QuestionTree(questions, options);
    trees.set(templateId, { tree, at: Date.now() });
    return tree;
  };

  const withResponses = async (r: IntakeQueries, row: IntakeRow): Promise<Intake> =>
    toIntake(row, await r.responsesOf([row.id]));

  /** Recounts the status counters from the stored answers (read again unless given) and returns the intake. */
  const recount = async (
    r: IntakeQueries,
    row: IntakeRow,
    tree: QuestionTree,
    known?: ResponseRow[],
  ): Promise<Intake> => {
    const responses = known ?? (await r.responsesOf([row.id]));
    const total = tree.top.length;
    const complete = Math.min(tree.countComplete(responses), total);
    const updated = await r.update(row.id, {
      questionsTotal: total,
      completeTotal: complete,
      incompleteTotal: total - complete,
    });
    return toIntake(updated ?? row, responses);
  };

  /** Runs a change on the patient's open intake, holding its row for the transaction. */
  const changeOpen = <T>(
    intakeId: string,
    userId: string,
    fn: (r: IntakeQueries, row: IntakeRow) => Promise<T>,
  ): Promise<T> =>
    repo.transaction(async (r) => {
      const row = await r.findForPatient(intakeId, userId, true);
      if (!row) throw Errors.notFound('The intake');
      assertOpen(row);
      return fn(r, row);
    });

  /**
   * What answering a top-level question changes, worked out from the intake's responses as read: the
   * answer to store, the follow-up answers that no longer apply, the responses after and the counters.
   */
  const answerChange = async (
    r: IntakeQueries,
    row: IntakeRow,
    responses: ResponseRow[],
    responseId: string,
    input: AnswerInput,
  ) => {
    const response = responses.find((x) => x.id === responseId);
    if (!response || response.parentResponseId !== null) throw Errors.notFound('The response');
    const tree = await treeOf(r, row.templateId);
    const question = tree.byId.get(response.questionId);
    if (!question) throw Errors.notFound('The question');
    const values = { ...tree.normalize(question, input), answeredAt: new Date() };
    // Follow-up answers of options no longer chosen no longer apply.
    const keep = new Set(tree.revealed(question.id, values.response).map((f) => f.id));
    const stale = new Set(
      responses.filter((c) => c.parentResponseId === response.id && !keep.has(c.questionId)).map((c) => c.id),
    );
    const after = responses
      .filter((x) => !stale.has(x.id))
      .map((x) => (x.id === response.id ? { ...x, ...values } : x));
    const total = tree.top.length;
    const complete = Math.min(tree.countComplete(after), total);
    return {
      responseId: response.id,
      values,
      stale: [...stale],
      responses: after,
      counters: { questionsTotal: total, completeTotal: complete, incompleteTotal: total - complete },
    };
  };

  return {
    /** Creates an intake of a template: one empty response per top-level question (000 §7). */
    async create(organizationId: string, userId: string, templateId: string): Promise<Intake> {
      return repo.transaction(async (r) => {
        const template = await r.findTemplate(organizationId, templateId);
        if (!template) throw Errors.notFound('The intake template');
        const tree = await treeOf(r, template.id);
        const id = newId();
        const total = tree.top.length;
        await r.insertIntake(
          {
            id,
            userId,
            organizationId,
            templateId: template.id,
            totalSteps: total,
            bundleSupport: template.bundleSupport,
            questionsTotal: total,
            completeTotal: 0,
            incompleteTotal: total,
          },
          tree.top.map((q) => ({ id: newId(), intakeId: id, questionId: q.id })),
        );
        const row = await r.findForPatient(id, userId);
        return withResponses(r, row!);
      });
    },

    async get(intakeId: string, userId: string): Promise<Intake> {
      const row = await repo.findForPatient(intakeId, userId);
      if (!row) throw Errors.notFound('The intake');
      return withResponses(repo, row);
    },

    async list(userId: string, which: 'all' | 'incomplete'): Promise<Intake[]> {
      const found = await repo.listForPatient(userId, which);
      const responses = await repo.responsesOf(found.map((row) => row.id));
      return found.map((row) =>
        toIntake(
          row,
          responses.filter((r) => r.intakeId === row.id),
        ),
      );
    },

    /** PUT .../intake/{intake}: subscriptions, image verification, awaiting-update flag. */
    async update(intakeId: string, userId: string, body: IntakeUpdate): Promise<Intake> {
      return repo.transaction(async (r) => {
        const row = await r.findForPatient(intakeId, userId, true);
        if (!row) throw Errors.notFound('The intake');
        if (row.closed) assertOpen(row);
        // A completed intake still takes a re-uploaded photo (which clears the awaiting flag), nothing else.
        if (row.patientComplete && body.subscriptions !== undefined) assertOpen(row);
        const changes: IntakeChanges = {};
        if (body.subscriptions !== undefined) {
          const wanted = [...new Set(body.subscriptions)];
          const owned = await r.subscriptionsOf(userId, wanted);
          if (owned.length !== wanted.length) throw Errors.badRequest('Unknown subscription.');
          changes.subscriptions = wanted;
        }
        if (body.image_verification !== undefined)
          changes.imageVerification = { ...row.imageVerification, ...body.image_verification };
        if (body.awaiting_patient_update !== undefined)
          changes.awaitingPatientUpdate = body.awaiting_patient_update;
        const updated = Object.keys(changes).length ? await r.update(row.id, changes) : row;
        return withResponses(r, updated ?? row);
      });
    },

    /**
     * PUT .../response/{responseId}: answers a top-level question and recounts the status. Two statements:
     * one read of the intake with its answers and row version, one write that applies the answer only if
     * the intake is still at that version (decision 022). A concurrent change sends it round again; after
     * OPTIMISTIC_TRIES it takes the intake's lock like the other changes.
     */
    async answer(intakeId: string, userId: string, responseId: string, input: AnswerInput): Promise<Intake> {
      for (let attempt = 0; attempt < OPTIMISTIC_TRIES; attempt++) {
        const snapshot = await repo.snapshotForPatient(intakeId, userId);
        if (!snapshot) throw Errors.notFound('The intake');
        assertOpen(snapshot.row);
        const change = await answerChange(repo, snapshot.row, snapshot.responses, responseId, input);
        const updated = await repo.answerIfUnchanged(
          snapshot.row.id,
          snapshot.version,
          change.responseId,
          change.values,
          change.stale,
          change.counters,
        );
        if (updated) return toIntake(updated, change.responses);
      }
      return changeOpen(intakeId, userId, async (r, row) => {
        const change = await answerChange(r, row, await r.responsesOf([row.id]), responseId, input);
        await r.answer(change.responseId, change.values);
        await r.deleteResponses(change.stale);
        const updated = await r.update(row.id, change.counters);
        return toIntake(updated ?? row, change.responses);
      });
    },

    /** PUT .../question/{parent}/response/child/update: answers follow-ups of a chosen option. */
    async answerChildren(
      intakeId: string,
      userId: string,
      parentQuestionId: string,
      answers: ChildAnswerInput[],
    ): Promise<Intake> {
      return changeOpen(intakeId, userId, async (r, row) => {
        const parent = await r.findResponseByQuestion(row.id, parentQuestionId);
        if (!parent || parent.parentResponseId !== null) throw Errors.notFound('The question');
        const tree = await treeOf(r, row.templateId);
        const revealed = new Set(tree.revealed(parentQuestionId, parent.response).map((f) => f.id));
        const now = new Date();
        const seen = new Set<string>();
        const values = answers.map((a) => {
          const question = tree.byId.get(a.question);
          if (!question || question.parentQuestionId !== parentQuestionId) {
            throw Errors.badRequest('A question is not a follow-up of this question.');
          }
          if (!revealed.has(question.id)) {
            throw Errors.badRequest('Choose the option this follow-up belongs to before answering it.');
          }
          if (seen.has(question.id)) throw Errors.badRequest('A follow-up question is answered twice.');
          seen.add(question.id);
          return { questionId: question.id, values: { ...tree.normalize(question, a), answeredAt: now } };
        });
        for (const v of values) await r.answerChild(row.id, parent.id, v.questionId, v.values);
        return recount(r, row, tree);
      });
    },

    /** GET .../response/{questionId}: the answer to a question (top-level or follow-up) of the intake. */
    async responseFor(intakeId: string, userId: string, questionId: string): Promise<IntakeResponse> {
      const row = await repo.findForPatient(intakeId, userId);
      if (!row) throw Errors.notFound('The intake');
      const response = await repo.findResponseByQuestion(row.id, questionId);
      if (!response) throw Errors.notFound('The response');
      const children = response.parentResponseId === null ? await repo.childrenOf(response.id) : [];
      const plain = (x: ResponseRow) => ({
        _id: x.id,
        question: x.questionId,
        response: x.response,
        free_format_response: x.freeFormatResponse,
      });
      return { ...plain(response), child_responses: children.map(plain) };
    },

    async close(intakeId: string, userId: string): Promise<Intake> {
      return changeOpen(intakeId, userId, async (r, row) => {
        const updated = await r.update(row.id, { closed: true, closedAt: new Date() });
        return withResponses(r, updated ?? row);
      });
    },

    async setExpiration(intakeId: string, userId: string, days = DEFAULT_EXPIRATION_DAYS): Promise<Intake> {
      return changeOpen(intakeId, userId, async (r, row) => {
        const updated = await r.update(row.id, { expiresAt: new Date(Date.now() + days * DAY_MS) });
        return withResponses(r, updated ?? row);
      });
    },

    /**
     * POST/DELETE /v2/intakes/{id}/products: ids of product templates or priced products of the organization,
     * or configurations of priced products (000 §3 "Selected configuration"), checked against the catalogue.
     * Adding a product replaces the same template's entry and removes the products of its exclusive group
     * (generic and compounded rapamycin in the demo catalogue: 000 §4, 002 §4.11).
     */
    async changeProducts(
      intakeId: string,
      organizationId: string,
      requested: ProductRequest[],
      mode: 'add' | 'remove',
    ): Promise<Intake> {
      return repo.transaction(async (r) => {
        const row = await r.findInOrganization(intakeId, organizationId, true);
        if (!row) throw Errors.notFound('The intake');
        assertOpen(row);
        const ids = [...new Set(requested.filter((p): p is string => typeof p === 'string'))];
        const configs = requested.filter((p): p is IntakeProductConfiguration => typeof p !== 'string');
        let selection: IntakeProduct[] = row.products;
        if (mode === 'remove') {
          const gone = new Set([...ids, ...configs.map((c) => c.product)]);
          selection = selection.filter(
            (p) => !gone.has(p.product_template) && !(p.product && gone.has(p.product)),
          );
        } else {
          const { templates, prices } = await r.catalogueItems(organizationId, ids);
          const configurable = await r.configurableProducts(
            organizationId,
            configs.map((c) => c.product),
          );
          const addons = new Set(await r.templateAddons(row.templateId));
          const groups = await r.exclusiveGroups(organizationId);
          const items: IntakeProduct[] = [];
          for (const id of ids) {
            const price = prices.find((p) => p.id === id);
            const templateId = price?.productTemplateId ?? templates.find((t) => t.id === id)?.id;
            if (!templateId) throw Errors.badRequest('Unknown product.');
            items.push(
              price
                ? {
                    product_template: templateId,
                    product: price.id,
                    quantity: 1,
                    shipping: {
                      months: price.intervalCount,
                      non_recurring: price.pricingType === 'one_time',
                    },
                  }
                : { product_template: templateId },
            );
          }
          for (const config of configs) {
            const found = configurable.find((p) => p.id === config.product);
            if (!found) throw Errors.badRequest('Unknown product.');
            items.push(configuredIntakeProduct(found, config));
          }
          for (const item of items) {
            if (addons.has(item.product_template)) item.is_addon = true;
            selection = addExclusive(
              selection,
              item,
              (p) => p.product_template,
              (t) => groups.get(t),
            ).selection;
          }
        }
        const updated = await r.update(row.id, { products: selection });
        return withResponses(r, updated ?? row);
      });
    },
  };
}
export type IntakesService = ReturnType<typeof createIntakesService>;
