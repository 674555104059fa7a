import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSessionPatient } from '../../../lib/session';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { STATES } from '../../../test/fixtures/funnel';
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
  LAB,
  labProducts,
  labTemplate,
  productsPath,
  SUPPLEMENT_ID,
  supplementProducts,
  supplementTemplate,
  templatePath,
} from '../test/fixtures';

const completeProfile = {
  sex: 'female' as const,
  birthday: '04-15-1985',
  weight: 150,
  height: 66,
  state: 'CA',
};

function api(overrides: Record<string, Response | ((r: RecordedRequest) => Response)> = {}) {
  return mockApi({
    [templatePath(LAB)]: json(200, labTemplate()),
    [productsPath(LAB)]: json(200, labProducts()),
    [templatePath(SUPPLEMENT_ID)]: json(200, supplementTemplate()),
    [productsPath(SUPPLEMENT_ID)]: json(200, supplementProducts()),
    'GET /states': json(200, STATES),
    [`PUT /users/${ORG_ID}/${USER_ID}`]: (r) =>
      json(200, patient({ ...getSessionPatient(), ...(r.body as object) })),
    ...overrides,
  });
}

const storeProduct = (id: string, type: string) =>
  window.localStorage.setItem(STORAGE_KEYS.productTemplate, JSON.stringify({ _id: id, type }));

type Setup = ReturnType<typeof renderRoute>;

async function fillProfile({ user }: Setup, state = 'CA') {
  await user.click(await screen.findByRole('radio', { name: 'Female' }));
  await user.type(screen.getByLabelText('Date of Birth'), '04151985');
  await user.type(screen.getByLabelText('Weight (lbs)'), '150');
  await user.selectOptions(screen.getByLabelText('Feet'), '5');
  await user.selectOptions(screen.getByLabelText('Inches'), '6');
  await user.selectOptions(screen.getByLabelText('State'), state);
}

describe('/signup/lab-visit', () => {
  beforeEach(() => setOrganization());

  it('shows what is included, the partner lab network and the price of the stored lab', async () => {
    signIn();
    storeProduct(LAB, 'lab');
    api();
    renderRoute('/signup/lab-visit');
    await screen.findByRole('heading', { name: 'Longevity Essentials Panel' });
    expect(screen.getByRole('heading', { name: "What's included" })).toBeInTheDocument();
    expect(screen.getAllByText(/2,000\+ partner lab locations/).length).toBeGreaterThan(0);
    expect(screen.getByText('Twelve biomarkers')).toBeInTheDocument();
    expect(screen.getByText('$199.00')).toBeInTheDocument();
  });

  it('continues to the signup profile, or to the questions when the profile is complete', async () => {
    signIn();
    storeProduct(LAB, 'lab');
    api();
    const first = renderRoute('/signup/lab-visit');
    await first.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(first.router)).toBe(`/signup/profile?productTemplateId=${LAB}`));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.defaultItem) ?? '{}')).toMatchObject({
      product_template: LAB,
      unit_amount: 19900,
    });
    first.unmount();

    signIn(patient(completeProfile));
    const second = renderRoute('/signup/lab-visit');
    await second.user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(second.router)).toBe('/signup/questions'));
  });

  it('goes to the dashboard profile without a lab product', async () => {
    signIn();
    api();
    const { router } = renderRoute('/signup/lab-visit');
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
  });
});

describe('/signup/profile', () => {
  beforeEach(() => setOrganization());

  it('saves the profile and continues a lab to the lifestyle questions', async () => {
    signIn();
    const requests = api();
    const setup = renderRoute(`/signup/profile?productTemplateId=${LAB}`);
    await fillProfile(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe('/signup/questions'));
    const saved = requests.find((r) => r.method === 'PUT');
    expect(saved?.body).toEqual({
      sex: 'female',
      birthday: '04-15-1985',
      weight: 150,
      height: 66,
      state: 'CA',
    });
  });

  it('opens the lab unavailable-state modal for NY, NJ and RI and saves nothing', async () => {
    signIn();
    const requests = api();
    const setup = renderRoute(`/signup/profile/${LAB}`);
    await fillProfile(setup, 'NY');
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.labRestrictedState)).toBeInTheDocument();
    expect(MESSAGES.labRestrictedState).toBe(
      'Due to regulatory restrictions prohibiting the online prescribing of lab testing, we cannot provide lab testing in NY, NJ and RI.',
    );
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    await setup.user.click(within(dialog).getByRole('button', { name: 'View Our Protocols' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe('/shop'));
  });

  it('continues a product with several plans to the protocol preference', async () => {
    signIn();
    api();
    const setup = renderRoute(`/signup/profile?productTemplateId=${SUPPLEMENT_ID}`);
    await fillProfile(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(setup.router)).toBe(`/signup/protocol-preference/${SUPPLEMENT_ID}`),
    );
  });

  it('continues a product with one plan to the checkout', async () => {
    signIn();
    api({ [productsPath(SUPPLEMENT_ID)]: json(200, supplementProducts().slice(0, 1)) });
    const setup = renderRoute(`/signup/profile?productTemplateId=${SUPPLEMENT_ID}`);
    await fillProfile(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe('/signup/checkout'));
  });

  it('goes to the dashboard profile without a product', async () => {
    signIn();
    api();
    const setup = renderRoute('/signup/profile');
    await fillProfile(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));
  });

  it('reads Error. Try Again when saving fails', async () => {
    signIn();
    api({ [`PUT /users/${ORG_ID}/${USER_ID}`]: json(500, { text: 'ServerError', message: 'Down' }) });
    const setup = renderRoute(`/signup/profile?productTemplateId=${LAB}`);
    await fillProfile(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: MESSAGES.errorTryAgainNoStop });
  });
});
