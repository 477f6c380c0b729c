import type { PaymentCallback, PaymentOrder } from '@guildhall/generated/types';
import { useLocation, useSearchParams } from 'react-router-dom';
import { formatRupees, isPlanSlug, periodForKey, planForSlug } from '../../components/public/plans';

/** What a payment result page shows, from navigation state or, after the provider's redirect, the query. */
export interface PaymentDetails {
  planType?: string;
  period?: string;
  guildId?: string;
  amount?: number;
  /** Why the purchase form gave up (the server's words), on the failed page. */
  reason?: string;
}

export function usePaymentDetails(): PaymentDetails {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const from = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  const pick = (key: string) =>
    typeof from[key] === 'string' || typeof from[key] === 'number' ? String(from[key]) : (params.get(key) ?? undefined);
  const amount = Number(pick('amount'));
  return {
    planType: pick('planType'),
    period: pick('period'),
    guildId: pick('guildId'),
    amount: Number.isFinite(amount) && pick('amount') !== undefined ? amount : undefined,
    reason: typeof from.reason === 'string' ? from.reason : undefined,
  };
}

/** Whether anything names the payment: a result page with no detail at all has nothing to show. */
export function hasDetails(details: PaymentDetails): boolean {
  return [details.planType, details.period, details.guildId, details.amount].some((value) => value !== undefined);
}

/** The order a result page is about: the payment link's callback URL names it (?order=). */
export function useOrderId(): string | null {
  const [params] = useSearchParams();
  return params.get('order') || null;
}

export function orderDetails(order: PaymentOrder): PaymentDetails {
  return { planType: order.planType, period: order.period, guildId: order.guildId, amount: order.amount };
}

/** The rows a result page lists, in the spec's words; undefined where the page does not know the value. */
export function detailRows(details: PaymentDetails, amountLabel: string): [string, string | undefined][] {
  return [
    ['Plan type', details.planType && (isPlanSlug(details.planType) ? planForSlug(details.planType).name : details.planType)],
    ['Duration', details.period && (periodForKey(details.period)?.label ?? details.period)],
    ['Server ID', details.guildId],
    [amountLabel, details.amount !== undefined ? formatRupees(details.amount) : undefined],
  ];
}

const CALLBACK_KEYS = [
  'razorpay_payment_id',
  'razorpay_payment_link_id',
  'razorpay_payment_link_reference_id',
  'razorpay_payment_link_status',
  'razorpay_signature',
] as const satisfies readonly (keyof PaymentCallback)[];

/** The provider's callback parameters when it sent the buyer back after paying (all five), else null. */
export function providerCallback(params: URLSearchParams): PaymentCallback | null {
  const values = CALLBACK_KEYS.map((key) => params.get(key));
  if (values.some((v) => !v)) return null;
  return Object.fromEntries(CALLBACK_KEYS.map((key, i) => [key, values[i]!])) as unknown as PaymentCallback;
}

/** The provider's description of a failed attempt (error[description], else error[reason] or error[code]), else null. */
export function providerError(params: URLSearchParams): string | null {
  return params.get('error[description]') || params.get('error[reason]') || params.get('error[code]') || null;
}

/** Whether the query holds anything the provider added (so the page can drop it from the address bar). */
export function hasProviderParams(params: URLSearchParams): boolean {
  return [...params.keys()].some((key) => key.startsWith('razorpay_') || key.startsWith('error['));
}
