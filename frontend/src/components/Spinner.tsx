export function Spinner({ label = 'Loading...', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex flex-col items-center justify-center gap-3 py-16 text-muted ${className}`}>
      <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-4 border-line border-t-brand" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
