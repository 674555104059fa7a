import { describe, expect, it } from 'vitest';
import {
  type ContinueIntakeInput,
  continueIntakeTarget,
  firstIncompleteQuestion,
  isMedicalProfileUnstarted,
  isResponseAnswered,
} from './continue-intake';

const completeUser = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  birthday: '12-10-1980',
  height: 66,
  weight: 140,
  sex: 'female',
  medical_profile: { has_allergies: false, has_medical_conditions: false, has_current_medications: false },
};

const input = (
  over: Partial<ContinueIntakeInput> = {},
  intake: Partial<ContinueIntakeInput['intake']> = {},
) =>
  ({
    user: completeUser,
    compoundedTemplateId: 'tpl-compounded',
    ...over,
    intake: {
      intake_template: 'tpl-generic',
      questionsTotal: 3,
      completeTotal: 3,
      questions: [
        { questionId: 'q1', answered: true },
        { questionId: 'q2', answered: true },
        { questionId: 'q3', answered: true },
      ],
      productTemplateId: 'pt-generic',
      ...intake,
    },
  }) satisfies ContinueIntakeInput;

describe('continueIntakeTarget', () => {
  it('1. goes to the consultation profile when the profile is incomplete', () => {
    expect(continueIntakeTarget(input({ user: { ...completeUser, weight: null } }))).toEqual({
      section: 'profile',
    });
    expect(continueIntakeTarget(input({ user: null }))).toEqual({ section: 'profile' });
  });

  it('2. goes to pharmacy overview when the medical profile is missing or all flags are unset', () => {
    expect(continueIntakeTarget(input({ user: { ...completeUser, medical_profile: null } }))).toEqual({
      section: 'pharmacy-overview',
    });
    expect(continueIntakeTarget(input({ user: { ...completeUser, medical_profile: {} } }))).toEqual({
      section: 'pharmacy-overview',
    });
  });

  it('2. does not stop at pharmacy overview when one flag is set', () => {
    const user = { ...completeUser, medical_profile: { has_allergies: true } };
    expect(continueIntakeTarget(input({ user })).section).not.toBe('pharmacy-overview');
  });

  it('3. goes to the first incomplete question when answers are fewer than questions', () => {
    const questions = [
      { questionId: 'q1', answered: true },
      { questionId: 'q2', answered: false },
      { questionId: 'q3', answered: false },
    ];
    // 1 complete < 3 total -> q2 at zero-based step 1
    expect(continueIntakeTarget(input({}, { completeTotal: 1, questions }))).toEqual({
      section: 'intake',
      questionId: 'q2',
      step: 1,
    });
  });

  it('3. puts unanswered verification items first', () => {
    const questions = [
      { questionId: 'q1', answered: false },
      { questionId: 'v1', answered: false, verification: true },
    ];
    expect(continueIntakeTarget(input({}, { completeTotal: 0, questionsTotal: 2, questions }))).toEqual({
      section: 'intake',
      questionId: 'v1',
      step: 1,
    });
  });

  it('4. goes to protocol selection for the compounded template', () => {
    expect(continueIntakeTarget(input({}, { intake_template: 'tpl-compounded' }))).toEqual({
      section: 'protocol-selection',
    });
  });

  it('5. otherwise goes to treatment-checkout', () => {
    expect(continueIntakeTarget(input())).toEqual({
      section: 'product-configure',
      route: 'treatment-checkout',
      productTemplateId: 'pt-generic',
    });
  });

  it('goes on to rules 4 and 5 when the counts disagree with the answers', () => {
    expect(continueIntakeTarget(input({}, { completeTotal: 2 })).section).toBe('product-configure');
  });
});

describe('isMedicalProfileUnstarted', () => {
  it('is true only when the profile is missing or every flag is unset', () => {
    expect(isMedicalProfileUnstarted(undefined)).toBe(true);
    expect(isMedicalProfileUnstarted({ has_allergies: null })).toBe(true);
    expect(isMedicalProfileUnstarted({ has_current_medications: false })).toBe(false);
  });
});

describe('firstIncompleteQuestion', () => {
  it('is null when everything is answered', () => {
    expect(firstIncompleteQuestion([{ questionId: 'q1', answered: true }])).toBeNull();
    expect(firstIncompleteQuestion([])).toBeNull();
  });
});

describe('isResponseAnswered', () => {
  it('counts a chosen option or a non-blank text', () => {
    expect(isResponseAnswered({ response: ['a1'], free_format_response: null })).toBe(true);
    expect(isResponseAnswered({ response: [], free_format_response: 'Dr. Rivera' })).toBe(true);
  });
  it('does not count an empty answer or whitespace', () => {
    expect(isResponseAnswered({ response: [], free_format_response: null })).toBe(false);
    expect(isResponseAnswered({ response: [], free_format_response: '   ' })).toBe(false);
  });
});
