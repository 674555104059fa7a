import type { Question } from '@portal/domain/contracts/intake-template';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  GENERIC_ID,
  INTAKE_ID,
  intake,
  intakePath,
  intakeTemplate,
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
import {
  SECTION_LOAD_ERROR,
  VISIT_LOAD_ERROR,
  VISIT_NOT_FOUND,
  VISIT_NOT_SUBMITTED,
} from './visit-review-page';

const review = (section: string, page = 'profile') =>
  `/dashboard/${USER_ID}/${page}/intake/${INTAKE_ID}/${section}`;
const TEMPLATE = `GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`;
const PRODUCTS = `GET /product-templates/${ORG_ID}/many`;

const goals: Question = {
  _id: '900000000000000000000001',
  label: 'What brings you to longevity care?',
  description_text: null,
  type: 'checkbox',
  options: [
    { _id: '900000000000000000000011', label: 'More energy', include_none: false },
    { _id: '900000000000000000000012', label: 'Healthy ageing', include_none: false },
    { _id: '900000000000000000000013', label: 'Something else', include_none: false },
  ],
  response_conditions: [
    {
      selected_option: '900000000000000000000013',
      question: {
        _id: '900000000000000000000014',
        label: 'Tell us more',
        description_text: null,
        type: 'short-text',
        options: [],
      },
    },
  ],
};
const sleep: Question = {
  _id: '900000000000000000000002',
  label: 'How do you sleep?',
  description_text: null,
  type: 'radio',
  options: [{ _id: '900000000000000000000021', label: 'Well', include_none: false }],
  response_conditions: [],
};

/** A visit submitted on March 5, 2026 with two answered questions and a configured treatment. */
const submitted = intake({
  patient_complete: true,
  completed_at: '2026-03-05T12:00:00.000Z',
  products: [
    {
      product_template: GENERIC_ID,
      product: '700000000000000000000001',
      dosage: '6 mg',
      frequency: 'Once weekly',
      quantity: 4,
      shipping: { months: 3 },
      treatment_properties: { comment: 'I travel a lot in summer.' },
    },
  ],
  intake_responses: [
    {
      _id: '800000000000000000000001',
      question: goals._id,
      response: ['900000000000000000000011', '900000000000000000000013'],
      free_format_response: null,
      child_responses: [
        {
          _id: '800000000000000000000011',
          question: '900000000000000000000014',
          response: [],
          free_format_response: 'Better sleep',
        },
      ],
    },
  ],
  image_verification: { id_image_url: '/media/id.jpg', profile_image_url: null },
});

beforeEach(() => {
  setOrganization();
  signIn(
    patient({
      sex: 'female',
      birthday: '04-12-1980',
      height: 66,
      weight: 140,
      state: 'CA',
      verificationStatus: 'pending',
      medical_profile: {
        pregnant: false,
        planning_pregnancy: false,
        breastfeeding: false,
        has_allergies: true,
        allergy_text: 'Penicillin (hives)',
        has_medical_conditions: false,
        has_current_medications: false,
      },
    }),
  );
});

function serve(overrides: Record<string, Response | (() => Response | Promise<Response>)> = {}) {
  return mockApi({
    [`GET ${intakePath}`]: json(200, submitted),
    [PRODUCTS]: json(200, [productTemplate({ product_name: 'Sirolimus' })]),
    [TEMPLATE]: json(200, intakeTemplate({ questions: [goals, sleep] })),
    ...overrides,
  });
}

