import { ArrowLeft, LogIn } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider';
import { AuthLink } from '../../components/public/AuthLink';
import { PurchaseForm } from '../../components/public/PurchaseForm';
import { Spinner } from '../../components/Spinner';
import { formatRupees, type OrderState, periodForKey, planForSlug } from '../../components/public/plans';
import { useDocumentMeta } from '../../lib/use-document-meta';

/**
 * /premium/{planType}/{period}/process: the order summary from the plan page's navigation state (or, when the
 * page is opened directly, from the plan catalog), and the purchase form, which needs a signed-in buyer:
 * a visitor signs in and comes back here.
 */
export default function PaymentProcess() {
  useDocumentMeta('Order summary', 'Review your Guildhall premium order: plan, duration and price in Indian rupees.');
  const { planType, period: periodParam } = useParams();
  const { state, pathname } = useLocation();
  const { status, user } = useAuth();
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
      {period && order.price !== undefined && (
        <>
          {status === 'loading' ? (
            <Spinner label="Checking your session..." />
          ) : user ? (
            <PurchaseForm user={user} plan={plan} period={period} />
          ) : (
            <section aria-labelledby="sign-in-heading" className="card mt-6 p-6 text-center">
              <h2 id="sign-in-heading" className="text-lg font-semibold">
                Sign in to buy
              </h2>
              <p className="mt-2 text-muted">Sign in with Discord to choose the server this plan is for. You come back here afterwards.</p>
              <AuthLink to={pathname} returnHere className="btn-primary mt-4">
                <LogIn aria-hidden="true" className="h-4 w-4" /> Sign in to buy
              </AuthLink>
            </section>
          )}
        </>
      )}
    </div>
  );
}
