import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { currentUrl, json, mockApi, renderRoute, setOrganization, signIn } from '../../../test/helpers';
import {
  productsPath,
  SUPPLEMENT_ID,
  supplementProducts,
  supplementTemplate,
  templatePath,
} from '../test/fixtures';

const PATH = `/signup/protocol-preference/${SUPPLEMENT_ID}`;

function api() {
  return mockApi({
    [templatePath(SUPPLEMENT_ID)]: json(200, supplementTemplate()),
    [productsPath(SUPPLEMENT_ID)]: json(200, supplementProducts()),
  });
}

function setViewport(width: number, scrollY = 0) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
}

describe('/signup/protocol-preference/{productTemplateId}', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });
  afterEach(() => setViewport(1024, 0));

  it('shows the product, the plan cards with Best Value, price per month and savings', async () => {
    api();
    renderRoute(PATH);
    await screen.findByRole('heading', { name: 'Omega-3 Longevity Blend' });
    expect(screen.getByText('Two softgels a day.')).toBeInTheDocument();
    const cards = screen.getAllByRole('radio');
    expect(cards).toHaveLength(3);
    // the default (3 months, $99) is preselected: $33.00/mo, saving 3 x $35 - $99 = $6
    const quarterly = screen.getByRole('radio', { name: /3 months supply/ });
    expect(quarterly).toBeChecked();
    const card = quarterly.closest('label')!;
    expect(within(card).getByText('Best Value')).toBeInTheDocument();
    expect(within(card).getByText('$33.00/mo')).toBeInTheDocument();
    expect(within(card).getByText('Save $6.00')).toBeInTheDocument();
    const total = screen.getByRole('region', { name: 'Total' });
    expect(within(total).getByText('$99.00')).toBeInTheDocument();
    expect(within(total).getByText('Renews every 3 months')).toBeInTheDocument();
  });

  it('preselects the stored default duration and stores the chosen plan on Continue', async () => {
    window.localStorage.setItem(STORAGE_KEYS.defaultDurationSelection, '1');
    api();
    const { user, router } = renderRoute(PATH);
    expect(await screen.findByRole('radio', { name: /1 month supply/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /One-time purchase/ }));
    expect(within(screen.getByRole('region', { name: 'Total' })).getByText('$39.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/signup/checkout'));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.defaultItem) ?? '{}')).toMatchObject({
      product_template: SUPPLEMENT_ID,
      product: supplementProducts()[0]!._id,
      pricing_type: 'one_time',
      unit_amount: 3900,
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.productTemplate) ?? '{}')).toMatchObject({
      _id: SUPPLEMENT_ID,
      type: 'supplement',
    });
  });

  it('makes the total bar sticky under 1024 px after the scroll threshold only', async () => {
    setViewport(390, 0);
    api();
    renderRoute(PATH);
    const bar = await screen.findByRole('region', { name: 'Total' });
    expect(bar).toHaveAttribute('data-sticky', 'false');
    setViewport(390, 411);
    fireEvent.scroll(window);
    await waitFor(() => expect(bar).toHaveAttribute('data-sticky', 'true'));
    setViewport(1280, 2000);
    fireEvent.scroll(window);
    await waitFor(() => expect(bar).toHaveAttribute('data-sticky', 'false'));
  });

  it('goes to /get-started without a product id', async () => {
    mockApi({});
    const { router } = renderRoute('/signup/protocol-preference');
    await waitFor(() => expect(currentUrl(router)).toBe('/get-started'));
  });
});
