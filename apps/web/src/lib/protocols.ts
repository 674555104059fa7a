import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import { formatUsd } from '@portal/domain/pricing/money';
import { pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';

/*
 * Protocols come from the clinic's catalogue, never from a product's slug: product templates that replace each
 * other in one visit share `settings.exclusive_group`, `settings.protocol` says which one is recommended and in
 * what order the cards stand, and an intake template's `settings.protocol_selection` sends its visit on to the
 * protocol selection screen (000 §2 Screen 7, §4).
 */

type Grouped = Pick<ProductTemplate, '_id' | 'settings'>;

/** The exclusive group a product template belongs to, or null. */
export function exclusiveGroupOf(template: Grouped): string | null {
  return template.settings?.exclusive_group || null;
}

/** The recommended protocol of its group: the featured card, and what the dashboard offers to start. */
export function isFeaturedProtocol(template: Grouped): boolean {
  return template.settings?.protocol?.featured === true;
}

/** Whether a visit goes on to protocol selection after its last question (000 §4). */
export function goesToProtocolSelection(template: Pick<IntakeTemplate, 'settings'>): boolean {
  return template.settings?.protocol_selection === true;
}

/** Templates by `settings.protocol.order` (lowest first); ties and templates without one keep their order. */
export function byProtocolOrder<T extends Grouped>(templates: readonly T[]): T[] {
  const orderOf = (t: T) => t.settings?.protocol?.order ?? Number.POSITIVE_INFINITY;
  return templates
    .map((template, index) => ({ template, index }))
    .sort((a, b) => orderOf(a.template) - orderOf(b.template) || a.index - b.index)
    .map(({ template }) => template);
}

/** The members of an exclusive group among candidates (each template once), in protocol order. */
export function groupMembers<T extends Grouped>(group: string, candidates: readonly T[]): T[] {
  const seen = new Set<string>();
  const members = candidates.filter((t) => {
    if (exclusiveGroupOf(t) !== group || seen.has(t._id)) return false;
    seen.add(t._id);
    return true;
  });
  return byProtocolOrder(members);
}

/**
 * The protocols a visit chooses among (000 §2 Screen 7): the group of the first of the visit's default products
 * that belongs to one (else of the first grouped candidate), and every candidate of that group.
 */
export function visitProtocols<T extends Grouped>(
  visitDefaults: readonly string[],
  candidates: readonly T[],
): T[] {
  const byId = new Map(candidates.map((t) => [t._id, t]));
  const grouped = [...visitDefaults.map((id) => byId.get(id)), ...candidates].find(
    (t): t is T => t !== undefined && exclusiveGroupOf(t) !== null,
  );
  const group = grouped ? exclusiveGroupOf(grouped) : null;
  return group ? groupMembers(group, candidates) : [];
}

/** The first other template of a template's exclusive group among candidates (the medication type switch). */
export function exclusiveSibling<T extends Grouped>(template: Grouped, candidates: readonly T[]): T | null {
  const group = exclusiveGroupOf(template);
  if (!group) return null;
  return groupMembers(group, candidates).find((t) => t._id !== template._id) ?? null;
}

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
