import { Crown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AuthLink } from '../../components/public/AuthLink';
import { PageHeader } from '../../components/public/PageHeader';
import { PlanLimit } from '../../components/public/PlanLimit';
import { formatRupees, limits, plans } from '../../components/public/plans';
import { useDocumentMeta } from '../../lib/use-document-meta';

/** The rows a plan card lists; the plan page shows them all. */
const CARD_FEATURES = ['Scrims', 'Tournaments', 'Welcome Setup', 'Ticket Panel', 'Antinuke Protection', 'Invite Tracking'];
const CARD_ROWS = limits.filter((row) => CARD_FEATURES.includes(row.feature));

export default function Premium() {
  useDocumentMeta(
    'Premium',
    'Guildhall premium plans: Basic, Standard and Unlimited, with higher limits for scrims, tournaments, tickets and more.',
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <PageHeader title="Premium" eyebrow="Plans for every community">
        Raise the limits for one server. Prices in Indian rupees, GST included.
      </PageHeader>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {plans.map((plan, index) => (
          <li key={plan.key} className={`card flex flex-col p-6 ${index === 1 ? 'border-brand ring-1 ring-brand' : ''}`}>
            <h2 className="flex items-center gap-2 text-xl font-bold">
              {index === 2 && <Crown aria-hidden="true" className="h-5 w-5 text-warn" />}
              {plan.name}
            </h2>
            <p className="mt-2 text-sm text-muted md:min-h-15">{plan.summary}</p>
            <p className="mt-5">
              <span className="text-sm text-muted">from </span>
              <span className="text-3xl font-extrabold">{formatRupees(plan.prices.monthly)}</span>
              <span className="text-muted"> / month</span>
            </p>
            <ul className="mt-5 flex-1 space-y-2 text-sm">
              {CARD_ROWS.map((row) => (
                <li key={row.feature} className="flex items-center justify-between gap-3 border-b border-line/60 pb-2">
                  <span className="text-muted">{row.feature}</span>
                  {row.cardLabels?.[plan.key] ? (
                    <span className="font-semibold">{row.cardLabels[plan.key]}</span>
                  ) : (
                    <PlanLimit value={row.limits[plan.key]} />
                  )}
                </li>
              ))}
            </ul>
            <AuthLink
              to={`/plans/${plan.slug}`}
              returnHere
              className="btn-primary mt-6 w-full"
              aria-label={`Get Started with ${plan.name}`}
            >
              Get Started
            </AuthLink>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center text-sm text-muted">
        Longer durations cost less per month. Read the{' '}
        <Link to="/pricing" className="text-fg underline decoration-brand underline-offset-2">
          pricing policy
        </Link>{' '}
        and the{' '}
        <Link to="/refund" className="text-fg underline decoration-brand underline-offset-2">
          refund policy
        </Link>
        .
      </p>
    </div>
  );
}
