import type { ProductTemplate } from '@portal/domain/contracts/product';
import { MESSAGES } from '@portal/domain/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientKeys } from '../../../api/patient';
import { productKeys } from '../../../api/products';
import { GENERIC_ID, productTemplate } from '../../../test/fixtures/funnel';
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
import { reducedMotion, SUB_ID, subscription, withoutCanvas } from '../test/fixtures';

const HOME = `/dashboard/${USER_ID}/profile`;
const SUBSCRIPTIONS = `GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`;
const REQUEST = `POST /v2/subscriptions/${SUB_ID}/request-prescription-change`;
const METFORMIN = '5ab000000000000000000002';

const subscriptions = () =>
  json(200, [
    subscription(),
    subscription({ _id: METFORMIN, name: 'Metformin ER', product_plans: [] }),
    subscription({ _id: '5ab000000000000000000003', name: 'NAD+ Nasal Spray', status: 'paused' }),
    subscription({ _id: '5ab000000000000000000004', name: 'Omega-3', type: 'supplement' }),
  ]);

async function openPanel() {
  const view = renderRoute(HOME);
  const widget = await screen.findByRole('region', { name: 'Customize Your Protocol' });
  await view.user.click(within(widget).getByRole('button', { name: 'Customize Protocol' }));
  const panel = await screen.findByRole('dialog', { name: 'Customize Protocol' });
  return { ...view, panel };
}

