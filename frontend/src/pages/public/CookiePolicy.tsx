import { Link } from 'react-router-dom';
import { FactTable, PolicyLayout } from '../../components/public/PolicyLayout';
import { useDocumentMeta } from '../../lib/use-document-meta';

export const COOKIE_POLICY_UPDATED = 'June 24, 2025';

/** One page for /cookies and /cookie-policy (the same content under both paths). */
export default function CookiePolicy() {
  useDocumentMeta(
    'Cookie Policy',
    'The cookies and browser storage the Guildhall dashboard uses, what each one is for, and how to remove them.',
  );
  return (
    <PolicyLayout
      title="Cookie Policy"
      updated={COOKIE_POLICY_UPDATED}
      intro="Guildhall uses only what the dashboard needs to work. No advertising, analytics or tracking cookies."
      related={[
        { to: '/privacy', label: 'Privacy Policy' },
        { to: '/terms', label: 'Terms of Service' },
        { to: '/contact', label: 'Contact' },
      ]}
    >
      <h2>What cookies are</h2>
      <p>
        Cookies are small pieces of text a website stores in your browser. Browsers also offer local and session storage, which work in a
        similar way; this policy covers both.
      </p>

      <h2>What we use</h2>
      <FactTable
        caption="Cookies and storage used by Guildhall"
        head={['Name', 'Kind', 'Purpose', 'Lasts']}
        rows={[
          ['guildhall.sid', 'Cookie, essential', 'Keeps you signed in to the dashboard', '7 days, or until you log out'],
          [
            'XSRF-TOKEN',
            'Cookie, essential',
            'Proves that changes come from our own pages (protection against forged requests)',
            'Browser session',
          ],
          ['guildhall-theme', 'Local storage', 'Remembers whether you chose the light or dark theme', 'Until you clear it'],
          ['redirectAfterLogin', 'Session storage', 'Returns you to the page you wanted after signing in', 'Until used or the tab closes'],
        ]}
      />

      <h2>Third parties</h2>
      <p>
        When you sign in, Discord&apos;s own pages may set cookies under Discord&apos;s policy; when you pay, our payment provider does the
        same on its pages. Guildhall&apos;s pages do not load third-party trackers.
      </p>

      <h2>Your choices</h2>
      <p>
        Essential cookies cannot be turned off in the dashboard, because signing in does not work without them. You can delete them at any
        time in your browser settings; you will then be signed out. Blocking them blocks the dashboard, but the public pages still work.
      </p>

      <h2>More</h2>
      <p>
        How we handle personal data is in the <Link to="/privacy">Privacy Policy</Link>. Questions? <Link to="/contact">Contact us</Link>.
      </p>
    </PolicyLayout>
  );
}
