import type { Intake } from '@portal/domain/contracts/intake';
import type { IntakeTemplate, Question } from '@portal/domain/contracts/intake-template';
import { MESSAGES } from '@portal/domain/messages';
import { realTimersOnFixedClock } from '@portal/domain/testing/fixed-clock';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GENERIC_ID,
  INTAKE_ID,
  intake,
  intakePath,
  intakeTemplate,
  TEMPLATE_ID,
} from '../../../test/fixtures/funnel';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  type RecordedRequest,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';

const option = (id: string, label: string, include_none = false) => ({ _id: id, label, include_none });
const followUp = (id: string, label: string): Question['response_conditions'][number]['question'] => ({
  _id: id,
  label,
  description_text: null,
  type: 'short-text',
  options: [],
});

const RADIO: Question = {
  _id: 'q-radio',
  label: 'How often do you exercise?',
  description_text: 'Count any activity that raises your heart rate.',
  type: 'radio',
  options: [option('o-rarely', 'Rarely'), option('o-often', '3-4 times a week')],
  response_conditions: [],
};
const RADIO_FOLLOW_UP: Question = {
  _id: 'q-rapa',
  label: 'Have you taken rapamycin (sirolimus) before?',
  description_text: null,
  type: 'radio',
  options: [option('o-yes', 'Yes'), option('o-no', 'No')],
  response_conditions: [
    { selected_option: 'o-yes', question: followUp('f-dose', 'What dose did you take?') },
  ],
};
const CHECKBOX: Question = {
  _id: 'q-conditions',
  label: 'Do you have any of the following conditions?',
  description_text: null,
  type: 'checkbox',
  options: [
    option('o-diabetes', 'Diabetes'),
    option('o-infection', 'An active infection'),
    option('o-none', 'None of the above', true),
  ],
  response_conditions: [
    { selected_option: 'o-infection', question: followUp('f-infection', 'Please describe the infection.') },
  ],
};
const SHORT: Question = {
  _id: 'q-pcp',
  label: 'Who is your primary care physician?',
  description_text: null,
  type: 'short-text',
  options: [],
  response_conditions: [],
};
const LONG: Question = {
  _id: 'q-goals',
  label: 'What would you like to achieve?',
  description_text: null,
  type: 'long-text',
  options: [],
  response_conditions: [],
};

const QUESTIONS = [RADIO, RADIO_FOLLOW_UP, CHECKBOX, SHORT, LONG];
const responseId = (q: Question) => `r-${q._id}`;

function intakeWithResponses(): Intake {
  return intake({
    total_steps: QUESTIONS.length,
    intake_responses: QUESTIONS.map((q) => ({
      _id: responseId(q),
      question: q._id,
      response: [],
      free_format_response: null,
      child_responses: [],
    })),
  });
}

const questionPath = (q: Question, step: number) =>
  `/consultation/intake/${USER_ID}/${INTAKE_ID}/question/${q._id}?step=${step}`;
const answerKey = (q: Question) =>
  `PUT /intakes/${ORG_ID}/patient/${USER_ID}/intake/${INTAKE_ID}/response/${responseId(q)}`;
const childKey = (q: Question) =>
  `PUT /intakes/${ORG_ID}/patient/${USER_ID}/intake/${INTAKE_ID}/question/${q._id}/response/child/update`;

