import { useQueryClient } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, client } from '../../api/client';
import { usePaymentOrder } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { useDocumentMeta } from '../../lib/use-document-meta';
import {
  detailRows,
  hasProviderParams,
  orderDetails,
  type PaymentDetails,
  providerCallback,
  providerError,
  useOrderId,
  usePaymentDetails,
} from './payment-details';

/** How often the page asks whether the payment is confirmed, and how long it keeps asking. */
export const ORDER_POLL_MS = 3000;
export const ORDER_WAIT_MS = 5 * 60_000;

/**
 * /premium/payment/pending. With ?order= (the payment link's callback URL): passes the provider's
 * callback parameters on to the server once (they confirm the payment without waiting for the webhook), drops them
 * from the address bar, then follows the order until it is paid (success page) or failed or expired (failed page).
 * Without an order, the order the purchase form carried in navigation state is shown.
 */
export default function PaymentPending() {
  useDocumentMeta(
    'Payment Processing',
    'Your Guildhall premium payment is being verified; your plan activates as soon as it is confirmed.',
  );
  const orderId = useOrderId();
  const carried = usePaymentDetails();
  return orderId ? <OrderPending orderId={orderId} /> : <Pending details={carried} status={null} />;
}

function OrderPending({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [params] = useSearchParams();
  // Read once: the parameters leave the address bar as soon as they are handled.
  const [callback] = useState(() => providerCallback(params));
  const [attemptError] = useState(() => providerError(params));
  const [confirming, setConfirming] = useState(callback !== null);
  const [timedOut, setTimedOut] = useState(false);
  // Each 'Check again' waits another ORDER_WAIT_MS.
  const [round, setRound] = useState(0);
  const posted = useRef(false);
  const clean = `/premium/payment/pending?order=${encodeURIComponent(orderId)}`;

  useEffect(() => {
    if (!callback) {
      if (hasProviderParams(params)) navigate(clean, { replace: true });
      return;
    }
    // Once, even when React runs the effect twice: a second POST would only be refused.
    if (posted.current) return;
    posted.current = true;
    client
      .confirmPaymentCallback(orderId, callback)
      .then((answer) => queries.setQueryData(queryKeys.paymentOrder(orderId), answer.order))
      // Unverifiable parameters change nothing: the order is followed as the webhook updates it.
      .catch(() => undefined)
      .finally(() => {
        setConfirming(false);
        navigate(clean, { replace: true });
      });
    // Only the parameters of the first render matter.
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), ORDER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [round]);

  const order = usePaymentOrder(orderId, { enabled: !confirming, pollMs: timedOut ? false : ORDER_POLL_MS });
  const status = order.data?.status;

  useEffect(() => {
    if (status === 'paid') navigate(`/premium/payment/success?order=${encodeURIComponent(orderId)}`, { replace: true });
    else if (status === 'failed' || status === 'expired')
      navigate(`/premium/payment/failed?order=${encodeURIComponent(orderId)}`, { replace: true });
  }, [status, orderId, navigate]);

  let live: string;
  if (order.error) live = order.error instanceof ApiError ? order.error.message : 'Could not check your payment.';
  else if (timedOut) live = 'Still waiting for the payment to be confirmed.';
  else live = 'Waiting for the payment to be confirmed...';

  return (
    <Pending details={order.data ? orderDetails(order.data) : {}} status={live} attemptError={attemptError}>
      {(timedOut || order.error) && (
        <div className="card mt-6 p-5 text-left">
          <p className="font-semibold">{order.error ? 'We could not check your payment just now.' : 'This is taking longer than usual.'}</p>
          <p className="mt-1 text-sm text-muted">
            Confirmation can take up to 24 hours in rare cases; your plan activates as soon as it arrives. If you were charged and nothing
            changes, our support team will sort it out.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setTimedOut(false);
                setRound((r) => r + 1);
                void order.refetch();
              }}
            >
              Check again
            </button>
            <Link to="/support" className="btn-secondary">
              Contact Support
            </Link>
          </div>
        </div>
      )}
    </Pending>
  );
}

function Pending({
  details,
  status,
  attemptError,
  children,
}: {
  details: PaymentDetails;
  status: string | null;
  attemptError?: string | null;
  children?: ReactNode;
}) {
  const known = detailRows(details, 'Amount').filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <Clock aria-hidden="true" className="mx-auto h-16 w-16 text-warn" />
      <h1 className="mt-6 text-3xl font-bold">Payment Processing</h1>
      <p className="mt-3 text-muted">
        We are verifying your payment. This usually takes about 2-5 minutes. Your subscription activates as soon as the payment is
        confirmed; you do not need to pay again.
      </p>
      <p role="status" className="mt-3 text-sm font-medium">
        {status}
      </p>
      {attemptError && (
        <p className="mt-3 rounded-lg border border-warn/50 bg-warn/10 p-3 text-sm">
          Your last payment attempt did not go through: {attemptError}. No charge was made for it; you can try again from the payment page.
        </p>
      )}
      {known.length > 0 && (
        <dl className="card mt-8 divide-y divide-line text-left">
          {known.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 px-5 py-3">
              <dt className="text-muted">{label}</dt>
              <dd className="font-semibold break-all">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/selector" className="btn-primary">
          Go to your servers
        </Link>
        <Link to="/contact" className="btn-secondary">
          Contact us
        </Link>
      </div>
    </div>
  );
}
