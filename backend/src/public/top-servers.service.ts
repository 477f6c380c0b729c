import { Inject, Injectable } from '@nestjs/common';
import type { TopServer } from '@guildhall/generated/types';
import type { Logger } from 'pino';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import { TtlCache } from '../discord/ttl-cache.js';
import { GuildAccessService } from '../guild/guild-access.service.js';
import { LOGGER } from '../logging/logger.js';

/** The home page shows 9 servers and refetches every 5 minutes; the ranking is kept as long. */
export const TOP_SERVERS_SHOWN = 9;
export const TOP_SERVERS_TTL_MS = 5 * 60 * 1000;
const DETAIL_CONCURRENCY = 3;

/**
 * The showcase of the home page: the guilds the bot is in, ranked by Discord's approximate member count.
 * The bot's guild list (200 per call, with counts) gives the ranking; only the leaders are then read one by
 * one (GET guilds/{id}?with_counts=true) for their boost level and count, so a refresh costs a few calls
 * however many guilds the bot is in. One refresh runs at a time; when Discord fails the last ranking stays.
 */
@Injectable()
export class TopServersService {
  private readonly cache = new TtlCache<TopServer[]>(TOP_SERVERS_TTL_MS, 1);

  constructor(
    private readonly discord: DiscordService,
    private readonly guilds: GuildAccessService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  list(): Promise<TopServer[]> {
    // The ranking is made only of Discord answers: any failure of it is Discord's, reported as such.
    return this.cache.get('top', () => this.rank().catch((err: unknown) => Promise.reject(DiscordFailure.from(err))), {
      staleOnError: () => true,
    });
  }

  private async rank(): Promise<TopServer[]> {
    const all = await this.discord.botGuildsWithCounts();
    const leaders = [...all]
      .sort((a, b) => (b.approximate_member_count ?? 0) - (a.approximate_member_count ?? 0) || a.name.localeCompare(b.name))
      .slice(0, TOP_SERVERS_SHOWN);
    const detailed = await mapLimited(leaders, DETAIL_CONCURRENCY, async (listed): Promise<TopServer | null> => {
      try {
        const guild = await this.discord.guild(listed.id);
        return {
          id: guild.id,
          name: guild.name,
          iconURL: this.guilds.iconUrl(guild),
          memberCount: guild.approximate_member_count ?? listed.approximate_member_count ?? 0,
          boostLevel: guild.premium_tier,
          boostCount: guild.premium_subscription_count ?? 0,
        };
      } catch (err) {
        // The bot may have left since the list was read: show the others rather than nothing.
        const failure = DiscordFailure.from(err);
        if (failure.status === 403 || failure.status === 404) return null;
        throw failure;
      }
    });
    const ranked = detailed.filter((server): server is TopServer => server !== null);
    ranked.sort((a, b) => b.memberCount - a.memberCount || a.name.localeCompare(b.name));
    this.logger.debug({ guilds: all.length, shown: ranked.length }, 'top servers ranked');
    return ranked;
  }
}

/** `fn` over `items` with at most `limit` calls in flight, results in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
