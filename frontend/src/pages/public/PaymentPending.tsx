import { Clock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatRupees, isPlanSlug, periodForKey, planForSlug } from '../../components/public/plans';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { usePaymentDetails } from './payment-details';

export default function PaymentPending() {
  useDocumentMeta(
    'Payment Processing',
    'Your Guildhall premium payment is being verified; your plan activates as soon as it is confirmed.',
  );
  const details = usePaymentDetails();
  const rows: [string, string | undefined][] = [
    ['Plan type', details.planType && (isPlanSlug(details.planType) ? planForSlug(details.planType).name : details.planType)],
    ['Duration', details.period && (periodForKey(details.period)?.label ?? details.period)],
    ['Server ID', details.guildId],
    ['Amount', details.amount !== undefined ? formatRupees(details.amount) : undefined],
  ];
  const known = rows.filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <Clock aria-hidden="true" className="mx-auto h-16 w-16 text-warn" />
      <h1 className="mt-6 text-3xl font-bold">Payment Processing</h1>
      <p className="mt-3 text-muted">
        We are verifying your payment. This usually takes about 2-5 minutes. Your subscription activates as soon as the payment is
        confirmed; you do not need to pay again.
      </p>
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
