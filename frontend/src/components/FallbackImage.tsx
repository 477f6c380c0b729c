import { type ImgHTMLAttributes, useState } from 'react';
import { DEFAULT_ICON } from '../lib/discord-cdn';

/** An image that falls back to the product's default icon when missing or when it fails to load. */
export function FallbackImage({
  src,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = !src || failedSrc === src ? DEFAULT_ICON : src;
  return <img {...rest} alt={alt} src={shown} onError={() => src && setFailedSrc(src)} />;
}
