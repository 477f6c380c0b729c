import { Link } from 'react-router-dom';
import { FactTable, PolicyLayout } from '../../components/public/PolicyLayout';
import { useDocumentMeta } from '../../lib/use-document-meta';

export default function Shipping() {
  useDocumentMeta(
    'Shipping Policy',
    'Guildhall premium is delivered digitally to your Discord server: how the purchase is confirmed and activated, and how long it takes.',
  );
  return (
    <PolicyLayout
      title="Shipping Policy"
      intro="Guildhall sells digital services only. Nothing is shipped: your plan is delivered to your Discord server."
      related={[
        { to: '/pricing', label: 'Pricing Policy' },
        { to: '/refund', label: 'Refund Policy' },
        { to: '/contact', label: 'Contact' },
      ]}
    >
      <h2>Digital delivery only</h2>
      <p>
        Premium plans are activated on the server you choose at checkout. There are no physical goods, no shipping charges and no delivery
        address to give.
      </p>

      <h2>How a purchase is delivered</h2>
      <ol>
        <li>
          <strong>Payment verification</strong>: the payment provider confirms your payment.
        </li>
        <li>
          <strong>Activation</strong>: the plan is switched on for your server.
        </li>
        <li>
          <strong>Confirmation</strong>: the payment result page shows the plan, duration, server and amount, and the features are available
          right away.
        </li>
      </ol>

      <h2>How long it takes</h2>
      <FactTable
        caption="Delivery timings"
        head={['Step', 'Usual time']}
        rows={[
          ['Payment confirmation', '30 seconds to 2 minutes'],
          ['Activation', '1 to 5 minutes'],
          ['Longest delay', 'At most 24 hours'],
        ]}
      />
      <p>
        If the payment result says the payment is processing, verification is still running; the plan activates as soon as it is confirmed.
        Refreshing the page or paying again is not needed.
      </p>

      <h2>Not activated?</h2>
      <p>
        If your plan is not active 24 hours after payment, <Link to="/contact">contact us</Link> with your server ID and payment reference.
        A purchase we cannot deliver is refunded under the <Link to="/refund">Refund Policy</Link>.
      </p>
    </PolicyLayout>
  );
}
