import { XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../lib/use-document-meta';

export default function PaymentFailed() {
  useDocumentMeta('Payment Failed', 'Your Guildhall premium payment could not be processed. No charges were made.');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <XCircle aria-hidden="true" className="mx-auto h-16 w-16 text-danger" />
      <h1 className="mt-6 text-3xl font-bold">Payment Failed</h1>
      <p className="mt-3 text-muted">We couldn&apos;t process your payment. Don&apos;t worry, no charges were made.</p>
      <div className="card mt-8 p-5 text-left">
        <h2 className="font-semibold">Possible reasons</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
          <li>Insufficient funds</li>
          <li>Bank declined the transaction</li>
          <li>Network issues</li>
        </ul>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/premium" className="btn-primary">
          Try Again
        </Link>
        <Link to="/support" className="btn-secondary">
          Contact Support
        </Link>
      </div>
    </div>
  );
}
