/**
 * What may be logged of an error. Database errors carry the failed SQL with its parameters (e-mails,
 * health data, hashes) and the server's detail ("Key (email)=(...) already exists"): only their SQLSTATE
 * code, constraint and the ORM's first line are kept.
 */
export function describeError(error: unknown): {
  type: string;
  code?: string;
  constraint?: string;
  message: string;
} {
  const e = error as {
    name?: string;
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    constraint_name?: unknown;
    constraint?: unknown;
  };
  let db: typeof e | undefined;
  for (let cur: unknown = error, depth = 0; cur && depth < 4; depth++) {
    const c = cur as typeof e;
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) {
      db = c;
      break;
    }
    cur = c.cause;
  }
  const first = (s: unknown) =>
    String(s ?? '')
      .split('\n')[0]!
      .slice(0, 200);
  if (db || first(e.message).startsWith('Failed query')) {
    const constraint = db?.constraint_name ?? db?.constraint;
    return {
      type: 'DatabaseError',
      ...(db && typeof db.code === 'string' ? { code: db.code } : {}),
      ...(typeof constraint === 'string' ? { constraint } : {}),
      message: 'database query failed',
    };
  }
  return {
    type: e.name ?? 'Error',
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    message: first(e.message),
  };
}
