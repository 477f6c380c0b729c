import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../lib/use-document-meta';

/** Stands in for a route whose screen a later release brings. */
export default function ComingSoon({ title = 'Coming Soon' }: { title?: string }) {
  useDocumentMeta(title, 'This part of Guildhall is on its way.');
  return (
    <div className="mx-auto max-w-lg px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Coming Soon</h1>
      <p className="mt-3 text-muted">
        {title === 'Coming Soon' ? 'We are building this page.' : `${title} is on its way.`} Check back soon.
      </p>
      <Link to="/" className="btn-secondary mt-6">
        Go home
      </Link>
    </div>
  );
}
