import { formatMmDdYyyy, toCalendarDate } from '@portal/domain/format/date';
import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSessionPatient } from '../../../lib/session';
import {
  INTAKE_ID,
  intake,
  intakePath,
  LAB_ID,
  productTemplate,
  STATES,
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

const PATH = `/consultation/profile/${USER_ID}/${INTAKE_ID}/question/none`;
const validatePath = (stateId: string) =>
  `GET /states/${ORG_ID}/state/${stateId}/intake/${TEMPLATE_ID}/validate`;

function api(overrides: Record<string, Response | ((r: RecordedRequest) => Response)> = {}) {
  return mockApi({
    [`GET ${intakePath}`]: json(200, intake()),
    'GET /states': json(200, STATES),
    [validatePath(STATES[0]!._id)]: json(200, { approved: false }),
    [validatePath(STATES[1]!._id)]: json(200, { approved: true }),
    [`PUT /users/${ORG_ID}/${USER_ID}`]: (r) =>
      json(200, patient({ ...getSessionPatient(), ...(r.body as object) })),
    [`GET /product/${ORG_ID}/template/${LAB_ID}`]: json(200, productTemplate({ _id: LAB_ID, type: 'lab' })),
    ...overrides,
  });
}

type Setup = ReturnType<typeof renderRoute>;

async function fillProfile({ user }: Setup, { state = 'CA', birthday = '04-15-1985' } = {}) {
  await user.click(await screen.findByRole('radio', { name: 'Female' }));
  await user.type(screen.getByLabelText('Date of Birth'), birthday.replace(/-/g, ''));
  await user.type(screen.getByLabelText('Weight (lbs)'), '150');
  await user.selectOptions(screen.getByLabelText('Feet'), '5');
  await user.selectOptions(screen.getByLabelText('Inches'), '6');
  await user.selectOptions(screen.getByLabelText('State'), state);
}

/** A birthday 17 years before today, MM-DD-YYYY. */
function seventeenYearsAgo(): string {
  const today = toCalendarDate(new Date());
  return formatMmDdYyyy({ year: today.year - 17, month: today.month, day: Math.min(today.day, 28) });
}

describe('Profile step', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });

  it('shows every message of 000 §5 on Continue with an empty form', async () => {
    api();
    const { user } = renderRoute(PATH);
    await screen.findByRole('heading', { name: 'Your Profile' });
    expect(screen.getByRole('navigation', { name: 'Visit progress' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    for (const message of [
      MESSAGES.sexRequired,
      MESSAGES.birthdayInvalid,
      MESSAGES.weightInvalid,
      MESSAGES.heightInvalid,
      MESSAGES.stateRequired,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Date of Birth')).toHaveAttribute('aria-invalid', 'true');
  });

  it('masks the birthday and refuses an under-18 or impossible date', async () => {
    api();
    const { user } = renderRoute(PATH);
    const birthday = await screen.findByLabelText('Date of Birth');
    const underage = seventeenYearsAgo();
    await user.type(birthday, underage.replace(/-/g, ''));
    expect(birthday).toHaveValue(underage);
    await user.tab();
    expect(screen.getByText(MESSAGES.underage)).toBeInTheDocument();
    expect(screen.getByText('You must be 18 or older to see a Healthspan physician.')).toBeInTheDocument();

    await user.clear(birthday);
    await user.type(birthday, '13452000');
    expect(birthday).toHaveValue('13-45-2000');
    expect(screen.getByText(MESSAGES.birthdayInvalid)).toBeInTheDocument();
  });

  it('refuses a weight that is not digits', async () => {
    api();
    const { user } = renderRoute(PATH);
    await user.type(await screen.findByLabelText('Weight (lbs)'), '15O');
    await user.tab();
    expect(screen.getByText(MESSAGES.weightInvalid)).toBeInTheDocument();
  });

  it('checks the state, saves the profile (height in total inches, birthday MM-DD-YYYY) and goes on', async () => {
    const requests = api();
    const setup = renderRoute(`${PATH}?product=abc`);
    await fillProfile(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() =>
      expect(currentUrl(setup.router)).toBe(
        `/consultation/pharmacy-overview/${USER_ID}/${INTAKE_ID}/question/none?product=abc`,
      ),
    );
    const validate = requests.find((r) => r.path.endsWith('/validate'));
    expect(validate?.path).toBe(`/states/${ORG_ID}/state/${STATES[1]!._id}/intake/${TEMPLATE_ID}/validate`);
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/users/${ORG_ID}/${USER_ID}`);
    expect(put?.body).toEqual({
      sex: 'female',
      birthday: '04-15-1985',
      weight: 150,
      height: 66,
      state: 'CA',
    });
    expect(getSessionPatient()?.height).toBe(66);
  });

  it('goes to the pharmacy questions (step 1 for male) when the medical profile is started', async () => {
    signIn(patient({ sex: 'male', medical_profile: { has_allergies: false } }));
    api();
    const setup = renderRoute(PATH);
    await setup.user.type(await screen.findByLabelText('Date of Birth'), '04151985');
    await setup.user.type(screen.getByLabelText('Weight (lbs)'), '180');
    await setup.user.selectOptions(screen.getByLabelText('Feet'), '6');
    await setup.user.selectOptions(screen.getByLabelText('Inches'), '0');
    await setup.user.selectOptions(screen.getByLabelText('State'), 'CA');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(setup.router)).toBe(
        `/consultation/pharmacy-questions/${USER_ID}/${INTAKE_ID}/question/current?step=1`,
      ),
    );
  });

  it("reads 'Error. Try Again' when saving fails", async () => {
    api({ [`PUT /users/${ORG_ID}/${USER_ID}`]: json(500, { text: 'ServerError', message: 'Boom' }) });
    const setup = renderRoute(PATH);
    await fillProfile(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Error. Try Again' });
    expect(currentUrl(setup.router)).toBe(PATH);
  });

  it('opens the unavailable-state modal for NY with the medication text, and Continue Visit closes it', async () => {
    const requests = api();
    const setup = renderRoute(PATH);
    await fillProfile(setup, { state: 'NY' });
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'We are sorry :(' });
    expect(within(dialog).getByText('Coming Soon')).toBeInTheDocument();
    expect(within(dialog).getByText(/regulatory restrictions/)).toHaveTextContent('New York');
    expect(within(dialog).queryByText(MESSAGES.labRestrictedState)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'View Our Protocols' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue', hidden: true })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await setup.user.click(within(dialog).getByRole('button', { name: 'Continue Visit' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentUrl(setup.router)).toBe(PATH);
  });

  it('opens the modal with the lab text for a lab product; Enter Dashboard saves, then opens messages', async () => {
    const requests = api();
    const setup = renderRoute(`${PATH}?product=${LAB_ID}`);
    await fillProfile(setup, { state: 'NY' });
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'We are sorry :(' });
    expect(within(dialog).getByText(MESSAGES.labRestrictedState)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'View Our Protocols' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Continue Visit' })).not.toBeInTheDocument();

    await setup.user.click(within(dialog).getByRole('button', { name: 'Enter Dashboard' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/messages`));
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ state: 'NY', height: 66 });
  });

  it('goes to the dashboard profile when the intake does not exist', async () => {
    api({ [`GET ${intakePath}`]: json(404, { text: 'NotFound', message: 'The intake was not found.' }) });
    const { router } = renderRoute(PATH);
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
  });
});
