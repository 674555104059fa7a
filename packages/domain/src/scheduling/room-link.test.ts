import { describe, expect, it } from 'vitest';
import { ROOM_LINK_MESSAGE, ROOM_LINK_TOO_LONG, roomLinkProblem } from './room-link';

describe('roomLinkProblem', () => {
  it('takes an https link with a host, trimmed', () => {
    expect(roomLinkProblem('https://meet.jit.si/dr-okafor')).toBeNull();
    expect(roomLinkProblem('  https://zoom.us/j/123?pwd=abc ')).toBeNull();
  });

  it('refuses what is not a private https room', () => {
    for (const bad of [
      'http://meet.jit.si/room',
      'javascript:alert(1)',
      'meet.jit.si/room',
      'https://meet',
      'https://a b.com',
    ])
      expect(roomLinkProblem(bad), bad).toBe(ROOM_LINK_MESSAGE);
    expect(roomLinkProblem(`https://meet.jit.si/${'x'.repeat(500)}`)).toBe(ROOM_LINK_TOO_LONG);
  });
});
