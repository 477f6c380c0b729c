import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider';
import { rememberRedirect } from '../../auth/redirect-memory';

/**
 * The spec's login rule for buttons on public pages: signed in, go to `to`; otherwise go to /login. With
 * `returnHere`, a signed-out visitor comes back to `to` after signing in.
 */
export function AuthLink({
  to,
  children,
  className,
  returnHere = false,
  state,
  'aria-label': ariaLabel,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  returnHere?: boolean;
  state?: unknown;
  'aria-label'?: string;
}) {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  return (
    <Link
      to={signedIn ? to : '/login'}
      state={signedIn ? state : undefined}
      className={className}
      aria-label={ariaLabel}
      onClick={() => {
        if (!signedIn && returnHere) rememberRedirect(to);
      }}
    >
      {children}
    </Link>
  );
}
