import type { ShopBanner, ShopSettings } from '@portal/domain/contracts/shop';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { organizations } from '../schema/organizations';
import type { CatalogueIds } from './catalogue';

/**
 * A clinic's shop settings (002 §3): banners with one action of each kind the shop knows, and filter groups
 * matching the catalogue's types and tags. Each text mode is chosen for its background (4.5:1 or better).
 */
export function buildShopSettings(brandSlug: string, ids: CatalogueIds): ShopSettings {
  const image = (file: string) => `/brands/${brandSlug}/products/${file}`;
  const dark = { mode: 'light' } as const;
  const light = { mode: 'dark' } as const;
  const banners: ShopBanner[] = [
    {
      title: { value: 'Know your numbers: 40+ longevity biomarkers in one draw', ...dark },
      label_name: { value: 'Book your lab visit', ...dark },
      action: { type: 'lab-visit', value: ids.essentialsPanel, ...dark },
      background_color: brandSlug === 'bluecrest' ? '#1e2f7a' : '#0b4a37',
      image: image('essentials-panel.svg'),
      carousel_indicators: dark,
    },
    {
      title: { value: 'Rapamycin, prescribed and dosed for you', ...light },
      label_name: { value: 'Start your visit', ...light },
      action: { type: 'medication-visit', value: ids.genericRapamycin, ...light },
      background_color: '#eef6f2',
      image: image('generic-rapamycin.svg'),
      carousel_indicators: light,
    },
    {
      title: { value: 'Your results, explained by your care team', ...dark },
      label_name: { value: 'See your labs', ...dark },
      action: { type: 'in-app-path', value: 'labs', ...dark },
      background_color: '#3d2a6b',
      image: image('comprehensive-panel.svg'),
      carousel_indicators: dark,
    },
    {
      title: { value: 'The science of healthy ageing, in plain words', ...light },
      label_name: { value: 'Read the research', ...light },
      action: { type: 'external-link', value: 'https://www.nia.nih.gov/health/healthy-aging', ...light },
      background_color: '#fff4e0',
      image: image('omega-3.svg'),
      carousel_indicators: light,
    },
  ];
  if (brandSlug !== 'bluecrest') {
    banners.push({
      title: { value: 'Your protocol, delivered on your schedule', ...dark },
      label_name: { value: 'Manage subscriptions', ...dark },
      action: { type: 'in-app-path', value: 'subscriptions', ...dark },
      background_color: '#7a2e0e',
      image: image('urolithin-a.svg'),
      carousel_indicators: dark,
    });
  }
  return {
    banners,
    filters: [
      { type: 'type', valid_values: ['lab', 'supplement', 'medication'] },
      { type: 'protocols', valid_values: ['Longevity', 'Metabolic'] },
      { type: 'benefits', valid_values: ['Energy', 'Heart health'] },
    ],
  };
}

/** Writes the shop settings into the organization's settings under `shop`, every other key kept. */
export async function seedShopSettings(
  tx: Db,
  opts: { organizationId: string; brandSlug: string; catalogue: CatalogueIds },
): Promise<void> {
  const shop = buildShopSettings(opts.brandSlug, opts.catalogue);
  await tx
    .update(organizations)
    .set({
      settings: sql`${organizations.settings} || jsonb_build_object('shop', ${JSON.stringify(shop)}::jsonb)`,
    })
    .where(eq(organizations.id, opts.organizationId));
}
