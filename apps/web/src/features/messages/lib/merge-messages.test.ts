import { describe, expect, it } from 'vitest';
import { USER_ID } from '../../../test/helpers';
import { message, mine } from '../test/fixtures';
import { initialsOf, isOwnMessage, latestOwnMessageId, mergeMessages } from './merge-messages';

describe('mergeMessages', () => {
  it('keeps each message once by _id, the later copy winning, oldest first', () => {
    const a = message({ text: 'a', minute: 1 });
    const b = message({ text: 'b', minute: 2 });
    const c = message({ text: 'c', minute: 3 });
    const edited = { ...b, blocks: [{ type: 'paragraph' as const, text: 'b2' }] };
    const merged = mergeMessages([b, c], [a, edited], [c]);
    expect(merged.map((m) => m._id)).toEqual([a._id, b._id, c._id]);
    expect(merged[1]!.blocks).toEqual([{ type: 'paragraph', text: 'b2' }]);
  });

  it('orders messages of the same instant by id, and leaves out care-team notes', () => {
    const first = message({ minute: 5 });
    const second = message({ minute: 5 });
    const note = message({ minute: 6, internal_message: true });
    expect(mergeMessages([note, second, first]).map((m) => m._id)).toEqual([first._id, second._id]);
  });
});

describe('latestOwnMessageId', () => {
  it("is the patient's newest message, whatever the care team wrote after it", () => {
    const first = mine({ minute: 1 });
    const latest = mine({ minute: 2 });
    const reply = message({ minute: 3 });
    expect(latestOwnMessageId([first, latest, reply], USER_ID)).toBe(latest._id);
    expect(latestOwnMessageId([reply], USER_ID)).toBeNull();
    expect(isOwnMessage(reply, USER_ID)).toBe(false);
    expect(isOwnMessage(first, USER_ID)).toBe(true);
  });
});

describe('initialsOf', () => {
  it('takes the first and last words', () => {
    expect(initialsOf('Dr. Ada Lovelace')).toBe('DL');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('  ')).toBe('');
  });
});
