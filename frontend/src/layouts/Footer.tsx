import { Link } from 'react-router-dom';

/** The public footer's links, in the spec's order. */
export const FOOTER_LINKS = [
  { to: '/features', label: 'Features' },
  { to: '/dev', label: 'Developer' },
  { to: '/selector', label: 'Dashboard' },
  { to: '/docs', label: 'Documentation' },
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
  { to: '/invite', label: 'Invite' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/cookies', label: 'Cookies' },
  // The spec's route table: the footer also links /cookie-policy (the same page).
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/shipping', label: 'Shipping Policy' },
  { to: '/refund', label: 'Refund Policy' },
] as const;

export function Footer() {
  return (
    <footer className="mt-16 border-t border-line bg-panel">
      {/* The public pages' content column (max-w-6xl, centred): the footer lines up with the page above it. */}
      <div className="mx-auto max-w-6xl px-4 py-10">
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4 lg:grid-cols-7">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-muted hover:text-fg">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-8 text-xs text-muted">© {new Date().getFullYear()} Guildhall. Not affiliated with Discord Inc.</p>
      </div>
    </footer>
  );
}
