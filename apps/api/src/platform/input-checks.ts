import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/**
 * A NUL character (U+0000) is refused in every string of a request: PostgreSQL stores no `\0` in text or
 * jsonb, so one that reached a query would fail it with a 500, and no field of the portal has a use for it.
 */
export const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000).';

/** Deeper than any request the API accepts; a body nested further is refused rather than walked. */
const MAX_DEPTH = 64;

/**
 * The dotted path of the first string (value or object key) holding a NUL in `value`, '' for the value
 * itself, or undefined when there is none.
 */
export function findNul(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_DEPTH) return '';
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (key.includes('\u0000')) return key.replaceAll('\u0000', '\\u0000');
    const inner = findNul(item, depth + 1);
    if (inner !== undefined) return inner === '' ? key : `${key}.${inner}`;
  }
  return undefined;
}

/** A 400 ValidationError naming the field, in the error shape of a schema validation failure. */
export function nulError(context: string, path: string): ApiError {
  return new ApiError(400, 'ValidationError', NUL_MESSAGE, {}, [
    { path: [context, path].filter(Boolean).join('.'), message: NUL_MESSAGE },
  ]);
}

function check(context: string, value: unknown): void {
  const path = findNul(value);
  if (path !== undefined) throw nulError(context, path);
}

/**
 * Installed once on the root instance, so it covers every route (and the not-found handler): path
 * parameters and the query string are checked on arrival, before the access check reads any parameter,
 * and the parsed body before schema validation and the handler. Multipart text fields, read by their
 * route, go through {@link findNul} there.
 */
export function installInputChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    check('params', request.params);
    check('querystring', request.query);
  });
  app.addHook('preValidation', async (request) => {
    check('body', request.body);
  });
}
