import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  GENERIC_ID,
  INTAKE_ID,
  intake,
  intakeTemplate,
  productTemplate,
  TEMPLATE_ID,
} from '../../../test/fixtures/funnel';
import {
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';

const COACH_ID = '888888888888888888888888';
const submitted = {
  patient_complete: true,
  physician_review: false,
  closed: false,
  updated_at: '2026-03-05T12:00:00.000Z',
};

describe('Dashboard profile: Visits in Review', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });

  it('lists submitted, unreviewed, open, non-coaching visits with their product and date', async () => {
    const requests = mockApi({
      [`GET /intakes/${ORG_ID}/patient/${USER_ID}`]: json(200, [
        intake({
          _id: 'a00000000000000000000001',
          ...submitted,
          products: [{ product_template: GENERIC_ID }],
        }),
        intake({ _id: 'a00000000000000000000002', ...submitted, products: [{ product_template: COACH_ID }] }),
        intake({ _id: 'a00000000000000000000003', ...submitted, physician_review: true }),
        intake({ _id: 'a00000000000000000000004', ...submitted, closed: true }),
        intake({ _id: 'a00000000000000000000005', patient_complete: false }),
      ]),
      [`GET /product-templates/${ORG_ID}/many`]: json(200, [
        productTemplate(),
        productTemplate({
          _id: COACH_ID,
          type: 'coaching_membership',
          name: 'Coaching',
          product_name: 'Coaching',
        }),
      ]),
    });
    renderRoute(`/dashboard/${USER_ID}/profile`);
    const section = await screen.findByRole('region', { name: 'Visits in Review' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Generic Rapamycin');
    expect(items[0]).toHaveTextContent('Awaiting Physician Review');
    expect(items[0]).toHaveTextContent('Submitted March 5, 2026');
    expect(screen.getByRole('heading', { name: 'Welcome, Jane' })).toBeInTheDocument();
    expect(requests.find((r) => r.path.startsWith(`/product-templates/`))?.path).toContain(
      `ids=${GENERIC_ID}%2C${COACH_ID}`,
    );
  });

  it('shows no section when nothing is in review', async () => {
    mockApi({ [`GET /intakes/${ORG_ID}/patient/${USER_ID}`]: json(200, [intake()]) });
    renderRoute(`/dashboard/${USER_ID}/profile`);
    await screen.findByRole('heading', { name: 'Welcome, Jane' });
    expect(screen.queryByRole('region', { name: 'Visits in Review' })).not.toBeInTheDocument();
  });
});

describe('Dashboard profile: finishing a visit', () => {
  beforeEach(() => setOrganization());

  const answered = (question: string) => ({
    _id: `r${question}`.padEnd(24, '0'),
    question: question.padEnd(24, 'q'),
    response: ['o'.padEnd(24, '0')],
    free_format_response: null,
    child_responses: [],
  });
  const open = (question: string) => ({ ...answered(question), response: [] });

  it('resumes at the first unanswered question, with the progress percent', async () => {
    signIn(
      patient({
        sex: 'male',
        birthday: '04-12-1978',
        height: 70,
        weight: 180,
        medical_profile: {
          pregnant: false,
          planning_pregnancy: false,
          breastfeeding: false,
          has_allergies: false,
          has_medical_conditions: false,
          has_current_medications: false,
        },
      }),
    );
    mockApi({
      [`GET /intakes/${ORG_ID}/patient/${USER_ID}/incomplete`]: json(200, [
        intake({
          // 3 of 7 answered: floor(3 / 7 x 100) = 42
          status: { questions: { total: 7 }, complete: { total: 3 }, incomplete: { total: 4 } },
          intake_responses: ['1', '2', '3', '4', '5', '6', '7'].map((q, i) =>
            i < 3 ? answered(q) : open(q),
          ),
          products: [{ product_template: GENERIC_ID }],
        }),
      ]),
      [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(200, intakeTemplate()),
      [`GET /intakes/${ORG_ID}/patient/${USER_ID}`]: json(200, []),
    });
    renderRoute(`/dashboard/${USER_ID}/profile`);
    const section = await screen.findByRole('region', { name: 'Finish your visit' });
    expect(within(section).getByText('42% complete')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Continue Rapamycin' })).toHaveAttribute(
      'href',
      `/consultation/intake/${USER_ID}/${INTAKE_ID}/question/${'4'.padEnd(24, 'q')}?step=3&product=${GENERIC_ID}`,
    );
  });

  /** Dana's complete profile, a visit with every question answered, and its template with these settings. */
  async function continueLink(settings: IntakeTemplate['settings']) {
    signIn(
      patient({
        sex: 'male',
        birthday: '04-12-1978',
        height: 70,
        weight: 180,
        medical_profile: {
          pregnant: false,
          planning_pregnancy: false,
          breastfeeding: false,
          has_allergies: false,
          has_medical_conditions: false,
          has_current_medications: false,
        },
      }),
    );
    mockApi({
      [`GET /intakes/${ORG_ID}/patient/${USER_ID}/incomplete`]: json(200, [
        intake({
          status: { questions: { total: 2 }, complete: { total: 2 }, incomplete: { total: 0 } },
          intake_responses: [answered('1'), answered('2')],
        }),
      ]),
      [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(
        200,
        intakeTemplate({ slug: 'weekly-capsules-visit', settings }),
      ),
      [`GET /intakes/${ORG_ID}/patient/${USER_ID}`]: json(200, []),
    });
    renderRoute(`/dashboard/${USER_ID}/profile`);
    return (await screen.findByRole('link', { name: 'Continue Rapamycin' })).getAttribute('href');
  }

  it('resumes a fully answered visit at protocol selection when its template says so, whatever its slug', async () => {
    expect(await continueLink({ protocol_selection: true })).toBe(
      `/consultation/protocol-selection/${INTAKE_ID}`,
    );
  });

  it('resumes a fully answered visit at the treatment preferences otherwise', async () => {
    expect(await continueLink({})).toMatch(
      new RegExp(`^/consultation/product-configure/${INTAKE_ID}/p/${GENERIC_ID}/checkout`),
    );
  });

  it('sends a patient without a profile back to the profile step', async () => {
    signIn();
    mockApi({
      [`GET /intakes/${ORG_ID}/patient/${USER_ID}/incomplete`]: json(200, [intake()]),
      [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(200, intakeTemplate()),
      [`GET /intakes/${ORG_ID}/patient/${USER_ID}`]: json(200, []),
    });
    renderRoute(`/dashboard/${USER_ID}/profile`);
    const link = await screen.findByRole('link', { name: 'Continue Rapamycin' });
    expect(link).toHaveAttribute('href', `/consultation/profile/${USER_ID}/${INTAKE_ID}/question/none`);
  });
});
