import type { Db } from '../client';
import { newId } from '../ids';
import { intakeTemplates, type QuestionType, questionOptions, questions } from '../schema/intakes';
import type { CatalogueIds } from './catalogue';

type OptionSeed = { label: string; includeNone?: boolean; followUps?: QuestionSeed[] };
type QuestionSeed = {
  key: string;
  label: string;
  description?: string;
  type: QuestionType;
  options?: OptionSeed[];
};

export type SeededOption = { id: string; label: string; includeNone: boolean };
export type SeededQuestion = {
  id: string;
  key: string;
  type: QuestionType;
  options: SeededOption[];
  /** Questions revealed by choosing optionId. */
  followUps: { optionId: string; question: SeededQuestion }[];
};
export type SeededTemplate = { id: string; slug: string; questions: SeededQuestion[] };
export type IntakeTemplateIds = { global: string; generic: string; compounded: string };
export type SeededTemplates = Record<keyof IntakeTemplateIds, SeededTemplate>;

export const newIntakeTemplateIds = (): IntakeTemplateIds => ({
  global: newId(),
  generic: newId(),
  compounded: newId(),
});

const yesNo = (followUp: QuestionSeed): OptionSeed[] => [
  { label: 'Yes', followUps: [followUp] },
  { label: 'No' },
];

const conditionsQuestion: QuestionSeed = {
  key: 'conditions',
  label: 'Do you have, or have you ever had, any of the following conditions?',
  description: 'Select all that apply.',
  type: 'checkbox',
  options: [
    { label: 'Diabetes (type 1 or type 2)' },
    { label: 'Chronic kidney disease' },
    { label: 'Liver disease or hepatitis' },
    {
      label: 'An active or recurring infection',
      followUps: [
        {
          key: 'infection_details',
          label: 'Please describe the infection and how it is being treated.',
          type: 'short-text',
        },
      ],
    },
    { label: 'Cancer currently under treatment' },
    { label: 'A weakened immune system or an organ transplant' },
    { label: 'None of the above', includeNone: true },
  ],
};

const rapamycinQuestions = (form: 'tablets' | 'capsules'): QuestionSeed[] => [
  conditionsQuestion,
  {
    key: 'rapamycin_before',
    label: 'Have you taken rapamycin (sirolimus) before?',
    type: 'radio',
    options: yesNo({
      key: 'rapamycin_before_details',
      label: 'What dose did you take, how often, and for how long?',
      type: 'short-text',
    }),
  },
  {
    key: 'procedure_planned',
    label: 'Do you have surgery or a dental procedure planned in the next 4 weeks?',
    description: 'Rapamycin can slow wound healing, so your physician may pause it around a procedure.',
    type: 'radio',
    options: yesNo({
      key: 'procedure_details',
      label: 'Which procedure is planned, and on what date?',
      type: 'short-text',
    }),
  },
  {
    key: 'immune_medication',
    label: 'Are you currently taking any medication that affects your immune system?',
    description: 'For example steroids such as prednisone, methotrexate, tacrolimus, or a biologic drug.',
    type: 'radio',
    options: yesNo({
      key: 'immune_medication_details',
      label: 'Which medication, at what dose?',
      type: 'short-text',
    }),
  },
  ...(form === 'capsules'
    ? [
        {
          key: 'swallowing',
          label: 'Do you have any difficulty swallowing capsules?',
          type: 'radio',
          options: [{ label: 'Yes' }, { label: 'No' }],
        } satisfies QuestionSeed,
      ]
    : []),
  {
    key: 'goals',
    label: 'What would you like to achieve with a longevity protocol?',
    description: 'Tell us about your health goals so your physician can tailor your plan.',
    type: 'long-text',
  },
  {
    key: 'primary_care',
    label: 'Who is your primary care physician?',
    description: "Name and city, or 'None'.",
    type: 'short-text',
  },
];

const globalQuestions: QuestionSeed[] = [
  {
    key: 'focus_areas',
    label: 'Which areas of your health would you most like to improve?',
    description: 'Select all that apply.',
    type: 'checkbox',
    options: [
      { label: 'Energy' },
      { label: 'Sleep' },
      { label: 'Metabolic health' },
      { label: 'Heart health' },
      { label: 'Cognitive performance' },
      { label: 'Healthy weight' },
      { label: 'None of the above', includeNone: true },
    ],
  },
  {
    key: 'exercise',
    label: 'How often do you exercise?',
    type: 'radio',
    options: [
      { label: 'Rarely' },
      { label: '1-2 times a week' },
      { label: '3-4 times a week' },
      { label: '5 or more times a week' },
    ],
  },
  {
    key: 'medication_changes',
    label: 'Have you started or stopped any prescription medication in the last 3 months?',
    type: 'radio',
    options: yesNo({
      key: 'medication_changes_details',
      label: 'Which medication, and when did you start or stop it?',
      type: 'short-text',
    }),
  },
  {
    key: 'history_notes',
    label: 'Is there anything else about your health history your physician should know?',
    type: 'long-text',
  },
  {
    key: 'pharmacy',
    label: 'Which pharmacy do you prefer, if any?',
    description: 'Name and city.',
    type: 'short-text',
  },
];

type QuestionRow = typeof questions.$inferInsert & { depth: number };
type OptionRow = typeof questionOptions.$inferInsert & { depth: number };

