import { Injectable } from '@nestjs/common';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { openapi } from '@guildhall/generated/openapi';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { UserSearchResult } from '@guildhall/generated/types';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { DiscordUser } from '../discord/discord.types.js';
import { TtlCache } from '../discord/ttl-cache.js';
import { ApiError } from '../http/api-error.js';

/** A user id as the AntiNuke user lists take it (17 to 19 digits): their schema's item pattern. */
export const USER_ID = new RegExp(
  (publishedSchemas.antinuke as { properties: { whitelist: { items: { pattern: string } } } }).properties.whitelist.items.pattern,
);
/**
 * At most this many distinct ids per GET users: the `maxItems` of the `ids` parameter's `distinctIds`
 * (schemas/operations.json), which the parameter validator cannot count (duplicates count once).
 */
export const RESOLVE_MAX_IDS = distinctIdsLimit();
/** Suggestions in the dropdown. */
export const SEARCH_LIMIT = 10;
/** Below this many ids, Get User per id is cheaper than reading the member list. */
const FEW_IDS = 10;
/** Get User calls one request may make for ids that are not members (the rest are omitted until a later request). */
const USER_LOOKUPS_PER_REQUEST = 50;
/** List Guild Members pages (1000 members each) read for one guild: 10,000 members. */
const MEMBER_PAGES = 10;

const SEARCH_TTL_MS = 30_000;
const MEMBER_LIST_TTL_MS = 60_000;
const USER_TTL_MS = 10 * 60_000;

function distinctIdsLimit(): number {
  type Parameter = { name?: string; schema?: { $defs?: { distinctIds?: { maxItems?: unknown } } } };
  const paths = (openapi as unknown as { paths: Record<string, { get?: { parameters?: Parameter[] } }> }).paths;
  const limit = paths['/api/guild/{guildId}/users']?.get?.parameters?.find((p) => p.name === 'ids')?.schema?.$defs?.distinctIds?.maxItems;
  if (typeof limit !== 'number') throw new Error("operations.json: resolveGuildUsers' ids declares no $defs.distinctIds.maxItems");
  return limit;
}

const invalid = (path: string, message: string) => ApiError.validation([{ path, message }], message);

function shown(user: DiscordUser): UserSearchResult {
  return {
    id: user.id,
    username: user.username,
    discriminator: user.discriminator,
    avatar: user.avatar ?? null,
    global_name: user.global_name ?? null,
  };
}

/** Discord's "no such thing" answers: Unknown User / Unknown Member, or a bare 404. */
function isUnknown(err: unknown): boolean {
  const failure = DiscordFailure.from(err);
  return failure.status === 404 || failure.code === DiscordErrorCode.UnknownUser || failure.code === DiscordErrorCode.UnknownMember;
}

/**
 * Names and avatars for the user lists of a settings page, from Discord through the bot, never stored: a settings
 * document keeps ids only. Every answer is cached with one request in flight per key (TtlCache), so a person typing,
 * several tabs or several editors cost Discord one call per query per guild every 30 seconds, not one per keystroke.
 */
@Injectable()
export class MemberLookupService {
  /** Per guild and normalised query (lower-cased, trimmed): the suggestions, or the user an id names. */
  private readonly searches = new TtlCache<UserSearchResult[]>(SEARCH_TTL_MS, 5_000);
  /** Per guild: its members by id (List Guild Members), for resolving many ids at once. Large, so few are kept. */
  private readonly memberLists = new TtlCache<Map<string, UserSearchResult>>(MEMBER_LIST_TTL_MS, 20);
  /** Per user id (names and avatars are Discord-wide): the user, or null when Discord knows no such user. */
  private readonly users = new TtlCache<UserSearchResult | null>(USER_TTL_MS, 10_000);

  constructor(private readonly discord: DiscordService) {}

  /**
   * The `ids` of GET users, once its parameter schema found some text there (RouteParameters): comma-separated user
   * ids, duplicates counted once, at most RESOLVE_MAX_IDS of them.
   */
  static readIds(raw: string): string[] {
    const ids = [...new Set(raw.split(',').map((id) => id.trim()))];
    const bad = ids.find((id) => !USER_ID.test(id));
    if (bad !== undefined) throw invalid('/ids', `"${bad.slice(0, 30)}" is not a user id (17 to 19 digits).`);
    if (ids.length > RESOLVE_MAX_IDS) throw invalid('/ids', `At most ${RESOLVE_MAX_IDS} users at a time.`);
    return ids;
  }

  /** Suggestions for `q`; a user id looks up that user (a member of the guild, else any Discord user). */
  search(guildId: string, q: string): Promise<UserSearchResult[]> {
    const normalised = q.trim().toLowerCase();
    return this.searches.get(
      `${guildId}\n${normalised}`,
      async () => {
        if (USER_ID.test(normalised)) {
          const user = await this.byId(guildId, normalised);
          return user ? [user] : [];
        }
        const members = await this.discord.searchMembers(guildId, normalised, SEARCH_LIMIT);
        return members.flatMap((m) => (m.user ? [shown(m.user)] : []));
      },
      // While Discord rate limits, the last answer for the same query is better than an error in the dropdown.
      { staleOnError: (err) => err instanceof DiscordFailure && err.status === 429 },
    );
  }

  /** The users these ids name, in the order asked; ids no user has are left out (the page shows 'Unknown User ({id})'). */
  async resolve(guildId: string, ids: string[]): Promise<UserSearchResult[]> {
    const found = new Map<string, UserSearchResult>();
    let rest = ids;
    if (ids.length > FEW_IDS) {
      const members = await this.memberList(guildId).catch((err: unknown) => {
        // Without the Server Members intent Discord refuses the list (403 Missing Access): look users up one by one.
        if (DiscordFailure.from(err).status === 403) return new Map<string, UserSearchResult>();
        throw err;
      });
      for (const id of ids) {
        const member = members.get(id);
        if (member) found.set(id, member);
      }
      rest = ids.filter((id) => !found.has(id));
    }
    const lookups = rest.slice(0, USER_LOOKUPS_PER_REQUEST);
    const users = await Promise.all(lookups.map((id) => this.user(id)));
    lookups.forEach((id, i) => {
      const user = users[i];
      if (user) found.set(id, user);
    });
    return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  }

  private async byId(guildId: string, id: string): Promise<UserSearchResult | null> {
    try {
      const member = await this.discord.member(guildId, id);
      if (member.user) return shown(member.user);
    } catch (err) {
      if (!isUnknown(err)) throw err;
    }
    return this.user(id);
  }

  /** Get User, cached per id (null: Discord knows no such user). */
  private user(id: string): Promise<UserSearchResult | null> {
    return this.users.get(id, async () => {
      try {
        return shown(await this.discord.user(id));
      } catch (err) {
        if (isUnknown(err)) return null;
        throw err;
      }
    });
  }

  /** List Guild Members by pages of 1000 (Discord's maximum), at most 10 pages. */
  private memberList(guildId: string): Promise<Map<string, UserSearchResult>> {
    return this.memberLists.get(guildId, async () => {
      const members = new Map<string, UserSearchResult>();
      let after: string | undefined;
      for (let page = 0; page < MEMBER_PAGES; page++) {
        const batch = await this.discord.listMembers(guildId, 1000, after);
        for (const m of batch) if (m.user) members.set(m.user.id, shown(m.user));
        if (batch.length < 1000) break;
        after = batch[batch.length - 1]!.user?.id;
        if (!after) break;
      }
      return members;
    });
  }
}
