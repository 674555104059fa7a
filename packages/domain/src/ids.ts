const OBJECT_ID = /^[0-9a-fA-F]{24}$/;

/** True when the value is a 24-character hexadecimal id (either case). */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}
