const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/**
 * Text for HTML element content and quoted attribute values: nothing user-written can open a tag or leave a quote.
 * The one escape for every page the server writes itself (transcripts, the sandbox's authorize page and avatars).
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
