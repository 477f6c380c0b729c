import { createHmac } from 'node:crypto';

/**
 * The callback URL with Razorpay's parameters appended: after an existing query with `&`, before any fragment, and
 * without re-encoding what the URL already holds (a URL object would rewrite it).
 */
export function withParams(callbackUrl: string, params: Record<string, string>): string {
  const hash = callbackUrl.indexOf('#');
  const base = hash < 0 ? callbackUrl : callbackUrl.slice(0, hash);
  const fragment = hash < 0 ? '' : callbackUrl.slice(hash);
  const query = new URLSearchParams(params).toString();
  if (!query) return callbackUrl;
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}${query}${fragment}`;
}

/** What the SDK's validatePaymentVerification checks for a payment link: link|reference|status|payment, keyed by the key secret. */
export function paymentLinkSignature(
  keySecret: string,
  link: { id: string; reference_id: string; status: string },
  paymentId: string,
): string {
  return createHmac('sha256', keySecret).update(`${link.id}|${link.reference_id}|${link.status}|${paymentId}`).digest('hex');
}

export function paidCallbackParams(keySecret: string, link: { id: string; reference_id: string; status: string }, paymentId: string) {
  return {
    razorpay_payment_id: paymentId,
    razorpay_payment_link_id: link.id,
    razorpay_payment_link_reference_id: link.reference_id,
    razorpay_payment_link_status: link.status,
    razorpay_signature: paymentLinkSignature(keySecret, link, paymentId),
  };
}

export function failedCallbackParams(paymentId: string, linkId: string) {
  return {
    'error[code]': 'BAD_REQUEST_ERROR',
    'error[description]': 'Payment failed',
    'error[source]': 'customer',
    'error[step]': 'payment_authorization',
    'error[reason]': 'payment_failed',
    'error[metadata]': JSON.stringify({ payment_id: paymentId, payment_link_id: linkId }),
  };
}
