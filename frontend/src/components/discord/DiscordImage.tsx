import { ImageOff } from 'lucide-react';
import { type ImgHTMLAttributes, useState } from 'react';

/** An image of a message; a broken or refused one shows a placeholder instead of a broken-image icon. */
export function DiscordImage({
  src,
  alt,
  className = '',
  placeholderClassName = '',
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; placeholderClassName?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <span
        role="img"
        aria-label={alt ? `${alt} (image unavailable)` : 'Image unavailable'}
        data-broken-image=""
        className={`flex items-center justify-center gap-1 rounded bg-[#1e1f22] text-xs text-[#949ba4] ${placeholderClassName || className}`}
      >
        <ImageOff aria-hidden="true" className="h-4 w-4 shrink-0" />
      </span>
    );
  }
  return <img {...rest} src={src} alt={alt} className={className} loading="lazy" onError={() => setFailed(src)} />;
}
