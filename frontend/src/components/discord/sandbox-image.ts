import { DISCORD_CDN } from '@guildhall/common/cdn';

/**
 * The Discord sandbox's stand-in for a picture of Discord's CDN (it serves the same paths under /sandbox/discord/cdn),
 * so a picture shows on a machine that cannot reach Discord. Other URLs are unchanged.
 */
export const sandboxImage = (url: string) =>
  url.startsWith(`${DISCORD_CDN}/`) ? `/sandbox/discord/cdn/${url.slice(DISCORD_CDN.length + 1)}` : url;
