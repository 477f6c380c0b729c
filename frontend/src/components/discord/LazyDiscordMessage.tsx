import { lazy, Suspense } from 'react';
import { Spinner } from '../Spinner';
import type { DiscordMessageProps } from './DiscordMessage';

// The message renderer (Discord's markdown parser, about 5 KB brotli; the emoji pattern, 2 KB more, only for a text that
// may hold an emoji) as a chunk of its own: a settings page with a preview (levels, greeting, Join DMs) draws its form
// without it, and the preview follows.
const Message = lazy(() => import('./DiscordMessage').then((module) => ({ default: module.DiscordMessage })));

/** DiscordMessage, loaded when first drawn; 'Loading preview...' until then. */
export function LazyDiscordMessage(props: DiscordMessageProps) {
  return (
    <Suspense fallback={<Spinner label="Loading preview..." />}>
      <Message {...props} />
    </Suspense>
  );
}
