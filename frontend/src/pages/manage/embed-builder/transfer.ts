// Export and import in Discord's message payload shape ({ content?, embeds: [...] } with colours as numbers), the
// format other embed tools read and write. An import is checked by the same generated validator as a send.
import { fromApiEmbed, toApiMessage, type ApiEmbed } from '@guildhall/common/embed-message';
import type { DiscordEmbed } from '@guildhall/generated/types';
import { validateMessage } from './model';

export function exportJson(message: { content: string; embeds: DiscordEmbed[] }): string {
  return JSON.stringify(toApiMessage(message), null, 2);
}

export type ImportResult = { ok: true; content: string; embeds: DiscordEmbed[] } | { ok: false; errors: string[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads pasted or uploaded JSON: every problem is named (with where it is), and nothing is returned unless all is well. */
export function importJson(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, errors: ['This is not valid JSON.'] };
  }
  if (!isObject(data) || !Array.isArray(data.embeds)) {
    return { ok: false, errors: ['Expected a Discord message: an object with an "embeds" list.'] };
  }
  if (data.content !== undefined && data.content !== null && typeof data.content !== 'string') {
    return { ok: false, errors: ['/content: Message content must be text'] };
  }
  const bad = data.embeds.findIndex((e) => !isObject(e));
  if (bad >= 0) return { ok: false, errors: [`/embeds/${bad}: each embed must be an object`] };
  const colour = data.embeds.findIndex((e) => (e as ApiEmbed).color !== undefined && typeof (e as ApiEmbed).color !== 'number');
  if (colour >= 0) return { ok: false, errors: [`/embeds/${colour}/color: Discord's colour is a number such as 5793266`] };
  let embeds: DiscordEmbed[];
  try {
    embeds = (data.embeds as ApiEmbed[]).map(fromApiEmbed);
  } catch {
    return { ok: false, errors: ['The embeds could not be read.'] };
  }
  const content = typeof data.content === 'string' ? data.content : '';
  const errors = validateMessage(content, embeds);
  const list = Object.entries(errors).map(([path, message]) => `${path}: ${message}`);
  return list.length ? { ok: false, errors: list } : { ok: true, content, embeds };
}
