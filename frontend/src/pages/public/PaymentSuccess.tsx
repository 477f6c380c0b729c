import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatRupees, isPlanSlug, periodForKey, planForSlug } from '../../components/public/plans';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { usePaymentDetails } from './payment-details';

export default function PaymentSuccess() {
  useDocumentMeta('Payment Successful', 'Your Guildhall premium payment went through and your plan is active.');
  const details = usePaymentDetails();
  const rows: [string, string][] = [
    ['Plan type', details.planType ? (isPlanSlug(details.planType) ? planForSlug(details.planType).name : details.planType) : '—'],
    ['Duration', details.period ? (periodForKey(details.period)?.label ?? details.period) : '—'],
    ['Server ID', details.guildId ?? '—'],
    ['Amount paid', details.amount !== undefined ? formatRupees(details.amount) : '—'],
  ];
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto h-16 w-16 text-ok" />
      <h1 className="mt-6 text-3xl font-bold">Payment Successful</h1>
      <p className="mt-3 text-muted">Thank you! Your premium subscription is active on your server.</p>
      <dl className="card mt-8 divide-y divide-line text-left">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-5 py-3">
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold break-all">{value}</dd>
          </div>
        ))}
      </dl>
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
