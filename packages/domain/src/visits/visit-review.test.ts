import { describe, expect, it } from 'vitest';
import type { IntakeResponse } from '../contracts/intake';
import type { Question } from '../contracts/intake-template';
import {
  isVisitReviewSection,
  neighbourSections,
  reviewedAnswers,
  VISIT_REVIEW_SECTIONS,
  visitReviewPath,
  visitReviewTitle,
} from './visit-review';

const id = (n: number) => n.toString(16).padStart(24, '0');

const sleep: Question = {
  _id: id(1),
  label: 'How many hours do you sleep?',
  description_text: null,
  type: 'radio',
  options: [
    { _id: id(11), label: 'Under 6', include_none: false },
    { _id: id(12), label: '6 to 8', include_none: false },
  ],
  response_conditions: [
    {
      selected_option: id(11),
      question: {
        _id: id(13),
        label: 'What keeps you awake?',
        description_text: null,
        type: 'short-text',
        options: [],
      },
    },
  ],
};
const goals: Question = {
  _id: id(2),
  label: 'What are your goals?',
  description_text: null,
  type: 'checkbox',
  options: [
    { _id: id(21), label: 'Energy', include_none: false },
    { _id: id(22), label: 'Longevity', include_none: false },
    { _id: id(23), label: 'Sleep', include_none: false },
  ],
  response_conditions: [],
};
const notes: Question = { ...goals, _id: id(3), label: 'Anything else?', type: 'long-text', options: [] };

const response = (over: Partial<IntakeResponse> & { question: string }): IntakeResponse => ({
  _id: id(100 + Number.parseInt(over.question, 16)),
  response: [],
  free_format_response: null,
  child_responses: [],
  ...over,
});

describe('visit review sections (002 §2.1, 000 §2)', () => {
  it('are the funnel sections a patient answers, named by their progress stage', () => {
    expect(VISIT_REVIEW_SECTIONS.map(visitReviewTitle)).toEqual([
      'Profile',
      'Medical History',
      'Medical Review',
      'Protocol Preference',
      'Identity Verification',
    ]);
    expect(isVisitReviewSection('intake')).toBe(true);
    expect(isVisitReviewSection('checkout')).toBe(false);
    expect(isVisitReviewSection(undefined)).toBe(false);
  });

  it('link to each other in order, with no neighbour past either end', () => {
    expect(neighbourSections('profile')).toEqual({ previous: null, next: 'pharmacy-questions' });
    expect(neighbourSections('intake')).toEqual({ previous: 'pharmacy-questions', next: 'treatment' });
    expect(neighbourSections('identification-step')).toEqual({ previous: 'treatment', next: null });
  });

  it('have a path under the dashboard page the patient came from', () => {
    expect(visitReviewPath('u1', 'i1')).toBe('/dashboard/u1/profile/intake/i1/profile');
    expect(visitReviewPath('u 1', 'i1', 'intake', 'orders')).toBe('/dashboard/u%201/orders/intake/i1/intake');
  });
});

describe('reviewedAnswers', () => {
  it('pairs each question with its answer by id, in template order, whatever the responses’ order', () => {
    const answers = reviewedAnswers(
      [sleep, goals, notes],
      [
        response({ question: id(3), free_format_response: '  Nothing more.  ' }),
        response({ question: id(2), response: [id(23), id(21)] }),
        response({ question: id(1), response: [id(12)] }),
      ],
    );
    expect(answers).toEqual([
      { questionId: id(1), question: sleep.label, answer: ['6 to 8'], followUps: [] },
      { questionId: id(2), question: goals.label, answer: ['Sleep', 'Energy'], followUps: [] },
      { questionId: id(3), question: notes.label, answer: ['Nothing more.'], followUps: [] },
    ]);
  });

  it('shows the follow-ups of a chosen option only, with their answers', () => {
    const [answer] = reviewedAnswers(
      [sleep],
      [
        response({
          question: id(1),
          response: [id(11)],
          child_responses: [{ _id: id(200), question: id(13), response: [], free_format_response: 'Noise' }],
        }),
      ],
    );
    expect(answer?.followUps).toEqual([{ question: 'What keeps you awake?', answer: ['Noise'] }]);

    const [other] = reviewedAnswers(
      [sleep],
      [
        response({
          question: id(1),
          response: [id(12)],
          child_responses: [{ _id: id(200), question: id(13), response: [], free_format_response: 'Noise' }],
        }),
      ],
    );
    expect(other?.followUps).toEqual([]);
  });

  it('leaves an unanswered question with no answer lines, and ignores option ids the template lacks', () => {
    const answers = reviewedAnswers([sleep, goals], [response({ question: id(2), response: [id(99)] })]);
    expect(answers.map((a) => a.answer)).toEqual([[], []]);
  });
});
