import { CheckCircle2, Crown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { usePaymentOrder } from '../../api/queries';
import { premiumActiveText } from '../../components/premium/plan-status';
import { Spinner } from '../../components/Spinner';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { detailRows, orderDetails, useOrderId, usePaymentDetails } from './payment-details';

/** /premium/payment/success: the paid order (?order=) as the server has it, or the details carried here. */
export default function PaymentSuccess() {
  useDocumentMeta('Payment Successful', 'Your Guildhall premium payment went through and your plan is active.');
  const orderId = useOrderId();
  const carried = usePaymentDetails();
  const order = usePaymentOrder(orderId);
  if (orderId && order.isPending) return <Spinner label="Loading your order..." />;
  const paid = order.data?.status === 'paid' ? order.data : undefined;
  const premium = paid?.premium;
  const rows = detailRows(order.data ? orderDetails(order.data) : carried, 'Amount paid');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto h-16 w-16 text-ok" />
      <h1 className="mt-6 text-3xl font-bold">Payment Successful</h1>
      <p className="mt-3 text-muted">Thank you! Your premium subscription is active on your server.</p>
      {order.error && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {order.error instanceof ApiError ? order.error.message : 'Could not load your order.'}
        </p>
      )}
      {order.data && !paid && (
        <p role="status" className="mt-4 text-sm text-warn">
          This payment is not confirmed yet.{' '}
          <Link to={`/premium/payment/pending?order=${encodeURIComponent(order.data.id)}`} className="underline">
            Follow its status
          </Link>
          .
        </p>
      )}
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
