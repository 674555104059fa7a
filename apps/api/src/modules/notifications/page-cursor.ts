import { Errors } from '../../platform/errors';

/**
 * A position in a patient's notifications, newest first: the creation instant to the microsecond (as
 * PostgreSQL keeps it, so no two positions collapse) and the id that breaks ties. Clients get it opaque.
 */
export type PagePosition = { at: string; id: string };

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[0-9a-f]{24}$/;

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

/** The position a cursor names; a cursor this API did not hand out is a 400, never a wrong page. */
export function decodeCursor(cursor: string): PagePosition {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !AT.test(at) || !ID.test(id) || !isRealInstant(at)) {
    throw Errors.badRequest('The cursor is not valid.');
  }
  return { at, id };
}

/** 2026-02-30 parses in JavaScript (as 2 March) but not in PostgreSQL: only a date that survives a round trip. */
function isRealInstant(at: string): boolean {
  const ms = Date.parse(at);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 23) === at.slice(0, 23);
}
