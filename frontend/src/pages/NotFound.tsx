import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../lib/use-document-meta';

export default function NotFound() {
  useDocumentMeta('Page not found', 'This page does not exist.');
  return (
    <div className="mx-auto max-w-lg px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-muted">The page you were looking for does not exist or has moved.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go home
        </Link>
        <Link to="/selector" className="btn-secondary">
          Your servers
        </Link>
      </div>
    </div>
  );
}
