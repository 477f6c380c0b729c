import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lowercase hex HMAC-SHA256, as Razorpay signs webhooks and callbacks. */
export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/**
 * Compares a received signature with the expected one in constant time. The SDK's own helpers compare with `===`,
 * which leaks how many leading characters matched; the lengths are compared first because timingSafeEqual needs
 * equal-length buffers (the length of a hex HMAC is public anyway).
 */
export function signatureMatches(expectedHex: string, received: string | undefined): boolean {
  if (typeof received !== 'string') return false;
  const expected = Buffer.from(expectedHex, 'utf8');
  const given = Buffer.from(received, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
