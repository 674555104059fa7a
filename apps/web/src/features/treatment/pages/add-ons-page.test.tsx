import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSelectedProducts, writeSelectedProducts } from '../../../lib/funnel-selection';
import { INTAKE_ID, intake, intakePath, intakeTemplate, TEMPLATE_ID } from '../../../test/fixtures/funnel';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  signIn,
} from '../../../test/helpers';
import { addOnTemplate, GENERIC_ID, METFORMIN_ID, NAD_ID, priced } from '../test/fixtures';

const QUERY = `?product=0000000000000000000000ac&intakeTemplateId=${TEMPLATE_ID}`;
const PATH = `/consultation/treatment/${INTAKE_ID}${QUERY}`;
const M500_3 = '0000000000000000000001a3';
const M750_1 = '0000000000000000000001b1';
const complete = patient({ birthday: '01-01-1980', height: 70, weight: 170, sex: 'male' });

const metformin = addOnTemplate(METFORMIN_ID, 'Metformin ER');
const nad = addOnTemplate(NAD_ID, 'NAD+ Nasal Spray', {
  dosage_strengths: [{ strength: '300 mg' }],
  dosage_frequencies: [
    {
      frequency: { label: 'Daily', count: 7 },
      instructions: 'One spray in each nostril every morning.',
      has_custom_quantity: false,
      monthly_units: 1,
      count: 1,
    },
  ],
});

