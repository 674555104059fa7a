import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  GENERIC_ID,
  INTAKE_ID,
  intake,
  intakePath,
  intakeTemplate,
  LAB_ID,
  productTemplate,
  TEMPLATE_ID,
} from '../../../test/fixtures/funnel';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';

const HIW = `/consultation/hiw/${USER_ID}/${INTAKE_ID}/question/none`;
const COMPLETE = {
  birthday: '04-15-1985',
  height: 66,
  weight: 150,
  sex: 'female' as const,
  state: 'CA',
};

describe('How it works', () => {
  beforeEach(() => setOrganization());

  it('shows the estimated time from total_steps and goes to the profile when it is incomplete', async () => {
    signIn();
    mockApi({ [`GET ${intakePath}`]: json(200, intake({ total_steps: 10 })) });
    const { user, router } = renderRoute(`${HIW}?product=${GENERIC_ID}`);
    await screen.findByRole('heading', { name: "Let's get started on your visit" });
    expect(screen.getByText('Estimated time: 4 minutes')).toBeInTheDocument();
    const progress = screen.getByRole('navigation', { name: 'Visit progress' });
    expect(progress.querySelector('[aria-current="step"]')).toHaveTextContent('How it Works');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/consultation/profile/${USER_ID}/${INTAKE_ID}/question/none?product=${GENERIC_ID}`,
      ),
    );
    await screen.findByRole('heading', { name: 'Your Profile' });
  });

  it("shows the visit's introduction as the clinic words it", async () => {
    signIn();
    mockApi({
      [`GET ${intakePath}`]: json(200, intake({ total_steps: 10 })),
      [`GET /visits/${ORG_ID}/template/visit-intro/${TEMPLATE_ID}`]: json(200, {
        template: TEMPLATE_ID,
        title: 'Your rapamycin visit',
        lead: 'Ten minutes with us, then your physician takes over.',
        steps: [{ title: 'About you', text: 'A few details first.' }],
        customized: true,
      }),
    });
    renderRoute(HIW);
    await screen.findByRole('heading', { name: 'Your rapamycin visit' });
    expect(screen.getByText('Ten minutes with us, then your physician takes over.')).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Steps of your visit' });
    expect(steps).toHaveTextContent('About you');
    expect(steps).not.toHaveTextContent('Medical history');
  });

  it('shows 5 minutes when the step count is unknown', async () => {
    signIn();
    mockApi({ [`GET ${intakePath}`]: json(200, intake({ total_steps: 0 })) });
    renderRoute(HIW);
    await screen.findByText('Estimated time: 5 minutes');
  });

  it('sends a complete profile with a lab product to /signup/profile', async () => {
    signIn(patient(COMPLETE));
    mockApi({
      [`GET ${intakePath}`]: json(200, intake()),
      [`GET /product/${ORG_ID}/template/${LAB_ID}`]: json(200, productTemplate({ _id: LAB_ID, type: 'lab' })),
    });
    const { user, router } = renderRoute(`${HIW}?product=${LAB_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/signup/profile?productTemplateId=${LAB_ID}`));
  });

  it('sends a complete profile to the pharmacy overview, or the questions once the history is started', async () => {
    signIn(patient(COMPLETE));
    mockApi({ [`GET ${intakePath}`]: json(200, intake()) });
    const first = renderRoute(HIW);
    await first.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(first.router)).toBe(
        `/consultation/pharmacy-overview/${USER_ID}/${INTAKE_ID}/question/none`,
      ),
    );
    first.unmount();

    signIn(patient({ ...COMPLETE, medical_profile: { has_allergies: true, allergy_text: 'Penicillin' } }));
    const second = renderRoute(HIW);
    await second.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(second.router)).toBe(
        `/consultation/pharmacy-questions/${USER_ID}/${INTAKE_ID}/question/current?step=0`,
      ),
    );
  });
});

describe('Product instance loader', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });

  const START = `/start/${TEMPLATE_ID}/p/${GENERIC_ID}`;
  const CREATE = `POST /users/${ORG_ID}/user/${USER_ID}/template/${TEMPLATE_ID}`;

  it('creates an intake for the template and opens how-it-works with the product', async () => {
    const requests = mockApi({
      [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(200, intakeTemplate()),
      [CREATE]: json(201, intake({ total_steps: 7 })),
      [`GET ${intakePath}`]: json(200, intake({ total_steps: 7 })),
    });
    const { router } = renderRoute(START);
    await waitFor(() => expect(currentUrl(router)).toBe(`${HIW}?product=${GENERIC_ID}`));
    await screen.findByText('Estimated time: 3 minutes');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('shows a friendly error with a retry when the call fails', async () => {
    let calls = 0;
    mockApi({
      [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(200, intakeTemplate()),
      [CREATE]: () => {
        calls += 1;
        return calls === 1 ? json(500, { text: 'ServerError', message: 'Server down' }) : json(201, intake());
      },
    });
    const { user, router } = renderRoute(START);
    await screen.findByRole('heading', { name: "We couldn't start your visit" });
    expect(screen.getByRole('alert')).toHaveTextContent('Server down');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${HIW}?product=${GENERIC_ID}`));
  });

  it('uses the product intake template when the named one does not exist', async () => {
    const requests = mockApi({
      [`GET /intake-template/${ORG_ID}/product/${GENERIC_ID}`]: json(200, intakeTemplate()),
      [CREATE]: json(201, intake()),
    });
    const { router } = renderRoute(START);
    await waitFor(() => expect(currentUrl(router)).toBe(`${HIW}?product=${GENERIC_ID}`));
    expect(requests.some((r) => r.path === `/intake-template/${ORG_ID}/product/${GENERIC_ID}`)).toBe(true);
  });

  it('goes to the dashboard profile when no intake can be made for the ids', async () => {
    mockApi({});
    const { router } = renderRoute(START);
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
  });
});
