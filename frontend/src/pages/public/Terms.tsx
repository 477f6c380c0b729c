import { Link } from 'react-router-dom';
import { PolicyLayout } from '../../components/public/PolicyLayout';
import { useDocumentMeta } from '../../lib/use-document-meta';

export const TERMS_UPDATED = 'December 24, 2024';

export default function Terms() {
  useDocumentMeta('Terms of Service', 'The terms that apply when you use the Guildhall Discord bot, its dashboard and its premium plans.');
  return (
    <PolicyLayout
      title="Terms of Service"
      updated={TERMS_UPDATED}
      intro="These terms apply when you add Guildhall to a Discord server, use its commands, or use this website and dashboard."
      related={[
        { to: '/privacy', label: 'Privacy Policy' },
        { to: '/', label: 'Home' },
        { to: '/selector', label: 'Dashboard' },
      ]}
    >
      <h2>1. Agreement</h2>
      <p>
        By inviting the bot, signing in to the dashboard or buying a plan you accept these terms and our{' '}
        <Link to="/privacy">Privacy Policy</Link>. If you use Guildhall on behalf of a community, you confirm that you may accept them for
        it.
      </p>

      <h2>2. Who may use Guildhall</h2>
      <p>
        You must be at least 13 years old, or the minimum age for Discord in your country if it is higher, and you must follow{' '}
        Discord&apos;s own terms and guidelines. Dashboard access to a server is limited to its owner and to members with the Administrator
        or Manage Server permission there.
      </p>

      <h2>3. The service</h2>
      <p>
        Guildhall provides moderation, AntiNuke protection, tickets, welcome messages, levels and other tools, and a web dashboard to
        configure them. We aim for 99.9% uptime, but the service is provided as it is: outages, Discord incidents and maintenance can
        happen, and features may change as the bot improves.
      </p>

      <h2>4. Acceptable use</h2>
      <ul>
        <li>Do not use Guildhall to harass people, send spam, or break the law or Discord&apos;s rules.</li>
        <li>Do not try to disrupt, overload, reverse engineer or get around the limits of the bot or the dashboard.</li>
        <li>Do not access servers or settings you are not allowed to manage.</li>
      </ul>
      <p>We may limit or end access for anyone who breaks these rules, and remove the bot from servers used for abuse.</p>

      <h2>5. Your server and your content</h2>
      <p>
        You are responsible for how the bot is configured in your server and for the messages, embeds and panels you make it post. You keep
        the rights to your content; you allow us to store and process it only to run the features you turned on.
      </p>

      <h2>6. Premium plans and payments</h2>
      <p>
        Premium plans are sold per server in Indian rupees through our payment provider. Prices, billing periods and discounts are described
        in the <Link to="/pricing">Pricing Policy</Link>, delivery in the <Link to="/shipping">Shipping Policy</Link> and refunds in the{' '}
        <Link to="/refund">Refund Policy</Link>. When a plan ends or is cancelled, the server keeps premium features until the end date and
        then returns to the free tier.
      </p>

      <h2>7. Data</h2>
      <p>
        What we collect and how long we keep it is set out in the <Link to="/privacy">Privacy Policy</Link>. In short: server configuration
        is deleted 30 days after you stop using Guildhall, and logs are kept for about 90 days.
      </p>

      <h2>8. Ending the service</h2>
      <p>
        You can stop at any time by removing the bot from your server. We may suspend or end the service for a server that breaks these
        terms, and we will give notice where we reasonably can.
      </p>

      <h2>9. Liability</h2>
      <p>
        To the extent the law allows, we are not liable for indirect losses, lost data or lost profits arising from the use of Guildhall,
        and our total liability is limited to the amount you paid us in the 12 months before the claim.
      </p>

      <h2>10. Changes</h2>
      <p>
        We may update these terms. The date at the top shows the latest version; significant changes are announced in our support server.
        Using Guildhall after a change means you accept the new terms.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms? <Link to="/contact">Contact us</Link>.
      </p>
    </PolicyLayout>
  );
}
