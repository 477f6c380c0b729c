/** What a page or form shows when its data could not be loaded: the spec's words, the reason, and a retry. */
export function LoadErrorCard({ title, error, onRetry }: { title: string; error: unknown; onRetry(): void }) {
  return (
    <div role="alert" className="card p-6">
      <p className="font-semibold text-danger">{title}</p>
      <p className="mt-1 text-sm text-muted">{error instanceof Error ? error.message : ''}</p>
      <button type="button" className="btn-secondary mt-4" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
