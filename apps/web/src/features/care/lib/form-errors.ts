import { isApiError } from '../../../lib/api-error';

/** Field messages keyed by their path without the leading `body.` ("banners.0.title.value"). */
export type FieldErrors = Readonly<Record<string, string>>;

/** The first message of each path of a zod failure. */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's refusal as field messages, or, when it names no field, one message for the form. */
export function serverErrors(error: unknown, fallback: string): { fields: FieldErrors; form: string | null } {
  if (!error) return { fields: {}, form: null };
  if (isApiError(error) && error.fields.length > 0) {
    const fields: Record<string, string> = {};
    for (const f of error.fields) fields[f.path.replace(/^body\.?/, '')] ??= f.message;
    return { fields, form: fields[''] ?? null };
  }
  return { fields: {}, form: error instanceof Error ? error.message : fallback };
}

/** The messages at or below a path, for a summary of one part of a form. */
export function errorsUnder(errors: FieldErrors, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([k]) => k === prefix || k.startsWith(`${prefix}.`))
    .map(([, m]) => m);
}
