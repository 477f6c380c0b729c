import { type ImgHTMLAttributes, useState } from 'react';
import { userAvatarUrl, type AvatarUser } from '@guildhall/common/cdn';

/** What shows wherever a user's avatar or a server's icon is missing or fails to load. */
export const DEFAULT_ICON = '/default-icon.svg';

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>;

/** An image that falls back to the product's default icon when missing or when it fails to load (servers' icons use it as is). */
export function FallbackImage({ src, alt, ...rest }: ImageProps & { src: string | null | undefined }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = !src || failedSrc === src ? DEFAULT_ICON : src;
  return <img {...rest} alt={alt} src={shown} onError={() => src && setFailedSrc(src)} />;
}

/** The signed-in user's Discord avatar (size 64 or 128), or the default icon. */
export function UserAvatar({ user, size = 64, alt = '', ...rest }: ImageProps & { user: AvatarUser | null | undefined; size?: 64 | 128 }) {
  return <FallbackImage {...rest} alt={alt} src={userAvatarUrl(user, size)} />;
}
