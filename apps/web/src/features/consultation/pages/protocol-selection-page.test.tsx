import type { ProductTemplate } from '@portal/domain/contracts/product';
import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  COMPOUNDED_ID,
  COMPOUNDED_PROTOCOL,
  GENERIC_ID,
  GENERIC_PROTOCOL,
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

const benefits = (...titles: string[]) => ({
  benefits: titles.map((title) => ({ title, description: `${title}.` })),
  tags: [],
});

/** The demo catalogue's two protocols: names, benefits and settings, never a slug the screen relies on. */
function genericProtocol(overrides: Partial<ProductTemplate> = {}): ProductTemplate {
  return productTemplate({
    settings: GENERIC_PROTOCOL,
    shop: benefits('High Quality', '3x Bioavailability', 'More Clinically Effective'),
    ...overrides,
  });
}
function compoundedProtocol(overrides: Partial<ProductTemplate> = {}): ProductTemplate {
  return productTemplate({
    _id: COMPOUNDED_ID,
    slug: 'compounded-rapamycin',
    name: 'Compounded Rapamycin',
    settings: COMPOUNDED_PROTOCOL,
    shop: benefits('Enteric-coated capsules', 'Lower Bioavailability', 'Lower Clinical Efficacy'),
    ...overrides,
  });
}

function api(templates: { generic?: ProductTemplate; compounded?: ProductTemplate } = {}) {
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
    [`GET /product/${ORG_ID}/template/${GENERIC_ID}`]: json(200, templates.generic ?? genericProtocol()),
    [`GET /product/${ORG_ID}/template/${COMPOUNDED_ID}`]: json(
      200,
      templates.compounded ?? compoundedProtocol(),
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

/** The cards in screen order, each as [name, starting price, recommended, benefits]. */
function cards() {
  return screen.getAllByRole('article').map((card) => [
    within(card).getByRole('heading').textContent,
    card.querySelector('.protocol-card__amount')?.textContent ?? null,
    within(card).queryByText('Recommended') !== null,
    within(card)
      .queryAllByRole('listitem')
      .map((item) => item.textContent),
  ]);
}

const DEMO_CARDS = [
  ['Generic Rapamycin', '$91/mo', true, ['High Quality', '3x Bioavailability', 'More Clinically Effective']],
  [
    'Compounded Rapamycin',
    '$54/mo',
    false,
    ['Enteric-coated capsules', 'Lower Bioavailability', 'Lower Clinical Efficacy'],
  ],
];

describe('Protocol selection', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });

  it('shows both protocols with the prices of their products and their benefits', async () => {
    api();
    renderRoute(PATH);
    await screen.findByRole('heading', { name: 'Select your protocol' });

    const generic = await screen.findByRole('article', { name: 'Generic Rapamycin' });
    expect(cards()).toEqual(DEMO_CARDS);
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

  it("gives another clinic's templates with other slugs and names but the same settings the same screen", async () => {
    api({
      generic: genericProtocol({ slug: 'sirolimus-tablets' }),
      compounded: compoundedProtocol({ slug: 'sirolimus-capsules-weekly' }),
    });
    renderRoute(PATH);
    await screen.findByRole('article', { name: 'Generic Rapamycin' });
    expect(cards()).toEqual(DEMO_CARDS);
  });

  it('orders the cards and marks the recommended one by the catalogue settings', async () => {
    api({
      generic: genericProtocol({
        name: 'Tablets',
        settings: { exclusive_group: 'weekly', protocol: { order: 2 } },
      }),
      compounded: compoundedProtocol({
        name: 'Capsules',
        settings: { exclusive_group: 'weekly', protocol: { featured: true, order: 1 } },
      }),
    });
    renderRoute(PATH);
    await screen.findByRole('article', { name: 'Capsules' });
    expect(cards().map(([name, , recommended]) => [name, recommended])).toEqual([
      ['Capsules', true],
      ['Tablets', false],
    ]);
  });

  it("shows only the protocols of the visit's exclusive group", async () => {
    api({ compounded: compoundedProtocol({ settings: { exclusive_group: 'another-group' } }) });
    renderRoute(PATH);
    await screen.findByRole('article', { name: 'Generic Rapamycin' });
    expect(cards().map(([name]) => name)).toEqual(['Generic Rapamycin']);
  });

  it('leaves out the starting price without a recurring price, and Select without any product', async () => {
    mockApi({
      [`GET ${intakePath}`]: json(200, intake()),
      [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(
        200,
        intakeTemplate({ product_defaults: [GENERIC_ID, COMPOUNDED_ID] }),
      ),
      [`GET /product/${ORG_ID}/template/${GENERIC_ID}`]: json(200, genericProtocol()),
      [`GET /product/${ORG_ID}/template/${COMPOUNDED_ID}`]: json(200, compoundedProtocol()),
      [`GET /product/${ORG_ID}/template/${GENERIC_ID}/products`]: json(200, []),
      [`GET /product/${ORG_ID}/template/${COMPOUNDED_ID}/products`]: json(200, [
        product('0000000000000000000000b0', COMPOUNDED_ID, 1000, 0),
      ]),
    });
    renderRoute(PATH);
    const generic = await screen.findByRole('article', { name: 'Generic Rapamycin' });
    expect(within(generic).queryByText(/Starting at/)).not.toBeInTheDocument();
    expect(within(generic).getByRole('button', { name: 'Select' })).toBeDisabled();
    const compounded = screen.getByRole('article', { name: 'Compounded Rapamycin' });
    expect(within(compounded).queryByText(/Starting at/)).not.toBeInTheDocument();
    expect(within(compounded).getByRole('button', { name: 'Select' })).toBeEnabled();
  });

  it("shows the alert 'Error preparing Protocol Selection' when the catalogue has no protocol for the visit", async () => {
    api({
      generic: genericProtocol({ settings: {} }),
      compounded: compoundedProtocol({ settings: {} }),
    });
    renderRoute(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.protocolSelectionLoad);
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
