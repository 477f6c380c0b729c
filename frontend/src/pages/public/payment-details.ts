import { useLocation, useSearchParams } from 'react-router-dom';

/** What a payment result page shows (spec 1:2.14), from navigation state or, after the provider's redirect, the query. */
export interface PaymentDetails {
  planType?: string;
  period?: string;
  guildId?: string;
  amount?: number;
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
  };
}
