import { ShopBanner, ShopFilter, type ShopSettings } from '@portal/domain/contracts/shop';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema/organizations';

/**
 * The shop settings as they apply: each banner or filter group that does not read as the contract says is left
 * out, so one bad entry in the stored jsonb does not empty the shop.
 */
export function shopSettingsOf(stored: unknown): ShopSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as { banners?: unknown; filters?: unknown };
  const valid = <T>(list: unknown, parse: (v: unknown) => { success: boolean; data?: T }) =>
    (Array.isArray(list) ? list : []).flatMap((v) => {
      const r = parse(v);
      return r.success ? [r.data as T] : [];
    });
  return {
    banners: valid(s.banners, (v) => ShopBanner.safeParse(v)).slice(0, 12),
    filters: valid(s.filters, (v) => ShopFilter.safeParse(v)).slice(0, 3),
  };
}

/**
 * A clinic's shop settings live in its organization `settings` under `shop` (002 §3), beside the brand; the
 * organization reads leave that key out, so the brand sent with every page stays small.
 */
export function createShopRepository(db: Db) {
  const byOrganization = db
    .select({ shop: sql<unknown>`${organizations.settings} -> 'shop'` })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('id')))
    .prepare('organization_shop_settings');
  return {
    /** Undefined when the organization does not exist. */
    async settings(organizationId: string): Promise<ShopSettings | undefined> {
      const [row] = (await byOrganization.execute({ id: organizationId })) as { shop: unknown }[];
      return row && shopSettingsOf(row.shop);
    },
  };
}