function api(
  overrides: Record<string, Response | ((r: RecordedRequest) => Response | Promise<Response>)> = {},
) {
  const answered = () => json(200, intakeWithResponses());
  return mockApi({
    [`GET ${intakePath}`]: json(200, intakeWithResponses()),
    [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(
      200,
      intakeTemplate({ questions: QUESTIONS, total_steps: QUESTIONS.length }),
    ),
    ...Object.fromEntries(QUESTIONS.map((q) => [answerKey(q), answered])),
    [childKey(RADIO_FOLLOW_UP)]: answered,
    [childKey(CHECKBOX)]: answered,
    ...overrides,
  });
}

const puts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT');

/** Lets pending promises and React work settle without moving the (faked) clock. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
  });
}

describe('Intake question screen', () => {
  beforeEach(() => {
    setOrganization();
    signIn(patient({ sex: 'female' }));
  });

  it('shows the label, description and progress (step+1)/total', async () => {
    api();
    renderRoute(questionPath(RADIO_FOLLOW_UP, 1));
    const next = await screen.findByRole('group', { name: RADIO_FOLLOW_UP.label });
    expect(next.closest('.question-slide')).toHaveClass('question-slide--forward');
    const bar = screen.getByRole('progressbar', { name: 'Questionnaire progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', 'Question 2 of 5');
  });

  it('clamps a step beyond the count to the last question', async () => {
    api();
    renderRoute(`/consultation/intake/${USER_ID}/${INTAKE_ID}/question/whatever?step=99`);
    await screen.findByRole('textbox', { name: LONG.label });
    const bar = screen.getByRole('progressbar', { name: 'Questionnaire progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', 'Question 5 of 5');
  });

  it('radio: saves the choice at once and advances after 300 ms', async () => {
    const requests = api();
    const { router } = renderRoute(questionPath(RADIO, 0));
    const radio = await screen.findByRole('radio', { name: '3-4 times a week' });
    expect(screen.getByRole('group', { name: RADIO.label })).toHaveAccessibleDescription(
      RADIO.description_text ?? '',
    );

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(radio);
    await settle();
    expect(puts(requests)).toHaveLength(1);
    expect(puts(requests)[0]?.body).toEqual({ response: ['o-often'] });
    expect(currentUrl(router)).toBe(questionPath(RADIO, 0));

    await act(() => vi.advanceTimersByTimeAsync(299));
    await settle();
    expect(currentUrl(router)).toBe(questionPath(RADIO, 0));

    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle();
    expect(currentUrl(router)).toBe(questionPath(RADIO_FOLLOW_UP, 1));
    realTimersOnFixedClock();
    const next = await screen.findByRole('group', { name: RADIO_FOLLOW_UP.label });
    expect(next.closest('.question-slide')).toHaveClass('question-slide--forward');
  });

  it('radio: follow-ups appear and must all be answered before Continue', async () => {
    const requests = api();
    const { user, router } = renderRoute(questionPath(RADIO_FOLLOW_UP, 1));
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    const dose = await screen.findByRole('textbox', { name: 'What dose did you take?' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.answerAllQuestions);
    expect(screen.getByText('Please answer all questions before continuing.')).toBeInTheDocument();
    expect(currentUrl(router)).toBe(questionPath(RADIO_FOLLOW_UP, 1));

    await user.type(dose, '6 mg weekly');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(questionPath(CHECKBOX, 2)));
    const child = requests.find((r) => r.path.endsWith('/response/child/update'));
    expect(child?.body).toEqual({
      responses: [{ question: 'f-dose', is_free_format: true, free_format_response: '6 mg weekly' }],
    });
  });

  it('checkbox: None clears the others, any option removes None, and the body carries the choice', async () => {
    const requests = api();
    const { user, router } = renderRoute(questionPath(CHECKBOX, 2));
    const diabetes = await screen.findByRole('checkbox', { name: 'Diabetes' });
    const none = screen.getByRole('checkbox', { name: 'None of the above' });
    await user.click(diabetes);
    await user.click(none);
    expect(diabetes).not.toBeChecked();
    expect(none).toBeChecked();
    await user.click(diabetes);
    expect(none).not.toBeChecked();
    expect(diabetes).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(questionPath(SHORT, 3)));
    expect(puts(requests).map((r) => r.body)).toEqual([{ response: ['o-diabetes'] }]);
  });

  it('checkbox: an empty submission records None', async () => {
    const requests = api();
    const { user, router } = renderRoute(questionPath(CHECKBOX, 2));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(questionPath(SHORT, 3)));
    expect(puts(requests)[0]?.body).toEqual({ response: ['o-none'] });
  });

  it('checkbox: a shown follow-up text must be filled', async () => {
    const requests = api();
    const { user, router } = renderRoute(questionPath(CHECKBOX, 2));
    await user.click(await screen.findByRole('checkbox', { name: 'An active infection' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(MESSAGES.answerAllQuestions)).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Please describe the infection.' }), 'Sinusitis');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(questionPath(SHORT, 3)));
    expect(puts(requests).map((r) => r.body)).toEqual([
      { response: ['o-infection'] },
      { responses: [{ question: 'f-infection', is_free_format: true, free_format_response: 'Sinusitis' }] },
    ]);
  });

  it('short text: Next, then Submitting, then Updated, then the next step', async () => {
    // a gate made before the save is sent: releasing it holds whenever the save reaches the server
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests = api({
      [answerKey(SHORT)]: async () => {
        await gate;
        return json(200, intakeWithResponses());
      },
    });
    const { user, router } = renderRoute(questionPath(SHORT, 3));
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: SHORT.label }), 'Dr. Smith');
    await user.click(next);
    await screen.findByRole('button', { name: 'Submitting' });
    act(() => release());
    await screen.findByRole('button', { name: 'Updated' });
    expect(currentUrl(router)).toBe(questionPath(SHORT, 3));
    await waitFor(() => expect(currentUrl(router)).toBe(questionPath(LONG, 4)));
    await screen.findByRole('textbox', { name: LONG.label });
    expect(puts(requests)[0]?.body).toEqual({ free_format_response: 'Dr. Smith' });
  });

  it('short text: a failed save reads Error. Try Again', async () => {
    api({ [answerKey(SHORT)]: json(500, { text: 'ServerError', message: 'Down' }) });
    const { user } = renderRoute(questionPath(SHORT, 3));
    await user.type(await screen.findByRole('textbox', { name: SHORT.label }), 'Dr. Smith');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'Error. Try Again' });
  });

  it('long text: Continue needs an answer; after the last question the routing of 000 §4 applies', async () => {
    const requests = api();
    const { user, router } = renderRoute(questionPath(LONG, 4));
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: LONG.label }), '  ');
    expect(continueButton).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: LONG.label }), 'Live longer');
    await user.click(continueButton);
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/consultation/product-configure/${INTAKE_ID}/p/${GENERIC_ID}/selection?intakeTemplateId=${TEMPLATE_ID}`,
      ),
    );
    expect(puts(requests)[0]?.body).toEqual({ free_format_response: 'Live longer' });
  });

  async function answerLastQuestion(template: Partial<IntakeTemplate>) {
    api({
      [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(
        200,
        intakeTemplate({ questions: QUESTIONS, total_steps: QUESTIONS.length, ...template }),
      ),
    });
    const view = renderRoute(questionPath(LONG, 4));
    await view.user.type(await screen.findByRole('textbox', { name: LONG.label }), 'Live longer');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    return view;
  }

  it("goes on to protocol selection when the visit's template says so, whatever its slug", async () => {
    const { router } = await answerLastQuestion({
      slug: 'weekly-capsules-visit',
      settings: { protocol_selection: true },
    });
    await waitFor(() => expect(currentUrl(router)).toBe(`/consultation/protocol-selection/${INTAKE_ID}`));
  });

  it('does not go to protocol selection for a slug alone', async () => {
    const { router } = await answerLastQuestion({ slug: 'compounded-rapamycin', settings: {} });
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/consultation/product-configure/${INTAKE_ID}/p/${GENERIC_ID}/selection?intakeTemplateId=${TEMPLATE_ID}`,
      ),
    );
  });
});
