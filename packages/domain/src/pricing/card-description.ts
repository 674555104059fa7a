import { CARD_DESCRIPTION_MAX, SHOP_DESCRIPTION_MAX } from '../constants';

/** Appended to a cut description (ours: the spec does not name a marker); not counted in the limit. */
export const DESCRIPTION_ELLIPSIS = '...';

/** Cuts text longer than max at the last word boundary within the first max characters and appends "..."; shorter text is returned as is. */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  // a cut that falls exactly at a space keeps the whole last word
  const boundary = /\s/.test(text.charAt(max)) ? max : head.search(/\s+\S*$/);
  const cut = (boundary > 0 ? head.slice(0, boundary) : head).trimEnd();
  return `${cut}${DESCRIPTION_ELLIPSIS}`;
}

/** Product card description: cut at 182 characters at a word boundary (000 §9). */
export function cardDescription(text: string): string {
  return truncateAtWord(text, CARD_DESCRIPTION_MAX);
}

/** Shop card description: cut at 126 characters (002 §2.6, §9), a hard cut then "...". */
export function shopCardDescription(text: string): string {
  if (text.length <= SHOP_DESCRIPTION_MAX) return text;
  return `${text.slice(0, SHOP_DESCRIPTION_MAX).trimEnd()}${DESCRIPTION_ELLIPSIS}`;
}
