/** The fields of a priced product (002 §3) used to pick and order plans. */
export interface PlanProduct {
  pricing: { interval_count: number; default?: boolean | null };
}

/** Products ordered by pricing.interval_count, ascending (one-time 0 first); stable for equal counts; does not mutate the input. */
export function sortByIntervalCount<T extends PlanProduct>(products: readonly T[]): T[] {
  return [...products].sort((a, b) => a.pricing.interval_count - b.pricing.interval_count);
}

/** Parses a stored defaultDurationSelection (months) from a number or a digits-only string, or returns null. */
export function parseStoredDuration(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Default plan (000 §4, 002 §4.4): the product whose interval_count equals the stored default duration, else the one flagged default, else the first; undefined for no products. */
export function defaultPlanProduct<T extends PlanProduct>(
  products: readonly T[],
  storedDurationMonths?: string | number | null,
): T | undefined {
  const stored = parseStoredDuration(storedDurationMonths);
  if (stored !== null) {
    const match = products.find((p) => p.pricing.interval_count === stored);
    if (match) return match;
  }
  return products.find((p) => p.pricing.default === true) ?? products[0];
}

/** Active plan duration (000 §4): the stored default duration when offered, else the one already active when offered, else the first; null for none. */
export function defaultDurationMonths(
  durations: readonly number[],
  storedDurationMonths?: string | number | null,
  activeMonths?: number | null,
): number | null {
  const stored = parseStoredDuration(storedDurationMonths);
  if (stored !== null && durations.includes(stored)) return stored;
  if (activeMonths !== null && activeMonths !== undefined && durations.includes(activeMonths))
    return activeMonths;
  return durations[0] ?? null;
}