describe('Customize Protocol panel', () => {
  beforeEach(() => {
    setOrganization();
    signIn(patient({ mobile_verified: true, verificationStatus: 'completed' }));
    withoutCanvas();
  });

  it('lists only the active medication subscriptions', async () => {
    mockApi({ [SUBSCRIPTIONS]: subscriptions() });
    const { panel } = await openPanel();
    const choices = within(panel).getAllByRole('button', { name: /^Customize / });
    expect(choices.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Customize Generic Rapamycin',
      'Customize Metformin ER',
    ]);
    expect(within(panel).getByRole('button', { name: 'Customize Generic Rapamycin' })).toHaveTextContent(
      '6 mg · Once weekly',
    );
  });

  it('starts on Other, sends the chosen action with the details, then shows the success panel with confetti', async () => {
    const requests = mockApi({
      [SUBSCRIPTIONS]: subscriptions(),
      [REQUEST]: json(201, {
        _id: 'r'.padEnd(24, '0'),
        subscription: SUB_ID,
        status: 'prescription_requested',
      }),
    });
    const { panel, user } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Customize Generic Rapamycin' }));
    const group = within(panel).getByRole('group', { name: 'What would you like to change?' });
    expect(within(group).getByRole('radio', { name: 'Other' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Raise my dosage' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Lower my dosage' })).not.toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Raise my dosage' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Details' }), 'No side effects so far.');
    await user.click(within(panel).getByRole('button', { name: 'Submit Request' }));

    const success = await screen.findByRole('dialog', { name: 'Request Submitted' });
    expect(success).toHaveTextContent(
      'Your protocol request has been successfully submitted! A member of our clinical team will be in touch soon with updates on your protocol.',
    );
    expect(screen.queryByRole('dialog', { name: 'Customize Protocol' })).not.toBeInTheDocument();
    const confetti = document.querySelector('.confetti');
    expect(confetti).toHaveAttribute('aria-hidden', 'true');
    expect(confetti?.querySelector('canvas')).toHaveAttribute('data-pieces', '100');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      requestType: 'RaiseDosage',
      comment: 'No side effects so far.',
    });
    await user.click(within(success).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request Submitted' })).toBeNull());
    expect(document.querySelector('.confetti')).toBeNull();
  });

  it('shows the error and stays on the customize view when the request fails', async () => {
    mockApi({
      [SUBSCRIPTIONS]: subscriptions(),
      [REQUEST]: json(400, { text: 'ValidationError', message: 'Not customizable.' }),
    });
    const { panel, user } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Customize Generic Rapamycin' }));
    await user.click(within(panel).getByRole('button', { name: 'Submit Request' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(MESSAGES.customizeFailure);
    expect(within(panel).getByRole('radio', { name: 'Other' })).toBeChecked();
    expect(screen.queryByRole('dialog', { name: 'Request Submitted' })).not.toBeInTheDocument();
  });

  it('goes back to the list', async () => {
    mockApi({ [SUBSCRIPTIONS]: subscriptions() });
    const { panel, user } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Customize Metformin ER' }));
    expect(within(panel).getByRole('heading', { name: 'Metformin ER' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: /Back to treatments/ }));
    expect(within(panel).getByRole('button', { name: 'Customize Generic Rapamycin' })).toBeInTheDocument();
  });

  it('leaves the confetti out for reduced motion', async () => {
    reducedMotion(true);
    mockApi({ [SUBSCRIPTIONS]: subscriptions(), [REQUEST]: json(201, {}) });
    const { panel, user } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Customize Generic Rapamycin' }));
    await user.click(within(panel).getByRole('button', { name: 'Submit Request' }));
    await screen.findByRole('dialog', { name: 'Request Submitted' });
    expect(document.querySelector('.confetti')).toBeNull();
  });
});

describe('Customize Protocol panel: the dosage quantity helper (001 §9)', () => {
  const TEMPLATE = `GET /product/${ORG_ID}/template/${GENERIC_ID}`;
  const PATIENT = `GET /users/${ORG_ID}/user/${USER_ID}/patient`;
  /** A weekly tablet protocol recommending up to 24 tablets a month: at most 24 / 4 = 6 a week. */
  const tablets = (overrides: Partial<ProductTemplate> = {}) =>
    productTemplate({
      slug: 'weekly-tablets',
      name: 'Weekly Tablets',
      medication_type: 'generic',
      medicationType: 'generic',
      dosage_type: 'tablet',
      dose_recommendation: 24,
      ...overrides,
    });
  /** A compounded capsule protocol; neither its name nor its slug says so, its medication type does. */
  const capsules = (doseRecommendation: number) =>
    tablets({
      slug: 'weekly-caps',
      name: 'Weekly Caps',
      medication_type: 'compounded',
      medicationType: 'compounded',
      dosage_type: 'capsule',
      dose_recommendation: doseRecommendation,
    });

  beforeEach(() => {
    setOrganization();
    signIn(patient({ mobile_verified: true, verificationStatus: 'completed' }));
    withoutCanvas();
  });

  async function customize(template: ProductTemplate, weight: number | null) {
    mockApi({
      [SUBSCRIPTIONS]: subscriptions(),
      [TEMPLATE]: json(200, template),
      [PATIENT]: json(200, patient({ weight })),
    });
    const view = await openPanel();
    await view.user.click(within(view.panel).getByRole('button', { name: 'Customize Generic Rapamycin' }));
    const group = within(view.panel).getByRole('group', { name: 'What would you like to change?' });
    const choose = (name: 'Raise my dosage' | 'Lower my dosage' | 'Other') =>
      view.user.click(within(group).getByRole('radio', { name }));
    /** Both reads have answered and React has drawn what they give. */
    const settled = async () => {
      await waitFor(() => {
        expect(view.queryClient.getQueryState(patientKeys.detail(USER_ID))?.status).toBe('success');
        expect(view.queryClient.getQueryState(productKeys.template(GENERIC_ID))?.status).toBe('success');
      });
      await act(async () => {
        for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setImmediate(resolve));
      });
    };
    return { ...view, choose, settled };
  }

  it('shows the quantity for the weight and the cap on Raise and on Lower, not on Other', async () => {
    // 150 / 2.2 x 0.075 = 5.11 -> 5 tablets a week, under the cap of 24 / 4 = 6
    const line = 'For your weight, a typical quantity is 5 tablets a week (at most 6).';
    const { panel, choose } = await customize(tablets(), 150);
    expect(within(panel).queryByText(/For your weight/)).not.toBeInTheDocument();
    await choose('Raise my dosage');
    await within(panel).findByText(line);
    await choose('Other');
    expect(within(panel).queryByText(/For your weight/)).not.toBeInTheDocument();
    await choose('Lower my dosage');
    expect(within(panel).getByText(line)).toBeInTheDocument();
  });

  it('caps the quantity at the recommended maximum / 4', async () => {
    // 300 / 2.2 x 0.075 = 10.2 -> 10, capped at 6
    const { panel, choose } = await customize(tablets(), 300);
    await choose('Raise my dosage');
    await within(panel).findByText('For your weight, a typical quantity is 6 tablets a week (at most 6).');
  });

  it('applies the compounded rule by the medication type: 2.5 x, down to a multiple of 3', async () => {
    // 150 lb -> 5; 5 x 2.5 = 12.5 -> 12 capsules, under the cap of 64 / 4 = 16
    const { panel, choose } = await customize(capsules(64), 150);
    await choose('Lower my dosage');
    await within(panel).findByText('For your weight, a typical quantity is 12 capsules a week (at most 16).');
  });

  it('caps the compounded quantity too', async () => {
    // 150 lb -> 12 capsules, capped at 16 / 4 = 4 (the demo catalogue's compounded recommendation)
    const { panel, choose } = await customize(capsules(16), 150);
    await choose('Raise my dosage');
    await within(panel).findByText('For your weight, a typical quantity is 4 capsules a week (at most 4).');
  });

  it('says nothing without a weight on the patient record', async () => {
    const { panel, choose, settled } = await customize(tablets(), null);
    await choose('Raise my dosage');
    await settled();
    expect(within(panel).queryByText(/For your weight/)).not.toBeInTheDocument();
  });

  it('says nothing for a template not dosed by weight (no recommended maximum)', async () => {
    const { panel, choose, settled } = await customize(tablets({ dose_recommendation: null }), 150);
    await choose('Raise my dosage');
    await settled();
    expect(within(panel).queryByText(/For your weight/)).not.toBeInTheDocument();
  });
});
