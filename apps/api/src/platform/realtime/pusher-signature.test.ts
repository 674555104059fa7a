import { describe, expect, it } from 'vitest';
import { CHANNEL_NAME, channelAuthValid, SOCKET_ID, signChannel } from './pusher-signature';

// Pusher's published example (channels docs, "Authorizing users"): the same key, secret, socket and channel
const PUSHER_EXAMPLE = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

describe('Pusher channel signatures', () => {
  it("reproduces Pusher's published example for a private channel", () => {
    expect(signChannel(PUSHER_EXAMPLE, '1234.1234', 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('signs presence channel data into the signature', () => {
    const data = JSON.stringify({ user_id: '10', user_info: { name: 'Mr. Channels' } });
    const withData = signChannel(PUSHER_EXAMPLE, '1234.1234', 'presence-foobar', data);
    expect(withData).not.toBe(signChannel(PUSHER_EXAMPLE, '1234.1234', 'presence-foobar'));
    expect(channelAuthValid(PUSHER_EXAMPLE, withData, '1234.1234', 'presence-foobar', data)).toBe(true);
    expect(channelAuthValid(PUSHER_EXAMPLE, withData, '1234.1234', 'presence-foobar', `${data} `)).toBe(
      false,
    );
  });

  it('refuses a signature for another socket, another channel or another secret', () => {
    const auth = signChannel(PUSHER_EXAMPLE, '1234.1234', 'private-foobar');
    expect(channelAuthValid(PUSHER_EXAMPLE, auth, '1234.1234', 'private-foobar')).toBe(true);
    expect(channelAuthValid(PUSHER_EXAMPLE, auth, '1234.1235', 'private-foobar')).toBe(false);
    expect(channelAuthValid(PUSHER_EXAMPLE, auth, '1234.1234', 'private-foobaz')).toBe(false);
    expect(
      channelAuthValid({ ...PUSHER_EXAMPLE, secret: 'other' }, auth, '1234.1234', 'private-foobar'),
    ).toBe(false);
    expect(channelAuthValid(PUSHER_EXAMPLE, undefined, '1234.1234', 'private-foobar')).toBe(false);
    expect(channelAuthValid(PUSHER_EXAMPLE, `${auth}0`, '1234.1234', 'private-foobar')).toBe(false);
  });

  it('knows socket ids and channel names', () => {
    expect(SOCKET_ID.test('1234.1234')).toBe(true);
    expect(SOCKET_ID.test('1234.1234:private-x')).toBe(false);
    expect(CHANNEL_NAME.test('private-care-queue-abc')).toBe(true);
    expect(CHANNEL_NAME.test('private care')).toBe(false);
    expect(CHANNEL_NAME.test('x'.repeat(165))).toBe(false);
  });
});
