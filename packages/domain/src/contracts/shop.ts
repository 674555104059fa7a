import { z } from 'zod';

/**
 * How a text of a banner is drawn on its background (002 §3 "mode"): `light` text for a dark background,
 * `dark` text for a light one. The clinic picks the pair that reads; the seed keeps them at 4.5:1.
 */
export const ShopTextMode = z.enum(['light', 'dark']);
export type ShopTextMode = z.infer<typeof ShopTextMode>;

const ModedText = z.object({ value: z.string().max(200), mode: ShopTextMode });

/**
 * What a banner's button does (002 §2.6): `external-link` opens `value` (an https address) in a new tab;
 * `medication-visit` starts the visit of the product template `value`; `lab-visit` keeps the lab product
 * template `value` and goes to /signup/lab-visit; `in-app-path` goes to /dashboard/{user}/{value}. Any other
 * type is kept as given, so a newer type in the settings does not break the shop; the page only logs it.
 */
export const ShopBannerAction = z.object({
  type: z.string().max(40),
  value: z.string().max(500),
  mode: ShopTextMode,
});
export type ShopBannerAction = z.infer<typeof ShopBannerAction>;

/** A slide of the shop's hero carousel (002 §3 Shop settings). */
export const ShopBanner = z.object({
  title: ModedText,
  label_name: ModedText,
  action: ShopBannerAction,
  background_color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  image: z.string().max(500).optional(),
  carousel_indicators: z.object({ mode: ShopTextMode }),
});
export type ShopBanner = z.infer<typeof ShopBanner>;

/** The shop's filter groups; `type` values are product types, the others are product tags. */
export const ShopFilterType = z.enum(['type', 'protocols', 'benefits']);
export type ShopFilterType = z.infer<typeof ShopFilterType>;

export const ShopFilter = z.object({
  type: ShopFilterType,
  valid_values: z.array(z.string().min(1).max(50)).max(20),
});
export type ShopFilter = z.infer<typeof ShopFilter>;

/** A clinic's shop settings (002 §3): the hero banners and the filter groups, each in the order shown. */
export const ShopSettings = z.object({
  banners: z.array(ShopBanner).max(12),
  filters: z.array(ShopFilter).max(3),
});
export type ShopSettings = z.infer<typeof ShopSettings>;

/** A clinic that has configured no shop has no banners and no filter groups. */
export const EMPTY_SHOP_SETTINGS: ShopSettings = { banners: [], filters: [] };
