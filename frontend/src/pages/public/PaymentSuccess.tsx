import { CheckCircle2, Crown, Info } from 'lucide-react';
import { Link, Navigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { usePaymentOrder } from '../../api/queries';
import { premiumActiveText } from '../../components/premium/plan-status';
import { Spinner } from '../../components/Spinner';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { detailRows, hasDetails, orderDetails, useOrderId, usePaymentDetails } from './payment-details';

/**
 * /premium/payment/success: the paid order (?order=) as the server has it, or the details carried here. Opened with
 * neither (typed in, a bookmark, a reload of a page that carried nothing), or naming an order the server does not
 * know, it confirms nothing: a success message over empty details would tell the visitor a plan is active when
 * nothing says so. An order that is not paid yet goes to the pending page, which follows it.
 */
export default function PaymentSuccess() {
  const orderId = useOrderId();
  const carried = usePaymentDetails();
  const order = usePaymentOrder(orderId);
  const nothing = orderId ? Boolean(order.error) : !hasDetails(carried);
  useDocumentMeta(
    nothing ? 'No payment to confirm' : 'Payment Successful',
    nothing
      ? 'There is no Guildhall premium payment to confirm here: see the plans, or your servers on the dashboard.'
      : 'Your Guildhall premium payment went through and your plan is active.',
  );
  if (orderId && order.isPending) return <Spinner label="Loading your order..." />;
  if (nothing) return <NothingToConfirm error={order.error} />;
  if (order.data && order.data.status !== 'paid')
    return <Navigate to={`/premium/payment/pending?order=${encodeURIComponent(order.data.id)}`} replace />;
  const premium = order.data?.premium;
  const rows = detailRows(order.data ? orderDetails(order.data) : carried, 'Amount paid');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto h-16 w-16 text-ok" />
      <h1 className="mt-6 text-3xl font-bold">Payment Successful</h1>
      <p className="mt-3 text-muted">Thank you! Your premium subscription is active on your server.</p>
      <dl className="card mt-8 divide-y divide-line text-left">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-5 py-3">
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold break-all">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {premium?.plan && (
        <p className="mt-4 inline-flex items-center gap-2 font-semibold text-warn">
          <Crown aria-hidden="true" className="h-5 w-5" />
          {premiumActiveText(premium)}
        </p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/dashboard" className="btn-primary">
          Go to Dashboard
        </Link>
        <Link to="/support" className="btn-secondary">
          Get Support
        </Link>
      </div>
    </div>
  );
}

function NothingToConfirm({ error }: { error: Error | null }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <Info aria-hidden="true" className="mx-auto h-16 w-16 text-muted" />
      <h1 className="mt-6 text-3xl font-bold">No payment to confirm</h1>
      <p className="mt-3 text-muted">
        This page confirms a payment when checkout sends you back, and there is none to confirm here. If you have just paid, your plan shows
        on your server&apos;s dashboard as soon as the payment is confirmed.
      </p>
      {error && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {error instanceof ApiError ? error.message : 'Could not load your order.'}
        </p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/premium" className="btn-primary">
          See the plans
        </Link>
        <Link to="/dashboard" className="btn-secondary">
          Go to Dashboard
        </Link>
      </div>
    </div>
  );
}
