/**
 * The catalogue's product types (002 §3), as a plain list: screens that only need the names (the shop's type
 * filter) take them from here without loading the contracts' schema library.
 */
export const PRODUCT_TYPES = ['medication', 'lab', 'supplement', 'coaching_membership'] as const;
