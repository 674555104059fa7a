import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of `data` under `secret`: what Cal.com and Calendly sign their webhooks with. */
export function hmacSha256Hex(secret: string, data: Buffer | string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Compares a received hex signature with the expected one in constant time (no early exit to time). */
export function sameSignature(expectedHex: string, receivedHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(receivedHex)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(receivedHex.toLowerCase(), 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
}
