import { newId } from '../ids';
import type { intakeResponses } from '../schema/intakes';
import type { MessageBlock } from '../schema/messaging';
import type { users } from '../schema/users';
import type { SeededCatalogue } from './catalogue';
import type { DemoLogin } from './demo-patient';
import type { SeededQuestion, SeededTemplate, SeededTemplates } from './intake-templates';
import type { SeededPhysician } from './physicians';

/** What a seeded patient's history needs to know of its brand. */
export type BrandContext = {
  organizationId: string;
  brandSlug: string;
  brandName: string;
  catalogue: SeededCatalogue;
  templates: SeededTemplates;
  physicians: SeededPhysician[];
  now: Date;
};

export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;

export type Answer = { options?: string[]; text?: string; followUps?: Record<string, string> };

/**
 * One response row per top-level question (empty when unanswered, as an intake starts), plus child rows
 * for the follow-ups revealed by the chosen options.
 */
export function responsesFor(
  template: SeededTemplate,
  intakeId: string,
  answers: Record<string, Answer>,
  answeredAt: Date,
): { rows: (typeof intakeResponses.$inferInsert)[]; answered: number } {
  const rows: (typeof intakeResponses.$inferInsert)[] = [];
  let answered = 0;
  const optionIds = (q: SeededQuestion, labels: string[]) =>
    labels.map((label) => {
      const option = q.options.find((o) => o.label === label);
      if (!option) throw new Error(`Unknown option '${label}' of question ${q.key}`);
      return option.id;
    });
  for (const q of template.questions) {
    const answer = answers[q.key];
    const id = newId();
    const chosen = answer?.options ? optionIds(q, answer.options) : [];
    rows.push({
      id,
      intakeId,
      questionId: q.id,
      response: chosen,
      freeFormatResponse: answer?.text ?? null,
      answeredAt: answer ? answeredAt : null,
      createdAt: answeredAt,
    });
    if (!answer) continue;
    answered += 1;
    for (const f of q.followUps) {
      if (!chosen.includes(f.optionId)) continue;
      const text = answer.followUps?.[f.question.key];
      if (text === undefined) throw new Error(`Missing follow-up answer ${f.question.key}`);
      rows.push({
        id: newId(),
        intakeId,
        questionId: f.question.id,
        response: [],
        freeFormatResponse: text,
        parentResponseId: id,
        answeredAt,
        createdAt: answeredAt,
      });
    }
  }
  return { rows, answered };
}

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
export const orderName = (d: Date, productName: string) => `${isoDate(d)} ${productName}`.replace(/-/g, '_');

export function careTeamUser(
  ctx: BrandContext,
  login: DemoLogin,
  passwordHash: string,
  avatar: string,
): typeof users.$inferInsert & { id: string } {
  return {
    id: newId(),
    organizationId: ctx.organizationId,
    role: 'care_team',
    email: login.email,
    passwordHash,
    firstName: login.firstName,
    lastName: login.lastName,
    requiresIntake: false,
    verified: true,
    verificationStatus: 'completed',
    image: { profile: { profile_url: avatar } },
    createdAt: new Date(ctx.now.getTime() - 400 * DAY),
  };
}

export const welcomeAnnouncement = (brandName: string, careName: string, userId: string): MessageBlock[] => [
  { type: 'paragraph', text: `Welcome to ${brandName}! I'm ${careName} from your care team.` },
  { type: 'paragraph', text: 'Here is how we can help you between visits:' },
  {
    type: 'list',
    items_type: 'unordered',
    list_items: [
      {
        bold_text: 'Questions about your protocol',
        text: 'dosing, side effects or timing around procedures.',
      },
      { bold_text: 'Labs', text: 'what to expect and how to read your results.' },
      { bold_text: 'Billing and shipping', text: 'changes to your plan or address.' },
    ],
  },
  { type: 'paragraph', text: 'We answer messages on business days, 9 AM to 7 PM Eastern.' },
  { type: 'action', text: 'Go to your dashboard', linkUrl: `/dashboard/${userId}/profile` },
];
