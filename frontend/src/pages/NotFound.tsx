import { Link, useParams } from 'react-router-dom';
import { useDocumentMeta } from '../lib/use-document-meta';

/**
 * The 404, public and inside a guild's pages (the route table's `*` under /manage/:guildId). Inside the dashboard its
 * way back is the guild's dashboard: a person managing a server is never sent out to the marketing home.
 */
export default function NotFound() {
  useDocumentMeta('Page not found', 'This page does not exist.');
  const { guildId } = useParams();
  return (
    <div className="mx-auto max-w-lg px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-muted">The page you were looking for does not exist or has moved.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {guildId ? (
          <Link to={`/manage/${guildId}/dashboard`} className="btn-primary">
            Back to dashboard
          </Link>
        ) : (
          <Link to="/" className="btn-primary">
            Go home
          </Link>
        )}
        <Link to="/selector" className="btn-secondary">
          Your servers
        </Link>
      </div>
    </div>
  );
}
