import type { PeriodKey } from '@guildhall/generated/types';
import { ArrowLeft, Check } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AuthLink } from '../../components/public/AuthLink';
import { PlanLimit } from '../../components/public/PlanLimit';
import {
  formatRupees,
  includedForAll,
  limits,
  type OrderState,
  periods,
  planForSlug,
  plans,
  savingsPercent,
} from '../../components/public/plans';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { ACCENT_TEXT } from '../../components/public/accent';

/** /plans/{planType}: no common layout, so the page brings its own slim header. */
export default function PlanPage() {
  const { planType } = useParams();
  const plan = planForSlug(planType);
  useDocumentMeta(
    `${plan.name} plan`,
    `Guildhall ${plan.name}: feature limits, and prices for 1 month, 3 months, 1 year or lifetime in Indian rupees.`,
  );
  const [periodKey, setPeriodKey] = useState<PeriodKey>(periods.find((p) => p.mostPopular)?.key ?? periods[0]!.key);
  const period = periods.find((p) => p.key === periodKey)!;
  const order: OrderState = { planName: plan.name, period: period.key, periodLabel: period.label, price: plan.prices[period.key] };

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <header className="border-b border-line">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold">
            <img src="/favicon.svg" alt="" className="h-8 w-8" />
            Guildhall
          </Link>
          <Link to="/premium" className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            All plans
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-12">
        <h1 className="text-4xl font-bold tracking-tight">{plan.name} plan</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{plan.summary}</p>
        <nav aria-label="Other plans" className="mt-4">
          <ul className="flex gap-2 text-sm">
            {plans.map((p) => (
              <li key={p.key}>
                <Link
                  to={`/plans/${p.slug}`}
                  aria-current={p.key === plan.key ? 'page' : undefined}
                  className={`rounded-full border px-3 py-1 ${p.key === plan.key ? 'border-brand bg-brand text-white' : 'border-line text-muted hover:text-fg'}`}
                >
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-10">
          <fieldset>
            <legend className="text-2xl font-bold">Choose a duration</legend>
            <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {periods.map((p) => {
                const savings = savingsPercent(plan, p);
                const selected = p.key === periodKey;
                return (
                  <label
                    key={p.key}
                    className={`card relative flex cursor-pointer flex-col p-5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
                      selected ? 'border-brand ring-1 ring-brand' : 'hover:border-muted'
                    }`}
                  >
                    <input
                      type="radio"
                      name="period"
                      value={p.key}
                      checked={selected}
                      onChange={() => setPeriodKey(p.key)}
                      className="sr-only"
                    />
                    {p.mostPopular && (
                      <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand px-3 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
                        Most Popular
                      </span>
                    )}
                    <span className="flex items-center justify-between font-semibold">
                      {p.label}
                      {selected && <Check aria-hidden="true" className={`h-5 w-5 ${ACCENT_TEXT}`} />}
                    </span>
                    <span className="mt-3 text-3xl font-extrabold">{formatRupees(plan.prices[p.key])}</span>
                    <span className="mt-2 min-h-6 text-sm">
                      {savings !== null && (
                        <>
                          <span className="rounded-full bg-ok/15 px-2 py-0.5 font-semibold text-ok">Save {savings}%</span>
                          {p.savingsBasisMonths !== null && p.savingsBasisMonths > 12 && (
                            <span className="mt-1 block text-xs text-muted">
                              against {p.savingsBasisMonths / 12} years of monthly payments
                            </span>
                          )}
                        </>
                      )}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <AuthLink
              to={`/premium/${plan.slug}/${period.key}/process`}
              state={order}
              returnHere
              className="btn-primary px-6 py-3 text-base"
            >
              Continue to Payment
            </AuthLink>
            <p className="text-sm text-muted">
              {plan.name}, {period.label}: <span className="font-semibold text-fg">{formatRupees(order.price)}</span> (GST included)
            </p>
          </div>
        </div>

        <section aria-labelledby="limits-heading" className="mt-14">
          <h2 id="limits-heading" className="text-2xl font-bold">
            Feature limits
          </h2>
          {/* Fits a phone (390 px) whole: smaller type and padding, the icons above their words; a narrower screen still
              scrolls the table in its own box rather than the page. */}
          <div
            className="relative mt-6 overflow-x-auto rounded-xl border border-line"
            tabIndex={0}
            role="region"
            aria-label="Feature limits table"
          >
            <table className="w-full text-left text-xs sm:text-sm">
              <caption className="sr-only">Feature limits of the Basic, Standard and Unlimited plans</caption>
              <thead className="bg-panel-2">
                <tr>
                  <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
                    Feature
                  </th>
                  {plans.map((p) => (
                    <th key={p.key} scope="col" className={`px-2 py-3 font-semibold sm:px-4 ${p.key === plan.key ? 'bg-brand/20' : ''}`}>
                      {p.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {limits.map((row) => (
                  <tr key={row.feature} className="border-t border-line">
                    <th scope="row" className="px-2 py-3 font-medium sm:px-4">
                      {row.feature}
                    </th>
                    {plans.map((p) => (
                      <td key={p.key} className={`px-2 py-3 sm:px-4 ${p.key === plan.key ? 'bg-brand/10' : ''}`}>
                        <PlanLimit value={row.limits[p.key]} stacked />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-xs text-muted">— means the plan pages do not list this feature for that plan.</p>
        </section>

        <section aria-labelledby="included-heading" className="mt-12">
          <h2 id="included-heading" className="text-2xl font-bold">
            Included in every plan
          </h2>
          <ul className="mt-6 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {includedForAll.map((feature) => (
              <li key={feature} className="flex items-center gap-2 text-sm">
                <Check aria-hidden="true" className="h-4 w-4 shrink-0 text-ok" />
                {feature}
              </li>
            ))}
          </ul>
        </section>
      </main>
    </>
  );
}
