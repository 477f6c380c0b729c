import { ArrowLeft, Info } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider';
import { AuthLink } from '../../components/public/AuthLink';
import { formatRupees, type OrderState, periodForKey, planForSlug } from '../../components/public/plans';
import { useDocumentMeta } from '../../lib/use-document-meta';

/**
 * /premium/{planType}/{period}/process: the order summary from the plan page's navigation state (or, when the
 * page is opened directly, from the plan catalog). The purchase form and the payment arrive with the payments
 * release; until then this page says so rather than pretending to take money.
 */
export default function PaymentProcess() {
  useDocumentMeta('Order summary', 'Review your Guildhall premium order: plan, duration and price in Indian rupees.');
  const { planType, period: periodParam } = useParams();
  const { state, pathname } = useLocation();
  const { status } = useAuth();
  const plan = planForSlug(planType);
  const period = periodForKey(periodParam);
  const carried = (state && typeof state === 'object' ? state : null) as Partial<OrderState> | null;
  const order = {
    planName: carried?.planName ?? plan.name,
    periodLabel: carried?.periodLabel ?? period?.label,
    price: carried?.price ?? (period ? plan.prices[period.key] : undefined),
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <Link to={`/plans/${plan.slug}`} className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to the {plan.name} plan
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Order summary</h1>
      <section aria-labelledby="summary-heading" className="card mt-8 p-6">
        <h2 id="summary-heading" className="sr-only">
          Your order
        </h2>
        {order.periodLabel && order.price !== undefined ? (
          <dl className="divide-y divide-line">
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-muted">Plan</dt>
              <dd className="font-semibold">{order.planName}</dd>
            </div>
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-muted">Duration</dt>
              <dd className="font-semibold">{order.periodLabel}</dd>
            </div>
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-muted">Price</dt>
              <dd className="text-xl font-bold">
                {formatRupees(order.price)} <span className="text-sm font-normal text-muted">(INR, GST included)</span>
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-muted">
            This duration is not one we sell. Please{' '}
            <Link to={`/plans/${plan.slug}`} className="text-fg underline decoration-brand underline-offset-2">
              choose a duration
            </Link>{' '}
            again.
          </p>
        )}
      </section>
      <div role="note" className="mt-6 flex gap-3 rounded-lg border border-warn/50 bg-warn/10 p-4 text-sm">
        <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-warn" />
        <div>
          <p className="font-semibold">Online payment is not open yet.</p>
          <p className="mt-1 text-muted">
            Choosing the server and paying will be possible here soon. Nothing has been charged. Until then you can claim your first month
            free through our support server (see the{' '}
            <Link to="/faq#premium" className="text-fg underline decoration-brand underline-offset-2">
              FAQ
            </Link>
            ) or{' '}
            <Link to="/contact" className="text-fg underline decoration-brand underline-offset-2">
              contact us
            </Link>
            .
          </p>
          {status === 'unauthenticated' && (
            <p className="mt-2 text-muted">
              Buying a plan needs you to{' '}
              <AuthLink to={pathname} returnHere className="text-fg underline decoration-brand underline-offset-2">
                sign in
              </AuthLink>
              .
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
