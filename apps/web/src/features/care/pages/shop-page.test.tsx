import type { CatalogueList, CatalogueProduct } from '@portal/domain/contracts/care-catalogue';
import type { ShopSettings } from '@portal/domain/contracts/shop';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { bannerContrast } from '../components/banner-editor';
import { PRODUCT_ID, signInStaff } from '../test-fixtures';

const SETTINGS = `GET /care/${ORG_ID}/shop-settings`;
const SAVE = `PUT /care/${ORG_ID}/shop-settings`;
const CATALOGUE = `GET /care/${ORG_ID}/catalogue`;

const settings = (): ShopSettings => ({
  banners: [
    {
      title: { value: 'Know your numbers', mode: 'light' },
      label_name: { value: 'Book your lab visit', mode: 'light' },
      action: { type: 'lab-visit', value: PRODUCT_ID, mode: 'light' },
      background_color: '#0b4a37',
      image: '/brands/evergreen/products/essentials-panel.svg',
      carousel_indicators: { mode: 'light' },
    },
    {
      title: { value: 'Read the research', mode: 'dark' },
      label_name: { value: 'Read', mode: 'dark' },
      action: { type: 'external-link', value: 'https://example.org', mode: 'dark' },
      background_color: '#fff4e0',
      carousel_indicators: { mode: 'dark' },
    },
  ],
  filters: [{ type: 'benefits', valid_values: ['Energy'] }],
});

const product = (over: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  id: PRODUCT_ID,
  type: 'lab',
  slug: 'essentials',
  name: 'Essentials panel',
  product_name: 'Longevity Essentials Panel',
  description: '',
  product_images: [],
  shop: { tags: [{ label: 'Sleep' }], benefits: [] },
  show_in_shop: true,
  active: true,
  sort_order: 0,
  prices: [],
  ...over,
});

beforeEach(() => setOrganization());

