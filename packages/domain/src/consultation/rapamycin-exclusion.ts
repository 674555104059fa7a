/** The two special rapamycin product template ids. */
export interface RapamycinTemplateIds {
  generic: string;
  compounded: string;
}

/** The rapamycin template that excludes the given one, or null when it is neither rapamycin. */
export function excludedRapamycinTemplate(templateId: string, ids: RapamycinTemplateIds): string | null {
  if (templateId === ids.generic) return ids.compounded;
  if (templateId === ids.compounded) return ids.generic;
  return null;
}

/**
 * Adds a product to a selection (000 §4, 002 §4.11): adding generic rapamycin removes compounded rapamycin
 * and the reverse; an item of the same template is replaced. Returns the new selection and the removed items.
 */
export function addWithRapamycinExclusion<T>(
  selection: readonly T[],
  added: T,
  templateOf: (item: T) => string,
  ids: RapamycinTemplateIds,
): { selection: T[]; removed: T[] } {
  const addedTemplate = templateOf(added);
  const excluded = excludedRapamycinTemplate(addedTemplate, ids);
  const removed = selection.filter((item) => excluded !== null && templateOf(item) === excluded);
  const kept = selection.filter((item) => {
    const template = templateOf(item);
    return template !== addedTemplate && (excluded === null || template !== excluded);
  });
  return { selection: [...kept, added], removed };
}
