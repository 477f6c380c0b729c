import { type Banner, BannerLine } from '../../../components/StatusBanner';

/** The Join DM page's notice: top right, green for success, red for error; useTimedBanner clears it (5 s). */
export function Toast({ toast }: { toast: Banner | null }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed top-4 right-4 left-4 z-50 flex justify-end sm:left-auto">
      {toast && (
        <BannerLine
          banner={toast}
          toast
          iconClassName="h-4 w-4 shrink-0"
          className={`pointer-events-auto flex max-w-sm items-center gap-2 rounded-lg border p-3 text-sm shadow-lg ${
            toast.kind === 'success' ? 'border-ok/50 bg-panel text-ok' : 'border-danger/50 bg-panel text-danger'
          }`}
        />
      )}
    </div>
  );
}
