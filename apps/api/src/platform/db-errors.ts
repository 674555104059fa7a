/** True for PostgreSQL's unique_violation (23505), also when wrapped by the driver or the ORM. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True for PostgreSQL's exclusion_violation (23P01): a row overlapping another under an EXCLUDE constraint. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    if (e.code === '23P01') {
      const name = e.constraint_name ?? e.constraint;
      return !constraint || name === undefined || name === constraint;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
