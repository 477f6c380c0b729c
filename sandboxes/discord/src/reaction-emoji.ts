import type { SandboxGuildRecord, SandboxReactionEmoji } from './sandbox.types.js';
import { isSnowflake } from './snowflake.js';

// One emoji as Discord reads it in a reaction route's path: a Unicode emoji (URL-encoded, the router decodes it) or a
// custom one written `name:id` (`a:name:id` for animated ones works too). Anything else is 10014 Unknown Emoji.
// The `v` flag's RGI_Emoji is every emoji Unicode recommends, sequences and keycaps included; Discord also takes a
// lone pictograph without its variation selector (❤ as well as ❤️).
const RGI_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');
const LONE_PICTOGRAPH = /^\p{Extended_Pictographic}\uFE0F?$/u;
const CUSTOM = /^(?:a:)?([A-Za-z0-9_]{2,32}):(\d+)$/;

/** The emoji a path names, or undefined when Discord would not know it: a custom one must be of a guild the bot is in. */
export function readReactionEmoji(raw: string, botGuilds: readonly SandboxGuildRecord[]): SandboxReactionEmoji | undefined {
  const custom = CUSTOM.exec(raw);
  if (custom) {
    const id = custom[2]!;
    if (!isSnowflake(id)) return undefined;
    const known = botGuilds.flatMap((g) => g.emojis).find((e) => e.id === id);
    return known ? { id, name: known.name, animated: known.animated } : undefined;
  }
  return RGI_EMOJI.test(raw) || LONE_PICTOGRAPH.test(raw) ? { id: null, name: raw, animated: false } : undefined;
}

/** Two emoji are one reaction when their ids match (custom), or their names do (Unicode). */
export function sameEmoji(a: SandboxReactionEmoji, b: SandboxReactionEmoji): boolean {
  return a.id !== null || b.id !== null ? a.id === b.id : a.name === b.name;
}

/** An emoji as the reaction routes name it: `name` for a Unicode emoji, `name:id` for a custom one. */
export function reactionPath(emoji: SandboxReactionEmoji): string {
  return emoji.id ? `${emoji.name}:${emoji.id}` : emoji.name;
}
