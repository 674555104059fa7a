/**
 * The order name (002 §3 Order): the date (YYYY-MM-DD, UTC) plus the product name, dashes turned into
 * underscores: 2026-11-22 and "Omega-3 Blend" give "2026_11_22 Omega_3 Blend". Kept apart from the order's
 * schemas so a screen that names an order does not load the schema library.
 */
export function orderName(date: Date, productName: string): string {
  return `${date.toISOString().slice(0, 10)} ${productName}`.replace(/-/g, '_');
}
