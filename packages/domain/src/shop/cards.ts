import { SHOP_DESCRIPTION_MAX } from '../constants';
import type { ProductTemplate, ProductType } from '../contracts/product';

/** The colour family of a badge (002 §2.6: colours by tag, Energy, Metabolic, others). */
export type BadgeTone = 'energy' | 'metabolic' | 'labs' | 'supplements' | 'other';

/**
 * Text and background of each tone, at least 4.5:1 (WCAG 1.4.3); they are the theme's warning, info,
 * success and neutral pairs.
 */
export const BADGE_TONE_COLORS: Readonly<Record<BadgeTone, { text: string; background: string }>> = {
  energy: { text: '#93370d', background: '#fffaeb' },
  metabolic: { text: '#1849a9', background: '#eff8ff' },
  labs: { text: '#067647', background: '#ecfdf3' },
  supplements: { text: '#5b21b6', background: '#f5f3ff' },
  other: { text: '#363c46', background: '#eef0f3' },
};

export function badgeTone(label: string): BadgeTone {
  switch (label.trim().toLowerCase()) {
    case 'energy':
      return 'energy';
    case 'metabolic':
      return 'metabolic';
    case 'labs':
      return 'labs';
    case 'supplements':
      return 'supplements';
    default:
      return 'other';
  }
}

export type CardBadge = { label: string; tone: BadgeTone };

/**
 * A card's badges (002 §2.6): the main tag, then Labs for a lab and Supplements for a supplement, each once
 * (a lab whose main tag is Labs shows it once).
 */
export function cardBadges(template: Pick<ProductTemplate, 'type' | 'shop'>): CardBadge[] {
  const labels: string[] = [];
  const main = template.shop.tags.find((t) => t.main)?.label.trim();
  if (main) labels.push(main);
  if (template.type === 'lab') labels.push('Labs');
  if (template.type === 'supplement') labels.push('Supplements');
  const seen = new Set<string>();
  return labels
    .filter((l) => {
      const key = l.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((label) => ({ label, tone: badgeTone(label) }));
}

/**
 * A card's description cut at 126 characters (002 §9) on a word boundary, with an ellipsis inside the limit;
 * `cut` says whether anything was left out (the full text then stays for screen readers and Learn More).
 */
export function cutDescription(text: string, max = SHOP_DESCRIPTION_MAX): { text: string; cut: boolean } {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return { text: clean, cut: false };
  const room = clean.slice(0, max); // the ellipsis takes the last place
  const lastSpace = room.lastIndexOf(' ', max - 1);
  const head = (lastSpace > max / 2 ? room.slice(0, lastSpace) : room.slice(0, max - 1)).replace(
    /[\s,;:.–-]+$/,
    '',
  );
  return { text: `${head}…`, cut: true };
}

/** Labs and supplements are bought from the shop; other products start a visit (002 §2.6). */
export function cardAction(type: ProductType): 'purchase' | 'start-visit' {
  return type === 'lab' || type === 'supplement' ? 'purchase' : 'start-visit';
}

/** Learn More: the product's own page when it has one, else its landing /product/{type}/{id} (002 §2.1). */
export function learnMoreHref(template: Pick<ProductTemplate, '_id' | 'type' | 'product_url'>): {
  href: string;
  external: boolean;
} {
  const url = template.product_url?.trim();
  if (url && /^https?:\/\//i.test(url)) return { href: url, external: true };
  if (url?.startsWith('/') && !url.startsWith('//')) return { href: url, external: false };
  return {
    href: `/product/${encodeURIComponent(template.type)}/${encodeURIComponent(template._id)}`,
    external: false,
  };
}

/** Start Visit: the product's intake template, else the start page finds the product's (000 §2). */
export function startVisitPath(template: Pick<ProductTemplate, '_id' | 'intake_template'>): string {
  return `/start/${encodeURIComponent(template.intake_template ?? 'product')}/p/${encodeURIComponent(template._id)}`;
}
