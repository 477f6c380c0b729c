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

export function StatusBanner({ banner }: { banner: Banner | null }) {
  return (
    <div aria-live="polite" className="min-h-0">
      {banner && (
        <p
          role={banner.kind === 'error' ? 'alert' : 'status'}
          className={`mb-4 flex items-center gap-2 rounded-lg border p-3 text-sm ${
            banner.kind === 'success' ? 'border-ok/50 bg-ok/10 text-ok' : 'border-danger/50 bg-danger/10 text-danger'
          }`}
        >
          {banner.kind === 'success' ? (
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
          ) : (
            <XCircle aria-hidden="true" className="h-4 w-4" />
          )}
          {banner.message}
        </p>
      )}
    </div>
  );
}
