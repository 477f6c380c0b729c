import { Link } from 'react-router-dom';
import { formatRupees, plans, policyPriceText, pricingPolicy } from '../../components/public/plans';
import { FactTable, PolicyLayout } from '../../components/public/PolicyLayout';
import { useDocumentMeta } from '../../lib/use-document-meta';

export default function Pricing() {
  useDocumentMeta(
    'Pricing Policy',
    'How Guildhall premium is priced: plans in Indian rupees with GST, billing periods with automatic discounts, payment methods and price changes.',
  );
  return (
    <PolicyLayout
      title="Pricing Policy"
      intro="How premium plans are priced, billed and paid for."
      related={[
        { to: '/premium', label: 'See the plans' },
        { to: '/refund', label: 'Refund Policy' },
        { to: '/shipping', label: 'Shipping Policy' },
        { to: '/contact', label: 'Contact' },
      ]}
    >
      <h2>Plans</h2>
      <p>
        All prices are in Indian rupees (INR). For customers in India, GST is included in the price shown; you pay exactly the amount on the
        checkout page.
      </p>
      <FactTable
        caption="Plans as described by this policy"
        head={['Plan', 'Price', 'What it offers']}
        rows={pricingPolicy.plans.map((row) => [
          plans.find((p) => p.key === row.plan)!.name,
          policyPriceText(row.plan),
          row.features.join(', '),
        ])}
      />
      <p>
        The <Link to="/premium">plan pages</Link> show the current price of each duration for every plan, for example{' '}
        {plans.map((p, i) => (
          <span key={p.key}>
            {i > 0 && (i === plans.length - 1 ? ' and ' : ', ')}
            {p.name} {formatRupees(p.prices.monthly)} for one month
          </span>
        ))}
        . The price shown when you pay is the one that applies.
      </p>
      <p>
        Premium unlocks custom punishment levels, unlimited logging, full music controls and premium dashboard access, on top of each
        plan&apos;s limits.
      </p>

      <h2>Billing periods and discounts</h2>
      <p>Plans can be bought for the following periods. Longer periods cost less per month; the discount is applied automatically.</p>
      <FactTable
        caption="Billing periods"
        head={['Period', 'Discount']}
        rows={pricingPolicy.billingPeriods.map((p) => [p.label, p.discountPercent ? `Save ${p.discountPercent}%` : 'None'])}
      />
      <ul>
        <li>Discounts are automatic: there are no promo codes to enter.</li>
        <li>A trial, where offered, ends automatically; you are never charged without choosing a plan.</li>
        <li>
          A plan is bought for one server. When it ends or is cancelled, the server keeps premium features until the end date, then returns
          to the free tier.
        </li>
      </ul>

      <h2>Payment methods</h2>
      <ul>
        <li>Cards: Visa, Mastercard, RuPay and American Express</li>
        <li>UPI and wallets</li>
        <li>Net banking</li>
      </ul>
      <p>Payments are processed by our payment provider; Guildhall never sees or stores your card or bank details.</p>

      <h2>Price changes</h2>
      <p>
        We announce price changes at least 30 days in advance. A change never applies in the middle of a billing period you have already
        paid for.
      </p>

      <h2>Questions</h2>
      <p>
        Billing questions are welcome on the <Link to="/contact">contact page</Link> (choose the Billing subject). Refunds follow the{' '}
        <Link to="/refund">Refund Policy</Link>.
      </p>
    </PolicyLayout>
  );
}
