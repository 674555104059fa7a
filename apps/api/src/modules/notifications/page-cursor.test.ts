import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/errors';
import { decodeCursor, encodeCursor } from './page-cursor';

describe('notification page cursors', () => {
  const position = { at: '2026-05-20T11:59:00.123456Z', id: '64a1b2c3d4e5f6a7b8c9d0e1' };

  it('gives back the position it was made from, to the microsecond', () => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each([
    ['not base64 of a position', 'aGVsbG8'],
    ['milliseconds only', encodeCursor({ ...position, at: '2026-05-20T11:59:00.123Z' })],
    ['an id of the wrong shape', encodeCursor({ ...position, id: 'x' })],
    ['an extra field', Buffer.from(`${position.at}|${position.id}|1`).toString('base64url')],
    ['an impossible date', encodeCursor({ ...position, at: '2026-13-40T11:59:00.123456Z' })],
    ['a day the month does not have', encodeCursor({ ...position, at: '2026-02-30T11:59:00.123456Z' })],
  ])('rejects %s with a 400', (_label, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(ApiError);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as ApiError).statusCode).toBe(400);
    }
  });
});
