import { MESSAGES } from '@portal/domain/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readSelectedProducts } from '../../../lib/funnel-selection';
import { readJson, readStorage, writeStorage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import {
  GLOBAL_TEMPLATE_ID,
  INTAKE_ID,
  intake,
  intakePath,
  intakeTemplate,
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
import {
  C3_12,
  COMPOUNDED_ID,
  compoundedTemplate,
  G2_3,
  G2_12,
  GENERIC_ID,
  genericProducts,
  genericTemplate,
  METFORMIN_ID,
  OMEGA_ID,
  priced,
  subscription,
} from '../test/fixtures';

const QUERY = `?product=${G2_12}&intakeTemplateId=${TEMPLATE_ID}&initialIntakeTemplateId=${TEMPLATE_ID}`;
const PATH = `/consultation/product-configure/${INTAKE_ID}/p/${GENERIC_ID}/selection${QUERY}`;
const PRODUCTS_URL = `POST /v2/intakes/${INTAKE_ID}/products`;
const complete = patient({
  birthday: '01-01-1980',
  height: 70,
  weight: 170,
  sex: 'male',
  state: 'CA',
});

function api(overrides: Record<string, Response | ((r: RecordedRequest) => Response)> = {}) {
  return mockApi({
    [`GET ${intakePath}`]: json(200, intake()),
    [`GET /product/${ORG_ID}/template/${GENERIC_ID}`]: json(200, genericTemplate()),
    [`GET /product/${ORG_ID}/template/${GENERIC_ID}/products`]: json(200, genericProducts()),
    [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(200, intakeTemplate()),
    [`GET /intake-template/${ORG_ID}/global`]: json(
      200,
      intakeTemplate({ _id: GLOBAL_TEMPLATE_ID, product_defaults: [GENERIC_ID, COMPOUNDED_ID] }),
    ),
    [`GET /product-templates/${ORG_ID}/many`]: json(200, [compoundedTemplate()]),
    [`GET /product/${ORG_ID}/template/${COMPOUNDED_ID}/products`]: json(200, [
      priced(C3_12, COMPOUNDED_ID, 62_400, 12, '3 mg', 4, true),
    ]),
    [`GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`]: json(200, []),
    [PRODUCTS_URL]: json(200, intake()),
    'GET /states': json(200, STATES),
    [`GET /states/${ORG_ID}/state/${STATES[1]!._id}/intake/${TEMPLATE_ID}/validate`]: json(200, {
      approved: true,
    }),
    ...overrides,
  });
}

const total = () => screen.getByRole('region', { name: 'Total' });

/** Moves fake time on in small steps, letting React run its effects between them as a browser would. */
async function passes(ms: number) {
  for (let left = ms; left > 0; left -= 50) {
    await act(async () => {
      vi.advanceTimersByTime(Math.min(50, left));
    });
  }
}

describe('Treatment preferences', () => {
  beforeEach(() => {
    setOrganization();
    signIn(complete);
  });

  it('shows the skeleton only for a plan load past 500 ms, then keeps it until 1.5 s (000 §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => undefined;
    api({
      [`GET /product/${ORG_ID}/template/${GENERIC_ID}/products`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }) as unknown as Response,
    });
    renderRoute(PATH);
    await screen.findByRole('heading', { name: 'Treatment Preferences' });
    await passes(600);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your treatment options');
    answer(json(200, genericProducts()));
    await passes(100);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your treatment options');
    await passes(1000);
    expect(await screen.findByRole('radio', { name: '12 months' })).toBeChecked();
    expect(screen.queryByText('Loading your treatment options')).not.toBeInTheDocument();
  });

  it('opens on the product of the query with Best Value, the price per month, savings and renewal', async () => {
    api();
    renderRoute(PATH);
    const twelve = await screen.findByRole('radio', { name: '12 months' });
    expect(twelve).toBeChecked();
    expect(screen.getByRole('radio', { name: '2 mg' })).toBeChecked();
    // Best Value marks the default plan only
    expect(twelve).toHaveAccessibleDescription(/Best Value/);
    expect(screen.getByRole('radio', { name: '3 months' })).not.toHaveAccessibleDescription(/Best Value/);
    // 12 months of 2 mg: 130800 / 12 = 10900 -> $109.00/mo; savings 14900 x 12 - 130800 = 48000
    expect(twelve).toHaveAccessibleDescription(/\$109\.00\/mo/);
    expect(twelve).toHaveAccessibleDescription(/Save \$480\.00/);
    // 3 months: 40500 / 3 = 13500; savings 44700 - 40500 = 4200
    expect(screen.getByRole('radio', { name: '3 months' })).toHaveAccessibleDescription(
      /\$135\.00\/mo.*Save \$42\.00/,
    );
    const panel = total();
    expect(within(panel).getByText('$1,308.00')).toBeInTheDocument();
    expect(within(panel).getByText('$109.00/mo')).toBeInTheDocument();
    expect(within(panel).getByText('$480.00')).toBeInTheDocument();
    expect(within(panel).getByText('Renews every 12 months')).toBeInTheDocument();
    // product image, testimonial and benefits
    expect(screen.getByRole('img', { name: 'Generic Rapamycin (Sirolimus)' })).toBeInTheDocument();
    expect(screen.getByText('“My labs look better than ever.”')).toBeInTheDocument();
    expect(screen.getByText('High Quality')).toBeInTheDocument();
    // starter dose: 4 tablets a month of 2 mg -> 4 / 4 x 2 = 2 mg a week
    expect(screen.getByRole('radio', { name: 'Starter' })).toBeChecked();
    expect(screen.getByText('Take 2 mg by mouth once a week.')).toBeInTheDocument();
  });

  it('takes the stored default duration, and rewrites the product query on a change', async () => {
    writeStorage(STORAGE_KEYS.defaultDurationSelection, '3');
    api();
    const { user, router } = renderRoute(PATH);
    expect(await screen.findByRole('radio', { name: '3 months' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '1 mg' }));
    // 1 mg has no 3-month plan: the first length (1 month) becomes active
    expect(screen.getByRole('radio', { name: '1 month' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: '3 months' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '12 months' }));
    await waitFor(() => expect(currentUrl(router)).toContain('product=0000000000000000000000bc'));
  });

  it('offers custom quantities in steps of 4 and prices and doses them', async () => {
    api();
    const { user } = renderRoute(PATH);
    await user.click(await screen.findByRole('radio', { name: 'Custom' }));
    const select = screen.getByRole('combobox', { name: 'Monthly quantity' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      '4 tablets per month',
      '8 tablets per month',
      '12 tablets per month',
      '16 tablets per month',
      '20 tablets per month',
      '24 tablets per month',
    ]);
    await user.selectOptions(select, '8');
    // 8 a month of 2 mg: 8 / 4 x 2 = 4 mg a week; 12 months 130800 x 8 / 4 = 261600 ($218.00/mo);
    // savings 14900 x 2 x 12 - 261600 = 96000
    expect(screen.getByRole('radio', { name: 'Custom' })).toHaveAccessibleDescription(/4 mg per week/);
    expect(screen.getByText('Take 4 mg by mouth once a week.')).toBeInTheDocument();
    const panel = total();
    expect(within(panel).getByText('$2,616.00')).toBeInTheDocument();
    expect(within(panel).getByText('$218.00/mo')).toBeInTheDocument();
    expect(within(panel).getByText('$960.00')).toBeInTheDocument();
    // recommended: dose_recommendation 24 a month -> 24 / 4 x 2 = 12 mg a week
    expect(screen.getByRole('radio', { name: 'Recommended' })).toHaveAccessibleDescription(
      /The dose most patients take\.\s*12 mg per week/,
    );
  });

  it('shows the region message and holds Continue when the state is not approved', async () => {
    api({
      [`GET /states/${ORG_ID}/state/${STATES[1]!._id}/intake/${TEMPLATE_ID}/validate`]: json(200, {
        approved: false,
      }),
    });
    renderRoute(PATH);
    const panel = await screen.findByRole('region', { name: 'Total' });
    await within(panel).findByText(MESSAGES.productUnavailableInRegion);
    expect(within(panel).getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('Continue posts the configuration, stores the selection and goes to add-ons', async () => {
    const requests = api({
      [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(
        200,
        intakeTemplate({ product_addons: [METFORMIN_ID] }),
      ),
    });
    const { user, router } = renderRoute(PATH);
    await user.click(await screen.findByRole('radio', { name: 'Request a recommendation' }));
    await user.type(screen.getByRole('textbox', { name: /Comment for your physician/ }), 'Low dose please');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/consultation/treatment/${INTAKE_ID}${QUERY}`));
    const post = requests.find((r) => `${r.method} ${r.path}` === PRODUCTS_URL);
    expect(post?.body).toEqual({
      products: [
        {
          product: G2_12,
          quantity: 4,
          frequency: 'Once weekly',
          dosage: '2 mg',
          treatment_properties: { recommendation_requested: true, comment: 'Low dose please' },
        },
      ],
    });
    const [stored] = readSelectedProducts(INTAKE_ID);
    expect(stored).toMatchObject({
      product: G2_12,
      quantity: 4,
      shipping: { months: 12, non_recurring: false },
      pricing: { total: 178_800, total_discount: 130_800, product_savings: 48_000 },
      treatment_properties: { quantity: 48, recommendation_requested: true },
    });
    expect(readJson(STORAGE_KEYS.defaultItem)).toMatchObject({ product: G2_12 });
    expect(readStorage(STORAGE_KEYS.defaultDurationSelection)).toBe('12');
  });

  it('goes to checkout without add-ons, or to identification first with an incomplete profile', async () => {
    api();
    const first = renderRoute(PATH);
    await first.user.click(await screen.findByRole('radio', { name: '3 months' }));
    await first.user.click(screen.getByRole('button', { name: 'Continue' }));
    const kept = `?product=${G2_3}&intakeTemplateId=${TEMPLATE_ID}&initialIntakeTemplateId=${TEMPLATE_ID}`;
    await waitFor(() => expect(currentUrl(first.router)).toBe(`/consultation/checkout/${INTAKE_ID}${kept}`));
    first.unmount();

    // the stored default length would win over the query product
    localStorage.clear();
    signIn(patient());
    api();
    const second = renderRoute(PATH);
    await second.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(second.router)).toBe(
        `/consultation/identification-step/${INTAKE_ID}/t/verify_account${QUERY}`,
      ),
    );
  });

  it('shows the error and stays when the intake update fails', async () => {
    api({ [PRODUCTS_URL]: json(400, { text: 'ValidationError', message: 'Unknown product.' }) });
    const { user, router } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByText('Unknown product.');
    expect(currentUrl(router)).toBe(PATH);
  });

  it('switches the medication type to the compounded protocol', async () => {
    api();
    const { user, router } = renderRoute(PATH);
    await user.click(await screen.findByRole('radio', { name: 'Compounded' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/consultation/product-configure/${INTAKE_ID}/p/${COMPOUNDED_ID}/selection?product=${C3_12}&intakeTemplateId=${TEMPLATE_ID}&initialIntakeTemplateId=${TEMPLATE_ID}`,
      ),
    );
  });

  it("takes the switch's other type from the exclusive group, whatever the clinic's slugs", async () => {
    api({
      [`GET /product/${ORG_ID}/template/${GENERIC_ID}`]: json(
        200,
        genericTemplate({ slug: 'sirolimus-tab' }),
      ),
      [`GET /product-templates/${ORG_ID}/many`]: json(200, [
        { ...compoundedTemplate(), slug: 'sirolimus-cap', name: 'Sirolimus Capsules' },
      ]),
    });
    const { user, router } = renderRoute(PATH);
    const group = await screen.findByRole('group', { name: 'Medication type' });
    expect(within(group).getByRole('radio', { name: 'Generic' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Compounded' }));
    await waitFor(() =>
      expect(currentUrl(router)).toContain(`/p/${COMPOUNDED_ID}/selection?product=${C3_12}`),
    );
  });

  it('offers no medication type switch when no other template shares the exclusive group', async () => {
    api({
      [`GET /product-templates/${ORG_ID}/many`]: json(200, [
        { ...compoundedTemplate(), settings: { exclusive_group: 'another-group' } },
      ]),
    });
    renderRoute(PATH);
    expect(await screen.findByRole('radio', { name: '12 months' })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Medication type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Compounded' })).not.toBeInTheDocument();
  });
});

describe('Subscription Already Exists', () => {
  beforeEach(() => {
    setOrganization();
    signIn(complete);
  });

  it('stops a medication with a live subscription: Close, then Modify Treatment lets Continue go on', async () => {
    const requests = api({
      [`GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`]: json(200, [subscription(GENERIC_ID, 'active')]),
    });
    const { user, router } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription Already Exists' });
    expect(within(dialog).queryByRole('button', { name: 'One Time Purchase' })).not.toBeInTheDocument();
    expect(requests.some((r) => `${r.method} ${r.path}` === PRODUCTS_URL)).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Modify Treatment' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentUrl(router)).toBe(PATH);
    // after choosing to modify, Continue goes ahead
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toContain(`/consultation/checkout/${INTAKE_ID}`));
  });

  it('Manage Subscription goes to the subscriptions dashboard', async () => {
    api({
      [`GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`]: json(200, [subscription(GENERIC_ID, 'paused')]),
    });
    const { user, router } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Manage Subscription' }),
    );
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/subscriptions`));
  });

  it('ignores ended subscriptions', async () => {
    api({
      [`GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`]: json(200, [
        subscription(GENERIC_ID, 'canceled'),
      ]),
    });
    const { user, router } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toContain(`/consultation/checkout/${INTAKE_ID}`));
  });

  it('offers One Time Purchase for a supplement with a one-time option', async () => {
    const supplement = genericTemplate({
      _id: OMEGA_ID,
      type: 'supplement',
      slug: 'omega-3',
      name: 'Omega-3',
      product_name: 'Omega-3',
      dosage_strengths: [],
      dosage_frequencies: [],
    });
    const oneTime = '0000000000000000000000f9';
    const requests = api({
      [`GET /product/${ORG_ID}/template/${OMEGA_ID}`]: json(200, supplement),
      [`GET /product/${ORG_ID}/template/${OMEGA_ID}/products`]: json(200, [
        priced(oneTime, OMEGA_ID, 3000, 0, null, 60),
        priced('0000000000000000000000fa', OMEGA_ID, 6600, 3, null, 60, true),
      ]),
      [`GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`]: json(200, [subscription(OMEGA_ID)]),
    });
    const { user, router } = renderRoute(
      `/consultation/product-configure/${INTAKE_ID}/p/${OMEGA_ID}/checkout?intakeTemplateId=${TEMPLATE_ID}`,
    );
    expect(await screen.findByRole('radio', { name: '3 months' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription Already Exists' });
    expect(within(dialog).queryByRole('button', { name: 'Modify Treatment' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'One Time Purchase' }));
    await waitFor(() => expect(currentUrl(router)).toContain(`/consultation/checkout/${INTAKE_ID}`));
    const post = requests.find((r) => `${r.method} ${r.path}` === PRODUCTS_URL);
    expect(post?.body).toEqual({ products: [{ product: oneTime }] });
  });
});
