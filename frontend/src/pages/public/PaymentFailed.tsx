import { XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { usePaymentOrder } from '../../api/queries';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { useOrderId, usePaymentDetails } from './payment-details';

/**
 * /premium/payment/failed. With an order (?order=), Try Again goes back to that plan and duration's
 * purchase form; without one, to the plans.
 */
export default function PaymentFailed() {
  useDocumentMeta('Payment Failed', 'Your Guildhall premium payment could not be processed. No charges were made.');
  const order = usePaymentOrder(useOrderId()).data;
  const { reason } = usePaymentDetails();
  const retry = order ? `/premium/${order.planType}/${order.period}/process` : '/premium';
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <XCircle aria-hidden="true" className="mx-auto h-16 w-16 text-danger" />
      <h1 className="mt-6 text-3xl font-bold">Payment Failed</h1>
      <p className="mt-3 text-muted">We couldn&apos;t process your payment. Don&apos;t worry, no charges were made.</p>
      {reason && <p className="mt-2 text-sm text-muted">Details: {reason}</p>}
      {order?.status === 'expired' && <p className="mt-2 text-sm text-muted">The payment link expired before a payment was made.</p>}
      <div className="card mt-8 p-5 text-left">
        <h2 className="font-semibold">Possible reasons</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
          <li>Insufficient funds</li>
          <li>Bank declined the transaction</li>
          <li>Network issues</li>
        </ul>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={retry} className="btn-primary">
          Try Again
        </Link>
        <Link to="/support" className="btn-secondary">
          Contact Support
        </Link>
      </div>
    </div>
  );
}
