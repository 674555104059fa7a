import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSessionPatient } from '../../../lib/session';
import { INTAKE_ID, intake, intakePath } from '../../../test/fixtures/funnel';
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

const FIRST_QUESTION = '0123456789abcdef01234567';
const questions = (step: number) =>
  `/consultation/pharmacy-questions/${USER_ID}/${INTAKE_ID}/question/current?step=${step}`;
const overview = `/consultation/pharmacy-overview/${USER_ID}/${INTAKE_ID}/question/none`;
const COMPLETE = { birthday: '04-15-1985', height: 66, weight: 150, state: 'CA' };

function api() {
  return mockApi({
    [`GET ${intakePath}`]: json(
      200,
      intake({
        intake_responses: [
          {
            _id: 'r1',
            question: FIRST_QUESTION,
            response: [],
            free_format_response: null,
            child_responses: [],
          },
        ],
      }),
    ),
    [`PUT /users/${ORG_ID}/${USER_ID}`]: (r: RecordedRequest) => {
      const current = getSessionPatient();
      const changes = r.body as { medical_profile?: object };
      return json(
        200,
        patient({
          ...current,
          medical_profile: { ...current?.medical_profile, ...changes.medical_profile },
        }),
      );
    },
    [`GET /users/${ORG_ID}/user/${USER_ID}/patient`]: () => json(200, getSessionPatient()),
  });
}

const lastPut = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT').at(-1)?.body;

describe('Pharmacy questions (medical history)', () => {
  beforeEach(() => setOrganization());

  it('has 4 steps for a female patient, starting with the pregnancy question', async () => {
    signIn(patient({ ...COMPLETE, sex: 'female' }));
    api();
    renderRoute(questions(0));
    await screen.findByRole('heading', { name: 'Your Medical History' });
    const bar = screen.getByRole('progressbar', { name: 'Medical history progress' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Question 1 of 4');
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('group', { name: /pregnant/ })).toBeInTheDocument();
  });

  it('has 3 steps for a male patient and never shows him the pregnancy question', async () => {
    signIn(patient({ ...COMPLETE, sex: 'male' }));
    api();
    renderRoute(questions(0));
    const bar = await screen.findByRole('progressbar', { name: 'Medical history progress' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Question 1 of 3');
    expect(screen.queryByRole('checkbox', { name: 'I am pregnant' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: /allergies/ })).toBeInTheDocument();
  });

  it('None on the pregnancy question clears the other choices and all three flags', async () => {
    signIn(patient({ ...COMPLETE, sex: 'female' }));
    const requests = api();
    const { user, router } = renderRoute(questions(0));
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'I am pregnant' }));
    await user.click(screen.getByRole('checkbox', { name: 'I am breastfeeding' }));
    expect(screen.getByRole('checkbox', { name: 'I am pregnant' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'None of the above' }));
    expect(screen.getByRole('checkbox', { name: 'I am pregnant' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'I am breastfeeding' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'None of the above' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(questions(1)));
    expect(lastPut(requests)).toEqual({
      medical_profile: { pregnant: false, planning_pregnancy: false, breastfeeding: false },
    });
  });

  it('choosing an option after None removes None', async () => {
    signIn(patient({ ...COMPLETE, sex: 'female' }));
    api();
    const { user } = renderRoute(questions(0));
    await user.click(await screen.findByRole('checkbox', { name: 'None of the above' }));
    await user.click(screen.getByRole('checkbox', { name: 'I am planning to become pregnant' }));
    expect(screen.getByRole('checkbox', { name: 'None of the above' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'I am planning to become pregnant' })).toBeChecked();
  });

  it('no saves and goes on at once', async () => {
    signIn(patient({ ...COMPLETE, sex: 'male' }));
    const requests = api();
    const { user, router } = renderRoute(questions(1));
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    await waitFor(() => expect(currentUrl(router)).toBe(questions(2)));
    expect(lastPut(requests)).toEqual({ medical_profile: { has_allergies: false, allergy_text: '' } });
  });

  it('yes needs non-blank details before Continue', async () => {
    signIn(patient({ ...COMPLETE, sex: 'male' }));
    const requests = api();
    const { user, router } = renderRoute(questions(2));
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    const details = screen.getByRole('textbox', { name: 'Please list your medical conditions.' });
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.type(details, '   ');
    expect(continueButton).toBeDisabled();
    await user.type(details, 'Asthma ');
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);
    await waitFor(() => expect(currentUrl(router)).toBe(questions(3)));
    expect(lastPut(requests)).toEqual({
      medical_profile: { has_medical_conditions: true, medical_condition_text: 'Asthma' },
    });
  });

  it('after the last step goes to the first intake question with step 0', async () => {
    signIn(patient({ ...COMPLETE, sex: 'male' }));
    api();
    const { user, router } = renderRoute(`${questions(3)}&product=abc`);
    await screen.findByRole('group', { name: /medications/ });
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/consultation/intake/${USER_ID}/${INTAKE_ID}/question/${FIRST_QUESTION}?step=0&product=abc`,
      ),
    );
  });

  it('shows Error. Try Again when the save fails', async () => {
    signIn(patient({ ...COMPLETE, sex: 'male' }));
    mockApi({
      [`GET ${intakePath}`]: json(200, intake()),
      [`PUT /users/${ORG_ID}/${USER_ID}`]: json(500, { text: 'ServerError', message: 'Down' }),
    });
    const { user } = renderRoute(questions(1));
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    await screen.findByRole('button', { name: 'Error. Try Again' });
  });
});

describe('Review Medical History', () => {
  beforeEach(() => setOrganization());

  it('shows the saved answers and continues to the first intake question', async () => {
    signIn(
      patient({
        ...COMPLETE,
        sex: 'female',
        medical_profile: {
          pregnant: false,
          planning_pregnancy: false,
          breastfeeding: false,
          has_allergies: true,
          allergy_text: 'Penicillin',
          has_medical_conditions: false,
          has_current_medications: false,
        },
      }),
    );
    api();
    const { user, router } = renderRoute(overview);
    await screen.findByRole('heading', { name: 'Review Medical History' });
    expect(screen.getByText('Penicillin')).toBeInTheDocument();
    expect(screen.getByText('None of the above')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/consultation/intake/${USER_ID}/${INTAKE_ID}/question/${FIRST_QUESTION}?step=0`,
      ),
    );
  });

  it('Update opens the pharmacy questions; an unstarted history cannot skip them', async () => {
    signIn(patient({ ...COMPLETE, sex: 'male' }));
    api();
    const { user, router } = renderRoute(overview);
    expect(await screen.findAllByText('Not answered yet')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(questions(1)));
  });

  it('Update Medical History goes to step 0 for a female patient', async () => {
    signIn(patient({ ...COMPLETE, sex: 'female' }));
    api();
    const { user, router } = renderRoute(overview);
    await user.click(await screen.findByRole('button', { name: 'Update Medical History' }));
    await waitFor(() => expect(currentUrl(router)).toBe(questions(0)));
  });
});
