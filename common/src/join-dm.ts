// The Join DM a member receives: the page's Live Preview, the server's Send Test and the sandbox's simulated join
// (standing in for the bot) all build it here, so what people preview is what the bot sends.
import type { JoinDmSettings } from '@guildhall/generated/types';
import { filledEmbed, fillGreetingPlaceholders, type GreetingMessage, type PlaceholderValues } from './greeting.js';

export type { GreetingMessage as JoinDmMessage } from './greeting.js';

const HTTP_URL = /^https?:\/\//;

/** The variable names the Join DM's `variables` switches name, as written in braces. */
export const JOIN_DM_VARIABLES = {
  member: ['name', 'tag', 'mention', 'avatar', 'id', 'createdAt', 'joinedAt'],
  server: ['name', 'icon', 'members', 'id', 'owner'],
} as const;

/**
 * The placeholder values with the variables switched off taken out: fillGreetingPlaceholders leaves an unknown
 * placeholder as written, so a switched-off variable reaches the member as typed, which is what the switch promises.
 */
function enabledValues(settings: JoinDmSettings, values: PlaceholderValues): PlaceholderValues {
  const out = { ...values };
  for (const group of ['member', 'server'] as const) {
    const flags = (settings.variables?.[group] ?? {}) as Record<string, boolean | undefined>;
    for (const name of JOIN_DM_VARIABLES[group]) {
      if (flags[name] === false) out[`${group}.${name}` as keyof PlaceholderValues] = `{${group}.${name}}`;
    }
  }
  return out;
}

/**
 * The message the bot DMs: the text for message_type message or both, the embed for embed or both (and while the
 * embed is enabled). Empty parts are left out, as Discord refuses empty embed fields; so are non-http(s) images.
 */
export function joinDmMessage(settings: JoinDmSettings, values: PlaceholderValues): GreetingMessage {
  const filled = enabledValues(settings, values);
  const fill = (text: string | undefined) => fillGreetingPlaceholders(text, filled).trim();
  const message: GreetingMessage = {};
  if (settings.message_type !== 'embed') {
    const content = fill(settings.content);
    if (content) message.content = content;
  }
  const e = settings.embed;
  if (settings.message_type !== 'message' && e && e.enabled !== false) {
    const avatar = filled['member.avatar'];
    const embed = filledEmbed(e, fill, HTTP_URL.test(avatar) ? avatar : '');
    if (embed.title || embed.description || embed.author || embed.footer || embed.image || embed.thumbnail) message.embeds = [embed];
  }
  return message;
}

/**
 * What the Discord sandbox's 'Simulate member join' answers (sandboxes/discord/src/simulate-join.ts) and its viewer
 * reads: who joined and what became of their DM.
 */
export interface SimulatedJoin {
  userId: string;
  userName: string;
  /** Join DMs were off: the bot sent nothing and reported nothing. */
  sent: boolean;
  ok: boolean;
  /** Discord's refusal, e.g. 50007 for a member whose DMs are closed. */
  error?: { code?: number; reason: string };
  channelId?: string;
}