const pager = () => screen.getByRole('navigation', { name: 'Previous and next section' });
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Visit review (/dashboard/{userId}/{page}/intake/{intakeId}/{section})', () => {
  it('shows the questions of the medical review with the patient’s answers and follow-ups, read only', async () => {
    let answer: (r: Response) => void = () => undefined;
    serve({ [`GET ${intakePath}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute(review('intake'));
    await screen.findByText('Loading your visit');
    answer(json(200, submitted));

    await screen.findByRole('heading', { level: 1, name: 'Medical Review' });
    const list = await screen.findByRole('list', { name: 'Your answers' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(goals.label);
    expect(screen.getByText('More energy')).toBeInTheDocument();
    expect(screen.getByText('Something else')).toBeInTheDocument();
    expect(screen.getByText('Tell us more')).toBeInTheDocument();
    expect(screen.getByText('Better sleep')).toBeInTheDocument();
    expect(screen.getByText(sleep.label).nextElementSibling).toHaveTextContent('Not answered');
    expect(screen.getByText(/Sirolimus · Submitted/)).toHaveTextContent(
      'Sirolimus · Submitted March 5, 2026 · Awaiting Physician Review',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(document.title).toBe('Visit Review: Medical Review · Patient Portal');
  });

  it('links between the sections, marking the current one', async () => {
    serve();
    const { user, router } = renderRoute(review('profile'));
    const nav = await screen.findByRole('navigation', { name: 'Visit sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Profile',
      'Medical History',
      'Medical Review',
      'Protocol Preference',
      'Identity Verification',
    ]);
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(fact('Name')).toBe('Jane Doe');
    expect(fact('Height')).toBe('5 ft 6 in');
    expect(fact('Weight')).toBe('140 lbs');

    await user.click(within(pager()).getByRole('link', { name: 'Medical History' }));
    await waitFor(() => expect(currentUrl(router)).toBe(review('pharmacy-questions')));
    await screen.findByRole('heading', { level: 1, name: 'Medical History' });
    expect(fact('Allergies')).toBe('Yes: Penicillin (hives)');
    expect(fact('Medical conditions')).toBe('No');
    expect(fact('Pregnancy and breastfeeding')).toBe('None of the above');
  });

  it('shows the chosen treatment and the identity status', async () => {
    serve();
    const { user } = renderRoute(review('treatment'));
    await screen.findByRole('heading', { level: 1, name: 'Protocol Preference' });
    await screen.findByRole('heading', { level: 2, name: 'Sirolimus' });
    expect(fact('Dose')).toBe('6 mg');
    expect(fact('How often')).toBe('Once weekly');
    expect(fact('Shipping')).toBe('Every 3 months');
    expect(fact('Your note')).toBe('I travel a lot in summer.');

    expect(within(pager()).getByRole('link', { name: 'Medical Review' })).toHaveAttribute(
      'href',
      review('intake'),
    );
    await user.click(within(pager()).getByRole('link', { name: 'Identity Verification' }));
    await screen.findByRole('heading', { level: 1, name: 'Identity Verification' });
    expect(fact('Verification status')).toBe('Verification Pending');
    expect(fact('ID photo')).toBe('Provided');
    expect(fact('Selfie')).toBe('Not provided');
  });

  it.each([
    ['another patient’s visit', () => json(200, { ...submitted, user: '999999999999999999999999' })],
    ['an unknown visit', () => json(404, { text: 'NotFound', message: 'x' })],
    ['a refused visit', () => json(403, { text: 'Forbidden', message: 'x' })],
  ])('answers %s with a not-found state inside the shell', async (_, answer) => {
    serve({ [`GET ${intakePath}`]: answer });
    renderRoute(review('intake'));
    await screen.findByRole('heading', { level: 1, name: VISIT_NOT_FOUND });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByText(goals.label)).not.toBeInTheDocument();
  });

  it('says a visit still in progress cannot be reviewed yet', async () => {
    serve({ [`GET ${intakePath}`]: json(200, { ...submitted, patient_complete: false }) });
    renderRoute(review('intake'));
    await screen.findByRole('heading', { level: 1, name: VISIT_NOT_SUBMITTED });
  });

  it('treats an unknown section or an impossible id as not found, without asking the server', async () => {
    const requests = serve();
    const first = renderRoute(review('checkout'));
    await screen.findByRole('heading', { level: 1, name: VISIT_NOT_FOUND });
    first.unmount();
    renderRoute(`/dashboard/${USER_ID}/profile/intake/not-an-id/intake`);
    await screen.findByRole('heading', { level: 1, name: VISIT_NOT_FOUND });
    expect(requests.filter((r) => r.path.includes('patient-intake'))).toHaveLength(0);
  });

  it('offers Try again when the visit cannot be loaded, and says when the questions cannot', async () => {
    let fail = true;
    serve({
      [`GET ${intakePath}`]: () =>
        fail ? json(500, { text: 'InternalServerError', message: 'x' }) : json(200, submitted),
      [TEMPLATE]: json(500, { text: 'InternalServerError', message: 'x' }),
    });
    const { user } = renderRoute(review('intake'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(VISIT_LOAD_ERROR);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Medical Review' });
    expect(await screen.findByRole('alert')).toHaveTextContent(SECTION_LOAD_ERROR);
  });
});

describe('Dashboard Visits in Review', () => {
  it('leads to the review of each visit’s answers', async () => {
    mockApi({
      [`GET /intakes/${ORG_ID}/patient/${USER_ID}`]: json(200, [
        { ...submitted, products: [{ product_template: GENERIC_ID }] },
      ]),
      [`GET ${intakePath}`]: json(200, submitted),
      [PRODUCTS]: json(200, [productTemplate()]),
    });
    const { user, router } = renderRoute(`/dashboard/${USER_ID}/profile`);
    const section = await screen.findByRole('region', { name: 'Visits in Review' });
    await user.click(
      within(section).getByRole('link', { name: 'Review your answers for Generic Rapamycin' }),
    );
    await waitFor(() => expect(currentUrl(router)).toBe(review('profile')));
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
  });
});
