import { Link } from 'react-router-dom';
import { PolicyLayout } from '../../components/public/PolicyLayout';
import { useDocumentMeta } from '../../lib/use-document-meta';

export const PRIVACY_UPDATED = 'December 24, 2024';

export default function Privacy() {
  useDocumentMeta('Privacy Policy', 'What data Guildhall collects, why, how long it is kept, who it is shared with, and your choices.');
  return (
    <PolicyLayout
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      intro="We collect as little as we need to run the bot and the dashboard, and we never sell your data."
      related={[
        { to: '/terms', label: 'Terms of Service' },
        { to: '/', label: 'Home' },
        { to: '/selector', label: 'Dashboard' },
      ]}
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Your Discord account</strong>, when you sign in: your user id, username, avatar and e-mail address, and the list of
          servers you are in with your permissions there (Discord&apos;s identify, email and guilds scopes).
        </li>
        <li>
          <strong>Server configuration</strong>: the settings you save in the dashboard or with commands, such as channels, roles, messages,
          ticket panels and protection rules.
        </li>
        <li>
          <strong>Logs</strong>: moderation and protection events, ticket transcripts if you enable them, and technical logs of requests
          (without message contents).
        </li>
        <li>
          <strong>Payments</strong>: the plan, period, server and amount of each purchase. Card, UPI and bank details are handled by our
          payment provider and never reach us.
        </li>
        <li>
          <strong>Messages you send us</strong> through the <Link to="/contact">contact form</Link>: your name, e-mail address and message.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To run the features you turn on and show your servers in the dashboard.</li>
        <li>To keep the service secure, prevent abuse and fix problems.</li>
        <li>To activate premium plans and keep the records the law requires.</li>
        <li>To answer your questions.</li>
      </ul>

      <h2>Cookies</h2>
      <p>
        The dashboard uses a session cookie to keep you signed in and a security cookie against forged requests. There are no advertising or
        tracking cookies. Details are in the <Link to="/cookie-policy">Cookie Policy</Link>.
      </p>

      <h2>Who we share it with</h2>
      <p>
        Discord, because the bot works through Discord; our payment provider, to process payments; and our hosting providers, who store data
        on our behalf. We share data with authorities only when the law requires it. We do not sell or rent personal data.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Server configuration: deleted 30 days after you stop using Guildhall (for example after removing the bot).</li>
        <li>Logs: kept for about 90 days, then deleted.</li>
        <li>Payment records: as long as tax and accounting law requires.</li>
        <li>Sessions: until you log out, or 7 days without use.</li>
      </ul>

      <h2>Your choices and rights</h2>
      <p>
        You can log out at any time, remove the bot from your server, and revoke Guildhall&apos;s access in Discord&apos;s Authorized Apps
        settings. You may ask us for a copy of your data, or to correct or delete it, through the <Link to="/contact">contact page</Link>.
      </p>

      <h2>Children</h2>
      <p>Guildhall is not meant for anyone under 13. If you believe a child has given us data, contact us and we will delete it.</p>

      <h2>Security</h2>
      <p>
        Traffic is encrypted, access tokens stay on our servers, and access to data is limited to the people who need it to run the service.
      </p>

      <h2>Changes</h2>
      <p>
        We will update the date at the top when this policy changes and announce significant changes in our support server. See also the{' '}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    </PolicyLayout>
  );
}