/** Flattens a question tree into rows; parents come before their options and follow-ups. */
function plan(
  templateId: string,
  seeds: QuestionSeed[],
  questionRows: QuestionRow[],
  optionRows: OptionRow[],
  parent?: { questionId: string; optionId: string; depth: number },
): SeededQuestion[] {
  const depth = parent ? parent.depth + 1 : 0;
  return seeds.map((seed, index) => {
    const id = newId();
    questionRows.push({
      id,
      templateId,
      label: seed.label,
      descriptionText: seed.description ?? null,
      type: seed.type,
      position: index,
      parentQuestionId: parent?.questionId ?? null,
      parentOptionId: parent?.optionId ?? null,
      depth,
    });
    const seeded: SeededQuestion = { id, key: seed.key, type: seed.type, options: [], followUps: [] };
    const followUpSeeds: { optionId: string; seeds: QuestionSeed[] }[] = [];
    (seed.options ?? []).forEach((option, position) => {
      const optionId = newId();
      optionRows.push({
        id: optionId,
        questionId: id,
        label: option.label,
        includeNone: option.includeNone ?? false,
        position,
        depth,
      });
      seeded.options.push({ id: optionId, label: option.label, includeNone: option.includeNone ?? false });
      if (option.followUps) followUpSeeds.push({ optionId, seeds: option.followUps });
    });
    for (const f of followUpSeeds) {
      const children = plan(templateId, f.seeds, questionRows, optionRows, {
        questionId: id,
        optionId: f.optionId,
        depth,
      });
      for (const question of children) seeded.followUps.push({ optionId: f.optionId, question });
    }
    return seeded;
  });
}

/** The global intake and one per rapamycin protocol, wired to the catalogue. */
export async function seedIntakeTemplates(
  tx: Db,
  opts: { organizationId: string; brandSlug: string; ids: IntakeTemplateIds; catalogue: CatalogueIds },
): Promise<SeededTemplates> {
  const { organizationId, brandSlug, ids, catalogue: c } = opts;
  const addons = [c.metformin, c.nad, c.acarbose];
  const image = (file: string) => `/brands/${brandSlug}/products/${file}`;
  await tx.insert(intakeTemplates).values([
    {
      id: ids.global,
      organizationId,
      name: 'General Longevity Visit',
      slug: 'global',
      description: 'A general health and longevity consultation with a physician.',
      productDefaults: [c.genericRapamycin, c.compoundedRapamycin],
      productAddons: addons,
      productBestValue: [c.genericRapamycin],
      bundleSettings: {
        title: 'Longevity Visit',
        image: image('generic-rapamycin.svg'),
        description: 'Tell us about your health and goals, and a physician will recommend a protocol.',
      },
      isGlobal: true,
    },
    {
      id: ids.generic,
      organizationId,
      name: 'Generic Rapamycin Visit',
      slug: 'generic-rapamycin',
      description: 'Consultation for a low-dose, once-weekly generic rapamycin protocol.',
      productDefaults: [c.genericRapamycin],
      productAddons: addons,
      productBestValue: [c.genericRapamycin],
      bundleSupport: true,
      bundleSettings: {
        title: 'Generic Rapamycin Protocol',
        image: image('generic-rapamycin.svg'),
        description: 'Pharmacy-grade generic sirolimus, taken once weekly, with physician follow-up.',
      },
    },
    {
      id: ids.compounded,
      organizationId,
      name: 'Compounded Rapamycin Visit',
      slug: 'compounded-rapamycin',
      description: 'Consultation for a compounded, enteric-coated rapamycin protocol.',
      productDefaults: [c.compoundedRapamycin],
      productAddons: [c.metformin, c.nad],
      productBestValue: [c.compoundedRapamycin],
      // The patient chooses between the protocols of the rapamycin group after this visit's questions (000 §4).
      settings: { protocol_selection: true },
      bundleSettings: {
        title: 'Compounded Rapamycin Protocol',
        image: image('compounded-rapamycin.svg'),
        description: 'Enteric-coated compounded rapamycin capsules at an accessible price.',
      },
    },
  ]);

  const questionRows: QuestionRow[] = [];
  const optionRows: OptionRow[] = [];
  const seeded: SeededTemplates = {
    global: {
      id: ids.global,
      slug: 'global',
      questions: plan(ids.global, globalQuestions, questionRows, optionRows),
    },
    generic: {
      id: ids.generic,
      slug: 'generic-rapamycin',
      questions: plan(ids.generic, rapamycinQuestions('tablets'), questionRows, optionRows),
    },
    compounded: {
      id: ids.compounded,
      slug: 'compounded-rapamycin',
      questions: plan(ids.compounded, rapamycinQuestions('capsules'), questionRows, optionRows),
    },
  };
  // A follow-up points at an option of its parent, so insert level by level: questions, then their options.
  const maxDepth = Math.max(...questionRows.map((q) => q.depth));
  for (let d = 0; d <= maxDepth; d++) {
    const levelQuestions = questionRows.filter((q) => q.depth === d).map(({ depth: _, ...q }) => q);
    const levelOptions = optionRows.filter((o) => o.depth === d).map(({ depth: _, ...o }) => o);
    if (levelQuestions.length) await tx.insert(questions).values(levelQuestions);
    if (levelOptions.length) await tx.insert(questionOptions).values(levelOptions);
  }
  return seeded;
}
