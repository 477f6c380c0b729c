// Discord's channel types we name, checked against discord-api-types' `ChannelType` when type-checked. Only its types
// are imported: its module would add about 90 KB to every page that shows a channel.
import type { ChannelType as DiscordChannelType } from 'discord-api-types/v10';

/** Any of Discord's channel types. */
export type ChannelType = DiscordChannelType;

/** Channel types by discord-api-types' names (`ChannelType.GuildText`); a wrong number here fails `tsc`. */
export const ChannelType = {
  GuildText: 0,
  DM: 1,
  GuildVoice: 2,
  GuildCategory: 4,
  GuildAnnouncement: 5,
  GuildStageVoice: 13,
  GuildForum: 15,
  GuildMedia: 16,
} as const satisfies { readonly [K in keyof typeof DiscordChannelType]?: (typeof DiscordChannelType)[K] };
