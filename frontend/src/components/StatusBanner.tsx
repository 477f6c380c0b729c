import { CheckCircle2, XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';

export const BANNER_TIMEOUT_MS = 5000;
export interface Banner {
  kind: 'success' | 'error';
  message: string;
}

/** A status banner that clears itself after 5 seconds. */
export function useTimedBanner(timeout = BANNER_TIMEOUT_MS) {
  const [banner, setBanner] = useState<Banner | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (next: Banner | null) => {
      clearTimeout(timer.current);
      setBanner(next);
      if (next) timer.current = setTimeout(() => setBanner(null), timeout);
    },
    [timeout],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [banner, show] as const;
}

/** A banner's colours on the page's own background. */
export const BANNER_TONES: Record<Banner['kind'], string> = {
  success: 'border-ok/50 bg-ok/10 text-ok',
  error: 'border-danger/50 bg-danger/10 text-danger',
};

/**
 * One banner's line: an alert for an error, a status otherwise, with its icon and words. The caller places and colours
 * it (`className`); the page's banner, the Join DM toast and the send dialog's outcome all read this way.
 */
export function BannerLine({
  banner,
  className,
  iconClassName = 'h-4 w-4',
  toast,
}: {
  banner: Banner;
  className: string;
  iconClassName?: string;
  /** The toast's `data-toast` mark. */
  toast?: boolean;
}) {
  return (
    <p role={banner.kind === 'error' ? 'alert' : 'status'} data-toast={toast ? banner.kind : undefined} className={className}>
      {banner.kind === 'success' ? (
        <CheckCircle2 aria-hidden="true" className={iconClassName} />
      ) : (
        <XCircle aria-hidden="true" className={iconClassName} />
      )}
      {banner.message}
    </p>
  );
}

export function StatusBanner({ banner }: { banner: Banner | null }) {
  return (
    <div aria-live="polite" className="min-h-0">
      {banner && (
        <BannerLine banner={banner} className={`mb-4 flex items-center gap-2 rounded-lg border p-3 text-sm ${BANNER_TONES[banner.kind]}`} />
      )}
    </div>
  );
}
