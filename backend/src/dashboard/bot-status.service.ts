import { Inject, Injectable } from '@nestjs/common';
import type { BotStatus } from '@guildhall/generated/types';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DiscordService } from '../discord/discord.service.js';
import { TtlCache } from '../discord/ttl-cache.js';

const KEY = 'bot-status';

/**
 * The dashboard's bot statistics: every guild the bot is in with its approximate member count. One answer is shared
 * by all users for a short while (the guild cache's time to live), with one Discord request in flight, because every
 * dashboard visit asks and Discord rate-limits the bot's guild list.
 */
@Injectable()
export class BotStatusService {
  private readonly cache: TtlCache<BotStatus>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly discord: DiscordService,
  ) {
    this.cache = new TtlCache(Math.max(config.guildCacheTtlMs, 30_000));
  }

  status(): Promise<BotStatus> {
    return this.cache.get(
      KEY,
      async () => {
        const guilds = (await this.discord.botGuildsWithCounts()).map((g) => ({
          id: g.id,
          name: g.name,
          memberCount: g.approximate_member_count ?? 0,
        }));
        return { success: true, guilds, guildCount: guilds.length };
      },
      // A rate limit or an outage shows the last known numbers rather than an error.
      { staleOnError: () => true },
    );
  }
}
