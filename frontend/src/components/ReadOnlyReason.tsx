import { lazy, Suspense } from 'react';

const ReadOnlyWords = lazy(() => import('./ReadOnlyWords'));

/**
 * 'You have read-only access to Levels.': a Dashboard Access grantee's reason, in the schema's words (its refusals).
 * Loaded only when shown, so that the pages managers see do not carry every refusal of the app.
 */
export function ReadOnlyReason({ title }: { title: string }) {
  return (
    <Suspense fallback={null}>
      <ReadOnlyWords title={title} />
    </Suspense>
  );
}