function api(intakeProducts = intake().products, overrides: Record<string, Response> = {}) {
  return mockApi({
    [`GET ${intakePath}`]: json(200, intake({ products: intakeProducts })),
    [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(
      200,
      intakeTemplate({ product_addons: [METFORMIN_ID, NAD_ID] }),
    ),
    [`GET /product-templates/${ORG_ID}/many`]: json(200, [metformin, nad]),
    // metformin: 500 mg $25 or $66 for 3 months (default); 750 mg $29 or $78 for 3 months; 30 tablets a month
    [`GET /product/${ORG_ID}/template/${METFORMIN_ID}/products`]: json(200, [
      priced('0000000000000000000001a1', METFORMIN_ID, 2500, 1, '500 mg', 30),
      priced(M500_3, METFORMIN_ID, 6600, 3, '500 mg', 30, true),
      priced(M750_1, METFORMIN_ID, 2900, 1, '750 mg', 30),
      priced('0000000000000000000001b3', METFORMIN_ID, 7800, 3, '750 mg', 30, true),
    ]),
    [`GET /product/${ORG_ID}/template/${NAD_ID}/products`]: json(200, [
      priced('0000000000000000000002a1', NAD_ID, 9900, 1, '300 mg', 1),
      priced('0000000000000000000002a3', NAD_ID, 26_700, 3, '300 mg', 1, true),
    ]),
    [`POST /v2/intakes/${INTAKE_ID}/products`]: json(200, intake()),
    [`DELETE /v2/intakes/${INTAKE_ID}/products`]: json(200, intake()),
    ...overrides,
  });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('Add-on treatments', () => {
  beforeEach(() => {
    setOrganization();
    signIn(complete);
  });

  it('records analytics events at the step and at each add-on action, with ids and types only (000 §7)', async () => {
    const analytics = new Response(null, { status: 204 });
    const requests = api(intake().products, { 'POST /v2/users/analytics/events': analytics });
    const { user } = renderRoute(PATH);
    const toggle = await screen.findByRole('button', { name: 'Add Metformin ER' });
    await user.click(toggle);
    await user.click(toggle);
    const events = requests
      .filter((r) => r.path === '/v2/users/analytics/events')
      .map((r) => r.body as { event: string; properties: Record<string, unknown> });
    expect(events.map((e) => e.event)).toEqual([
      'Consultation Step Viewed',
      'Add-on Added',
      'Add-on Removed',
    ]);
    expect(events[0]!.properties).toMatchObject({ stage: 4 });
    expect(events[0]!.properties.path).not.toMatch(/[0-9a-f]{24}/);
    expect(events[1]!.properties).toEqual({ stage: 4, product_id: METFORMIN_ID, product_type: 'medication' });
  });

  it('toggles cards, edits a plan with Change Plan and continues with the configuration', async () => {
    const requests = api();
    const { user, router } = renderRoute(PATH);
    await screen.findByRole('heading', { name: 'Would you like to add any additional treatments?' });
    const toggle = await screen.findByRole('button', { name: 'Add Metformin ER' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    // default: first frequency, first strength, default plan; 6600 / 3 = $22.00/mo
    expect(within(card('Metformin ER')).getByText('500 mg · Once daily · 3 months')).toBeInTheDocument();
    expect(within(card('Metformin ER')).getByText('$22.00/mo')).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    const metforminCard = card('Metformin ER');
    await user.click(within(metforminCard).getByRole('button', { name: 'Change Plan' }));
    await user.selectOptions(within(metforminCard).getByRole('combobox', { name: 'Strength' }), '750 mg');
    await user.selectOptions(
      within(metforminCard).getByRole('combobox', { name: 'Frequency' }),
      'Twice daily',
    );
    await user.selectOptions(within(metforminCard).getByRole('combobox', { name: 'Plan length' }), '1');
    await user.click(within(metforminCard).getByRole('button', { name: 'Submit' }));
    expect(within(metforminCard).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    // 60 tablets a month on a 30-tablet price: 2900 x 60 / 30 = $58.00/mo
    expect(within(metforminCard).getByText('750 mg · Twice daily · 1 month')).toBeInTheDocument();
    expect(within(metforminCard).getByText('$58.00/mo')).toBeInTheDocument();

    // Cancel closes the editor and keeps the plan
    await user.click(within(metforminCard).getByRole('button', { name: 'Change Plan' }));
    await user.selectOptions(within(metforminCard).getByRole('combobox', { name: 'Plan length' }), '3');
    await user.click(within(metforminCard).getByRole('button', { name: 'Cancel' }));
    expect(within(metforminCard).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(metforminCard).getByText('750 mg · Twice daily · 1 month')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`/consultation/checkout/${INTAKE_ID}/t/verify_account${QUERY}`),
    );
    const removed = requests.find((r) => r.method === 'DELETE');
    expect(removed?.body).toEqual({ products: [NAD_ID] });
    const added = requests.find((r) => r.method === 'POST');
    expect(added?.body).toEqual({
      products: [{ product: M750_1, quantity: 60, frequency: 'Twice daily', dosage: '750 mg' }],
    });
    expect(readSelectedProducts(INTAKE_ID)).toEqual([
      expect.objectContaining({ product: M750_1, is_addon: true, quantity: 60 }),
    ]);
  });

  it('Skip removes the add-ons and goes to identification when the profile is incomplete', async () => {
    signIn(patient());
    writeSelectedProducts(INTAKE_ID, [
      {
        intake: INTAKE_ID,
        product_template: GENERIC_ID,
        product: '0000000000000000000000ac',
        is_addon: false,
      } as never,
    ]);
    const requests = api([{ product_template: METFORMIN_ID, product: M500_3, is_addon: true }]);
    const { user, router } = renderRoute(PATH);
    // the add-on already on the intake shows as selected
    expect(await screen.findByRole('button', { name: 'Add Metformin ER' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/consultation/identification-step/${INTAKE_ID}/t/verify_account${QUERY}`,
      ),
    );
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ products: [METFORMIN_ID, NAD_ID] });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    expect(readSelectedProducts(INTAKE_ID).map((p) => p.product_template)).toEqual([GENERIC_ID]);
  });

  it('opens the product info in a side panel', async () => {
    api();
    const { user } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Learn more about NAD+ Nasal Spray' }));
    const panel = await screen.findByRole('dialog', { name: 'NAD+ Nasal Spray' });
    expect(within(panel).getByText('NAD+ Nasal Spray description.')).toBeInTheDocument();
    expect(within(panel).getByText('Metabolic support')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the error and stays when the update fails', async () => {
    api(undefined, {
      [`DELETE /v2/intakes/${INTAKE_ID}/products`]: json(400, {
        text: 'WrongIntakeState',
        message: 'This intake is closed and can no longer be changed.',
      }),
    });
    const { user, router } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This intake is closed and can no longer be changed.',
    );
    expect(currentUrl(router)).toBe(PATH);
  });
});
