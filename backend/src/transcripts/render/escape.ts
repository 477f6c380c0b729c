export { escapeHtml } from '../../http/html.js';

/**
 * An attachment's URL as a link target, or null when it must stay plain text: only http(s) URLs become links, so a
 * `javascript:` or `data:` URL the bot was handed is shown, never followed.
 */
export function safeLinkTarget(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
