import { describe, expect, it } from 'vitest';
import {
  BannerInput,
  CataloguePriceCreate,
  CatalogueTemplateCreate,
  intervalProblem,
  ShopSettingsBody,
} from './care-catalogue';
import { ShopBanner } from './shop';

const banner = {
  title: { value: ' Spring week ', mode: 'light' },
  label_name: { value: 'Read', mode: 'light' },
  action: { type: 'in-app-path', value: '//labs', mode: 'light' },
  background_color: '#ABCDEF',
  image: '',
  carousel_indicators: { mode: 'light' },
};
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('a banner as the admin writes it', () => {
  it('is trimmed and normalised into what the shop reads', () => {
    const parsed = BannerInput.parse(banner);
    expect(parsed.title.value).toBe('Spring week');
    expect(parsed.background_color).toBe('#abcdef');
    expect(parsed.action.value).toBe('labs');
    expect(parsed.image).toBeUndefined();
    expect(ShopBanner.safeParse(parsed).success).toBe(true);
  });

  it('needs a target that fits its action', () => {
    const action = (type: string, value: string) =>
      messages(BannerInput.safeParse({ ...banner, action: { type, value, mode: 'dark' } }));
    expect(action('external-link', 'http://example.org')).toEqual([
      'action.value: Give a web address that starts with https://.',
    ]);
    expect(action('external-link', 'https://example.org/a?b=1')).toEqual([]);
    expect(action('medication-visit', '')).toEqual(['action.value: Choose the product the visit is for.']);
    expect(action('lab-visit', 'a'.repeat(24))).toEqual([]);
    expect(action('in-app-path', 'labs/../../admin')).toHaveLength(1);
    expect(action('in-app-path', 'subscriptions?tab=active')).toEqual([]);
    expect(action('open', 'x')).toEqual(['action.type: Choose what the button does.']);
  });

  it('refuses a colour that is not #RRGGBB and an image that is not https or a site path', () => {
    expect(messages(BannerInput.safeParse({ ...banner, background_color: '#abc' }))[0]).toContain('#RRGGBB');
    expect(BannerInput.safeParse({ ...banner, image: '/brands/a/b.svg' }).success).toBe(true);
    expect(BannerInput.safeParse({ ...banner, image: '//evil.example/b.svg' }).success).toBe(false);
    expect(BannerInput.safeParse({ ...banner, image: 'data:image/png;base64,AAA' }).success).toBe(false);
  });
});

describe('the filter groups', () => {
  it('lists each group once, its values once, and product types only in the type group', () => {
    const r = ShopSettingsBody.safeParse({
      banners: [],
      filters: [
        { type: 'type', valid_values: ['lab', 'pills'] },
        { type: 'benefits', valid_values: ['Sleep', ' sleep '] },
        { type: 'benefits', valid_values: [] },
      ],
    });
    expect(messages(r)).toEqual([
      'filters.0.valid_values.1: "pills" is not a product type (medication, lab, supplement, coaching_membership).',
      'filters.1.valid_values.1: "sleep" is listed twice.',
      'filters.2.type: Each filter group once.',
    ]);
    const ok = ShopSettingsBody.safeParse({
      banners: [],
      filters: [
        { type: 'benefits', valid_values: ['Sleep'] },
        { type: 'benefits', valid_values: [] },
      ],
    });
    expect(messages(ok)).toEqual(['filters.1.type: Each filter group once.']);
  });
});

describe('products and prices', () => {
  it('fills the defaults of a new product: hidden from the shop, on sale', () => {
    expect(
      CatalogueTemplateCreate.parse({ type: 'lab', name: 'Panel', product_name: 'Panel' }),
    ).toMatchObject({
      description: '',
      product_images: [],
      shop: { tags: [], benefits: [] },
      show_in_shop: false,
      active: true,
      sort_order: 0,
    });
  });

  it('bills a one-time price once and a recurring one every 1 to 36 months', () => {
    expect(intervalProblem('one_time', 0)).toBeNull();
    expect(intervalProblem('one_time', 1)).toBe('A one-time price has no billing period: 0 months.');
    expect(intervalProblem('recurring', 0)).toBe('A recurring price bills every 1 month or more.');
    const price = { name: 'Yearly', pricing_type: 'recurring', unit_amount: 100, interval_count: 37 };
    expect(messages(CataloguePriceCreate.safeParse(price))).toEqual([
      'interval_count: At most 36 months per period.',
    ]);
    expect(
      messages(
        CataloguePriceCreate.safeParse({
          ...price,
          pricing_type: 'one_time',
          interval_count: 0,
          trial_period_days: 7,
        }),
      ),
    ).toEqual(['trial_period_days: Only a recurring price has a free trial.']);
    expect(CataloguePriceCreate.parse({ ...price, interval_count: 12 })).toMatchObject({
      one_time_fee: 0,
      trial_period_days: 0,
      default: false,
      active: true,
    });
  });
});
