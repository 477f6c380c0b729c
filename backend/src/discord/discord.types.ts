import type {
  APIGuild,
  APIGuildChannel,
  APIGuildMember,
  APIMessage,
  APIRole,
  APIUser,
  GuildChannelType,
  RESTAPIPartialCurrentUserGuild,
} from 'discord-api-types/v10';

/** What the session keeps of a signed-in user; the tokens stay on the server. */
export interface SessionUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  discriminator: string;
  email: string | null;
  accessToken: string;
  refreshToken: string | null;
}

export type UserGuild = RESTAPIPartialCurrentUserGuild;
export type DiscordGuild = APIGuild & { approximate_member_count?: number; approximate_presence_count?: number };
export type DiscordChannel = APIGuildChannel<GuildChannelType> & { position?: number };
export type DiscordRole = APIRole;
export type DiscordUser = APIUser;
export type DiscordMember = APIGuildMember;
export type DiscordMessage = APIMessage;
