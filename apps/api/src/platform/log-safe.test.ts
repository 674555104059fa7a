import { describe, expect, it } from 'vitest';
import { describeError } from './log-safe';

describe('describeError', () => {
  it('keeps no SQL, parameters or row values of a database error', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_org_email_uq"'),
      {
        code: '23505',
        constraint_name: 'users_org_email_uq',
        detail: 'Key (email)=(jane@example.com) already exists.',
      },
    );
    const error = Object.assign(
      new Error('Failed query: insert into users ...\nparams: jane@example.com,$argon2id$...'),
      { cause },
    );
    const described = describeError(error);
    expect(described).toEqual({
      type: 'DatabaseError',
      code: '23505',
      constraint: 'users_org_email_uq',
      message: 'database query failed',
    });
    expect(JSON.stringify(described)).not.toContain('jane@example.com');
  });

  it('keeps the first line of other errors', () => {
    expect(describeError(new TypeError('boom\nsecond line'))).toEqual({ type: 'TypeError', message: 'boom' });
  });
});
