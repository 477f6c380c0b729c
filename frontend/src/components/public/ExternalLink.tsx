import { ExternalLink as ExternalIcon } from 'lucide-react';
import type { AnchorHTMLAttributes } from 'react';

/** A link that leaves the site: opens in a new tab and says so to screen readers. */
export function ExternalLink({
  children,
  icon = false,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; icon?: boolean }) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      {icon && <ExternalIcon aria-hidden="true" className="h-3.5 w-3.5" />}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
