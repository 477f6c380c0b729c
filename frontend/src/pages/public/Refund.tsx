import { Link } from 'react-router-dom';
import { FactTable, PolicyLayout } from '../../components/public/PolicyLayout';
import { useDocumentMeta } from '../../lib/use-document-meta';

export default function Refund() {
  useDocumentMeta(
    'Cancellation and Refund Policy',
    'When Guildhall premium purchases can be refunded, how to cancel, and how long reviews, approvals and refunds take by payment method.',
  );
  return (
    <PolicyLayout
      title="Cancellation and Refund Policy"
      intro="We want you to be happy with premium. If it does not work out, here is what we refund and how quickly."
      related={[
        { to: '/pricing', label: 'Pricing Policy' },
        { to: '/shipping', label: 'Shipping Policy' },
        { to: '/contact', label: 'Contact' },
      ]}
    >
      <h2>Refund windows</h2>
      <FactTable
        caption="When a refund applies"
        head={['Situation', 'Window', 'Refund']}
        rows={[
          ['Changed your mind', 'Within 24 hours of purchase', 'Full refund'],
          ['Lifetime purchase, changed your mind', 'Within 48 hours of purchase', 'Full refund'],
          ['Other reasons', 'Within 7 days of purchase', 'Partial refund considered'],
          ['A technical issue we cannot fix', 'Within 30 days of purchase', 'Refund'],
          ['Service outage longer than 72 consecutive hours', 'During your paid period', 'Partial refund'],
        ]}
      />
      <p>A partial refund is worked out from the unused part of your plan. Refunds go back to the payment method you used.</p>

      <h2>How to ask</h2>
      <ol>
        <li>
          Write to us from the <Link to="/contact">contact page</Link> with the Billing subject, or open a ticket in our support server.
        </li>
        <li>Give the server ID, the date and amount of the payment, and the reason.</li>
        <li>We review the request and reply with the decision.</li>
      </ol>

      <h2>How long it takes</h2>
      <FactTable
        caption="Refund timings"
        head={['Step', 'Time']}
        rows={[
          ['Review of your request', '1 to 3 business days'],
          ['Approval', '24 to 48 hours'],
          ['Processing to your account', '5 to 10 business days'],
        ]}
      />
      <FactTable
        caption="Processing time by payment method"
        head={['Payment method', 'Processing time']}
        rows={[
          ['Cards', '5 to 10 business days'],
          ['Wallets', '2 to 5 business days'],
          ['Net banking', '3 to 7 business days'],
        ]}
      />

      <h2>Cancellation</h2>
      <p>
        You can cancel a plan at any time. Cancelling stops the next renewal; the server keeps its premium features until the end date of
        the period already paid for, then returns to the free tier. Cancelling alone does not refund the current period: refunds follow the
        windows above.
      </p>
      <p>A trial, where offered, expires on its own and is never charged.</p>
    </PolicyLayout>
  );
}
