/**
 * Products that replace each other in one visit (000 §4, 002 §4.11: adding generic rapamycin removes
 * compounded rapamycin, and the reverse). The clinic's catalogue says which: product templates whose
 * settings name the same `exclusive_group` exclude each other. No product is named in code.
 */

/** The exclusive group of a product template, or undefined when it has none. */
export type GroupOf = (templateId: string) => string | undefined;

/**
 * Adds a product to a selection: an item of the same template is replaced, and items whose template shares
 * the added one's exclusive group are removed. Returns the new selection and the removed items.
 */
export function addExclusive<T>(
  selection: readonly T[],
  added: T,
  templateOf: (item: T) => string,
  groupOf: GroupOf,
): { selection: T[]; removed: T[] } {
  const addedTemplate = templateOf(added);
  const group = groupOf(addedTemplate);
  const excludes = (item: T) => {
    const template = templateOf(item);
    return template !== addedTemplate && group !== undefined && groupOf(template) === group;
  };
  const removed = selection.filter(excludes);
  const kept = selection.filter((item) => templateOf(item) !== addedTemplate && !excludes(item));
  return { selection: [...kept, added], removed };
}
