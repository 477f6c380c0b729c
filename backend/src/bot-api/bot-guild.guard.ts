import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { validateWith } from '@guildhall/generated/field-errors';
import { validateSnowflake } from '@guildhall/generated/validators';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import { ApiError } from '../http/api-error.js';
import type { HttpRequest } from '../http/http-types.js';

export const GUILD_ID_INVALID = 'The guild id is not valid.';
export const BOT_NOT_IN_GUILD = 'The bot is not in this server: nothing is kept for a guild it has not joined.';

/**
 * Every bot API route under /guilds/:guildId: the id must be a Discord id (400) of a guild the bot is in (404).
 * The bot's credential is one shared secret, so without this a leaked or mistaken call could fill the storage under
 * any made-up guild id, where no manager would ever see or delete it. The bot's guild list is the cached one the
 * dashboard's access rule reads (DiscordService.botGuildIds), so this costs no Discord call per request.
 * Runs after BotCredentialGuard (list it second), before the body is validated.
 */
@Injectable()
export class BotGuildGuard implements CanActivate {
  constructor(private readonly discord: DiscordService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const guildId = context.switchToHttp().getRequest<HttpRequest>().params.guildId ?? '';
    // The {guildId} of every bot operation is a common/snowflake.json (schemas/operations.json): its validator and words.
    const read = validateWith(validateSnowflake, guildId);
    if (!read.ok)
      throw ApiError.validation(
        read.fieldErrors.map((e) => ({ ...e, path: `/guildId${e.path}` })),
        GUILD_ID_INVALID,
      );
    const botGuilds = this.discord.knownBotGuildIds() ?? (await this.discord.botGuildIds().catch(failed));
    if (!botGuilds.has(guildId)) throw new ApiError(HttpStatus.NOT_FOUND, BOT_NOT_IN_GUILD);
    return true;
  }
}

const failed = (err: unknown): never => {
  throw DiscordFailure.from(err).toApiError();
};