describe('the shop page', () => {
  it('is for admins: others are told so and the bar does not offer it', async () => {
    signInStaff('care_team');
    mockApi({});
    renderRoute('/care/shop');
    expect(
      await screen.findByRole('heading', { name: "Only an admin can change the clinic's shop" }),
    ).toBeVisible();
    const nav = within(screen.getByRole('navigation', { name: 'Workspace' }));
    expect(nav.queryByRole('link', { name: 'Shop' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Catalogue' })).toBeNull();
  });

  it('shows each banner with its fields and preview; reorders, removes, adds and saves them in order', async () => {
    signInStaff('admin');
    const requests = mockApi({
      [SETTINGS]: json(200, settings()),
      [CATALOGUE]: json(200, { products: [product()] } satisfies CatalogueList),
      [SAVE]: (r) => json(200, r.body),
    });
    const { user } = renderRoute('/care/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    const nav = within(screen.getByRole('navigation', { name: 'Workspace' }));
    expect(nav.getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('button', { name: 'Save the shop' });
    const banners = () =>
      screen.getAllByRole('listitem').filter((li) => li.classList.contains('care-banner'));
    expect(banners()).toHaveLength(2);
    const first = within(banners()[0]!);
    expect(first.getByLabelText('Title')).toHaveValue('Know your numbers');
    await first.findByRole('option', { name: 'Essentials panel (Lab)' });
    expect(first.getByLabelText('Lab')).toHaveValue(PRODUCT_ID);
    expect(first.getByRole('figure')).toHaveTextContent('Know your numbers');
    expect(first.getByRole('button', { name: 'Move banner 1 up' })).toBeDisabled();

    await user.click(first.getByRole('button', { name: 'Move banner 1 down' }));
    expect(within(banners()[0]!).getByLabelText('Title')).toHaveValue('Read the research');
    await user.click(within(banners()[1]!).getByRole('button', { name: 'Remove banner 2' }));
    expect(banners()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add a banner' }));
    const added = within(banners()[1]!);
    await user.type(added.getByLabelText('Title'), 'Spring week');
    await user.type(added.getByLabelText('Button label'), 'See labs');
    await user.type(added.getByLabelText('Portal page'), 'labs');
    expect(added.getByRole('figure')).toHaveTextContent('Spring week');

    await user.click(screen.getByRole('button', { name: 'Save the shop' }));
    expect(await screen.findByText('Shop saved. Patients now see 2 banners.')).toBeVisible();
    const put = requests.find((r) => r.method === 'PUT')!;
    const body = put.body as ShopSettings;
    expect(body.banners.map((b) => b.title.value)).toEqual(['Read the research', 'Spring week']);
    expect(body.banners[1]).toMatchObject({
      action: { type: 'in-app-path', value: 'labs', mode: 'light' },
      background_color: '#0b4a37',
      image: '',
    });
    expect(body.filters).toEqual([{ type: 'benefits', valid_values: ['Energy'] }]);
  });

  it('checks before sending: the fields at fault say why, the summary is announced, nothing is sent', async () => {
    signInStaff('admin');
    const requests = mockApi({ [SETTINGS]: json(200, settings()), [CATALOGUE]: json(200, { products: [] }) });
    const { user } = renderRoute('/care/shop');
    const first = within(
      (await screen.findAllByRole('listitem')).find((li) => li.classList.contains('care-banner'))!,
    );
    const colour = first.getByLabelText('Background colour');
    await user.clear(colour);
    await user.type(colour, 'green');
    await user.clear(first.getByLabelText('Title'));
    expect(first.getByText('The preview shows once the background colour reads as #RRGGBB.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save the shop' }));
    expect(first.getByText('Give the background colour as #RRGGBB, for example #0b4a37.')).toBeVisible();
    expect(first.getByLabelText('Title')).toHaveAccessibleDescription('Write the title.');
    expect(screen.getByText('The shop was not saved.').closest('[role="alert"]')).not.toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it("shows the server's refusal on its field", async () => {
    signInStaff('admin');
    mockApi({
      [SETTINGS]: json(200, settings()),
      [CATALOGUE]: json(200, { products: [product()] }),
      [SAVE]: json(400, {
        text: 'ValidationError',
        message: 'Choose a product the clinic has on sale.',
        fields: [
          { path: 'body.banners.0.action.value', message: 'Choose a product the clinic has on sale.' },
        ],
      }),
    });
    const { user } = renderRoute('/care/shop');
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Save the shop' }));
    const lab = await screen.findByLabelText('Lab');
    expect(
      await within(lab.closest('.ui-field') as HTMLElement).findByText(
        'Choose a product the clinic has on sale.',
      ),
    ).toBeVisible();
    expect(lab).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits the filter groups and their tags', async () => {
    signInStaff('admin');
    const requests = mockApi({
      [SETTINGS]: json(200, settings()),
      [CATALOGUE]: json(200, { products: [product()] }),
      [SAVE]: (r) => json(200, r.body),
    });
    const { user } = renderRoute('/care/shop');
    const benefits = within(await screen.findByRole('group', { name: 'Benefits' }));
    await user.type(benefits.getByLabelText('Add to benefits'), 'Sleep{Enter}');
    await user.click(benefits.getByRole('button', { name: 'Remove Energy from Benefits' }));
    expect(benefits.getByRole('list', { name: 'Benefits values' })).toHaveTextContent('Sleep');
    const types = within(screen.getByRole('group', { name: 'Product types' }));
    await user.click(types.getByLabelText('Show the product types filter'));
    await user.type(types.getByLabelText('Add to product types'), 'lab');
    await user.click(types.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save the shop' }));
    await screen.findByText(/^Shop saved/);
    expect((requests.find((r) => r.method === 'PUT')!.body as ShopSettings).filters).toEqual([
      { type: 'benefits', valid_values: ['Sleep'] },
      { type: 'type', valid_values: ['lab'] },
    ]);
  });
});

describe('the preview contrast', () => {
  it('reads white on dark green and dark on cream; not white on cream', () => {
    expect(bannerContrast('#0b4a37', 'light')).toBeGreaterThan(4.5);
    expect(bannerContrast('#fff4e0', 'dark')).toBeGreaterThan(4.5);
    expect(bannerContrast('#fff4e0', 'light')).toBeLessThan(4.5);
    expect(bannerContrast('green', 'light')).toBeNull();
  });
});
