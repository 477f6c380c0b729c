import { LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';
import { Spinner } from '../components/Spinner';
import { useDocumentMeta } from '../lib/use-document-meta';

/**
 * /logout, where the spec's GET /logout and GET /api/logout lead. Arriving here signs nobody out (any site could link
 * it): only the button does, with the CSRF-protected POST, and then the app goes to /login as on any logout.
 */
export default function Logout() {
  useDocumentMeta('Sign out', 'Sign out of Guildhall.');
  const { status, user, logout } = useAuth();
  const navigate = useNavigate();
  const { key } = useLocation();
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    if (status === 'unauthenticated' && !signingOut) navigate('/login', { replace: true });
  }, [status, signingOut, navigate]);

  if (status !== 'authenticated' || !user) return <Spinner label="Checking your session..." />;

  // Back where the user came from within the app; from a link or a typed address, to the server list.
  const cancel = () => (key === 'default' ? navigate('/selector', { replace: true }) : navigate(-1));

  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <LogOut aria-hidden="true" className="h-12 w-12 text-muted" />
      <h1 className="mt-6 text-3xl font-bold">Sign out of Guildhall?</h1>
      <p className="mt-3 text-muted">You are signed in as {user.global_name || user.username}.</p>
      <div className="mt-8 flex w-full gap-3">
        <button type="button" className="btn-secondary flex-1 py-3" onClick={cancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-primary flex-1 py-3"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void logout();
          }}
        >
          Sign out
        </button>
      </div>
    </div>
  );
}
