import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  COMPOUNDED_ID,
  GENERIC_ID,
  GLOBAL_TEMPLATE_ID,
  INTAKE_ID,
  intake,
  intakePath,
  intakeTemplate,
  product,
  productTemplate,
  TEMPLATE_ID,
} from '../../../test/fixtures/funnel';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  renderRoute,
  setOrganization,
  signIn,
} from '../../../test/helpers';

const PATH = `/consultation/protocol-selection/${INTAKE_ID}`;
const GENERIC_DEFAULT = '0000000000000000000000a1';

function api() {
  return mockApi({
    [`GET ${intakePath}`]: json(200, intake()),
    [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(200, intakeTemplate()),
    [`GET /intake-template/${ORG_ID}/global`]: json(
      200,
      intakeTemplate({
        _id: GLOBAL_TEMPLATE_ID,
        is_global: true,
        product_defaults: [GENERIC_ID, COMPOUNDED_ID],
      }),
    ),
    [`GET /product/${ORG_ID}/template/${GENERIC_ID}`]: json(200, productTemplate()),
    [`GET /product/${ORG_ID}/template/${COMPOUNDED_ID}`]: json(
      200,
      productTemplate({ _id: COMPOUNDED_ID, slug: 'compounded-rapamycin', name: 'Compounded Rapamycin' }),
    ),
    // cheapest per month: 12 x $91 = $1,092 -> $91/mo; 1 month $119
    [`GET /product/${ORG_ID}/template/${GENERIC_ID}/products`]: json(200, [
      product('0000000000000000000000a0', GENERIC_ID, 11900, 1),
      product(GENERIC_DEFAULT, GENERIC_ID, 109200, 12, true),
    ]),
    // 6 x $54 = $324 -> $54/mo; a one-time price does not count
    [`GET /product/${ORG_ID}/template/${COMPOUNDED_ID}/products`]: json(200, [
      product('0000000000000000000000b0', COMPOUNDED_ID, 1000, 0),
      product('0000000000000000000000b1', COMPOUNDED_ID, 32400, 6, true),
    ]),
  });
}

describe('Protocol selection', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });

  it('shows both protocols with the prices of their products and their benefits', async () => {
    api();
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { name: 'Select your protocol' })).toBeInTheDocument();

    const generic = await screen.findByRole('article', { name: 'Generic Rapamycin' });
    expect(within(generic).getByText('$91/mo')).toBeInTheDocument();
    expect(within(generic).getByText(/Recommended/)).toBeInTheDocument();
    for (const benefit of ['High Quality', '3x Bioavailability', 'More Clinically Effective']) {
      expect(within(generic).getByText(benefit)).toBeInTheDocument();
    }

    const compounded = screen.getByRole('article', { name: 'Compounded Rapamycin' });
    expect(within(compounded).getByText('$54/mo')).toBeInTheDocument();
    for (const benefit of ['Enteric-coated capsules', 'Lower Bioavailability', 'Lower Clinical Efficacy']) {
      expect(within(compounded).getByText(benefit)).toBeInTheDocument();
    }
    const progress = screen.getByRole('navigation', { name: 'Visit progress' });
    expect(progress.querySelector('[aria-current="step"]')).toHaveTextContent('Protocol Preference');
  });

  it('shows the documented starting prices when the catalogue gives no recurring price', async () => {
    mockApi({
      [`GET ${intakePath}`]: json(200, intake()),
      [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(
        200,
        intakeTemplate({ product_defaults: [GENERIC_ID, COMPOUNDED_ID] }),
      ),
      [`GET /product/${ORG_ID}/template/${GENERIC_ID}`]: json(200, productTemplate()),
      [`GET /product/${ORG_ID}/template/${GENERIC_ID}/products`]: json(200, []),
    });
    renderRoute(PATH);
    const generic = await screen.findByRole('article', { name: 'Generic Rapamycin' });
    expect(within(generic).getByText('$87/mo')).toBeInTheDocument();
    const compounded = screen.getByRole('article', { name: 'Compounded Rapamycin' });
    expect(within(compounded).getByText('$52/mo')).toBeInTheDocument();
    expect(within(compounded).getByRole('button', { name: 'Select' })).toBeDisabled();
  });

  it('Select goes to treatment selection with the default plan and the intake templates', async () => {
    api();
    const { user, router } = renderRoute(PATH);
    const generic = await screen.findByRole('article', { name: 'Generic Rapamycin' });
    await user.click(within(generic).getByRole('button', { name: 'Select' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/consultation/product-configure/${INTAKE_ID}/p/${GENERIC_ID}/selection?product=${GENERIC_DEFAULT}&intakeTemplateId=${TEMPLATE_ID}&initialIntakeTemplateId=${TEMPLATE_ID}`,
      ),
    );
    expect(screen.queryByText(MESSAGES.pageNotFoundTitle)).not.toBeInTheDocument();
  });

  it("shows the alert 'Error preparing Protocol Selection' when loading fails", async () => {
    mockApi({ [`GET ${intakePath}`]: json(500, { text: 'ServerError', message: 'Down' }) });
    renderRoute(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.protocolSelectionLoad);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
