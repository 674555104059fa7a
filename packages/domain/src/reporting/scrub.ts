/**
 * What an error report may carry off this machine: no token, password, contact detail or health detail.
 * Messages and stacks are kept for their shape; anything that looks like a credential or a person's data is
 * replaced, and everything a request carries beyond its route is dropped.
 */
const PATTERNS: [RegExp, string][] = [
  // JSON Web Tokens and bearer credentials
  [/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, '[token]'],
  [/\b(bearer|basic)\s+[\w.~+/=-]{8,}/gi, '$1 [token]'],
  // key=value pairs of secrets (password=..., "token": "...")
  [
    /("?(?:password|pass|pwd|secret|token|code|authorization|api[_-]?key)"?\s*[:=]\s*)("[^"]*"|[^\s,&}]+)/gi,
    '$1[redacted]',
  ],
  // e-mail addresses
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]'],
  // URLs' query strings (they carry tokens, e-mails and search terms)
  [/(https?:\/\/[^\s?#"']+|\/[\w./-]*)\?[^\s#"']*/g, '$1?[query]'],
  // record ids: kept out so reports group by route, and no patient is named by id
  [/\b[0-9a-f]{24}\b/gi, ':id'],
  // long runs of digits: phone, card and account numbers, birthdays without separators
  [/\d[\d -]{6,}\d/g, '[number]'],
];

export function scrubText(value: string, max = 4000): string {
  let out = value;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/** A page address as a report may keep it: the path with ids replaced, no query, no fragment. */
export function scrubPath(value: string): string {
  const path = value.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  return scrubText(path, 500);
}
