import { COMPOUNDED_RAPAMYCIN_FROM_USD, GENERIC_RAPAMYCIN_FROM_USD } from '@portal/domain/constants';
import type { Product } from '@portal/domain/contracts/product';
import { formatUsd } from '@portal/domain/pricing/money';
import { pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';

export type ProtocolKey = 'generic' | 'compounded';

/** The two featured protocols of the protocol selection screen (000 §2 Screen 7, §9). */
export interface ProtocolCardDefinition {
  key: ProtocolKey;
  name: string;
  /** The product template's slug, the stable name the clinic's catalogue gives the protocol. */
  slug: string;
  featured: boolean;
  benefits: readonly string[];
  /** The documented starting price, used when the catalogue gives no recurring price. */
  fallbackFromCents: number;
}

export const PROTOCOL_CARDS: readonly ProtocolCardDefinition[] = [
  {
    key: 'generic',
    name: 'Generic Rapamycin',
    slug: 'generic-rapamycin',
    featured: true,
    benefits: ['High Quality', '3x Bioavailability', 'More Clinically Effective'],
    fallbackFromCents: GENERIC_RAPAMYCIN_FROM_USD * 100,
  },
  {
    key: 'compounded',
    name: 'Compounded Rapamycin',
    slug: 'compounded-rapamycin',
    featured: false,
    benefits: ['Enteric-coated capsules', 'Lower Bioavailability', 'Lower Clinical Efficacy'],
    fallbackFromCents: COMPOUNDED_RAPAMYCIN_FROM_USD * 100,
  },
];

/** The lowest price per month of the recurring priced products (000 §9), or null when none recurs. */
export function cheapestPerMonthCents(products: readonly Product[]): number | null {
  let cheapest: number | null = null;
  for (const product of products) {
    const months = product.pricing.interval_count;
    if (months <= 0) continue;
    const perMonth = pricePerMonthCents(product.pricing.unit_amount, months);
    if (cheapest === null || perMonth < cheapest) cheapest = perMonth;
  }
  return cheapest;
}

/** "$87/mo": US dollars per month, whole dollars without cents. */
export function perMonthText(cents: number): string {
  return `${formatUsd(cents).replace(/\.00$/, '')}/mo`;
}
