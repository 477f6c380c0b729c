import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';
import { takeRedirect } from '../auth/redirect-memory';
import { Spinner } from '../components/Spinner';
import { useDocumentMeta } from '../lib/use-document-meta';

const SIGN_IN_ERRORS: Record<string, string> = {
  state: 'Sign-in could not be verified (it may have expired or been started in another tab). Please try again.',
  denied: 'Sign-in was cancelled on Discord.',
  discord: 'Discord did not complete the sign-in. Please try again in a moment.',
};

export default function Login() {
  useDocumentMeta('Login', 'Sign in to Guildhall with your Discord account to manage your servers.');
  const { status } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const error = params.get('error');

  useEffect(() => {
    if (status === 'authenticated') navigate(takeRedirect() ?? '/selector', { replace: true });
  }, [status, navigate]);

  if (status !== 'unauthenticated') return <Spinner label="Checking your session..." />;

  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <img src="/favicon.svg" alt="" className="h-16 w-16" />
      <h1 className="mt-6 text-3xl font-bold">Welcome to Guildhall</h1>
      <p className="mt-3 text-muted">Sign in with Discord to choose a server and configure the bot.</p>
      {error && (
        <p role="alert" className="mt-6 w-full rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
          {SIGN_IN_ERRORS[error] ?? 'Sign-in failed. Please try again.'}
        </p>
      )}
      {/* A plain link: sign-in leaves the app for Discord and comes back through /api/callback. */}
      <a href="/api/login" className="btn-primary mt-8 w-full py-3 text-base">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
          <path d="M20.3 4.4A19.8 19.8 0 0 0 15.4 3l-.6 1.3a18.4 18.4 0 0 0-5.6 0L8.6 3a19.7 19.7 0 0 0-4.9 1.5C.6 9.1-.3 13.7.1 18.2a19.9 19.9 0 0 0 6 3l1.3-2a12.9 12.9 0 0 1-2-1l.5-.4a14.2 14.2 0 0 0 12.2 0l.5.4-2 1 1.3 2a19.8 19.8 0 0 0 6-3c.5-5.2-.9-9.8-3.6-13.8ZM8 15.5c-1.2 0-2.2-1.1-2.2-2.4S6.8 10.7 8 10.7s2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Z" />
        </svg>
        Continue with Discord
      </a>
      <p className="mt-6 text-xs text-muted">
        By continuing you agree to our{' '}
        <Link to="/terms" className="underline hover:text-fg">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="underline hover:text-fg">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
