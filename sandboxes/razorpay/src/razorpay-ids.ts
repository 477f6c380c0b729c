import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay's id shape: a prefix and 14 letters or digits, e.g. plink_Ks8a1b2C3d4E5f. */
export function razorpayId(prefix: 'plink' | 'pay' | 'order' | 'evt' | 'acc'): string {
  let out = '';
  // 248 = 4 * 62: bytes above it are dropped, so every character is equally likely.
  while (out.length < 14) for (const byte of randomBytes(32)) if (byte < 248 && out.length < 14) out += ALPHANUMERIC[byte % 62];
  return `${prefix}_${out}`;
}

export const unixNow = (): number => Math.floor(Date.now() / 1000);
