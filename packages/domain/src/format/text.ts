const WORD_SEPARATORS = /([-'’])/;

/** Capitalises one word's segments (split on hyphens and apostrophes), keeping deliberate mixed case such as "McDonald". */
function titleCaseWord(word: string): string {
  const hasLower = /\p{Ll}/u.test(word);
  const hasUpper = /\p{Lu}/u.test(word);
  const base = hasLower && hasUpper ? word : word.toLowerCase();
  return base
    .split(WORD_SEPARATORS)
    .map((part) => (part.length > 0 ? part.charAt(0).toUpperCase() + part.slice(1) : part))
    .join('');
}

/** Title-cases a name or phrase: trims, collapses whitespace and capitalises each word and each part after a hyphen or apostrophe ("mary-jane o'neil" -> "Mary-Jane O'Neil"). */
export function titleCase(value: string): string {
  return value.trim().split(/\s+/).filter(Boolean).map(titleCaseWord).join(' ');
}
