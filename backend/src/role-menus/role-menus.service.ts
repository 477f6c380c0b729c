import { HttpStatus, Injectable } from '@nestjs/common';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { reactionPathEmoji, roleMenuMessage, roleMenuReactions } from '@guildhall/common/role-menu';
import type { RoleMenu, RoleMenuDeployResponse, RoleMenuPreflight, RoleMenuWarning } from '@guildhall/generated/types';
import { CollectionsService } from '../collections/collections.service.js';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { DiscordMessage } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';
import type { ChangeAuthor } from '../storage/storage.port.js';
import { roleMenuWarnings, type LiveGuild } from './role-menu-warnings.js';

const ROLE_MENUS = 'role-menus';

/** A reaction of a message as the reaction routes name its emoji: a Unicode emoji as is, a custom one `name:id`. */
const reactionOf = (emoji: { id: string | null; name: string | null }) =>
  emoji.id ? `${emoji.name}:${emoji.id}` : reactionPathEmoji(emoji.name ?? '');

/**
 * What the bot does with role menus besides storing them (the collections API does: /collections/role-menus): the
 * pre-flight, from the guild as it is now, and Deploy/Redeploy, which posts what common's `roleMenuMessage` builds (the
 * same builder every preview draws), adds a reaction menu's reactions and keeps the message id on the menu.
 */
@Injectable()
export class RoleMenusService {
  constructor(
    private readonly collections: CollectionsService,
    private readonly discord: DiscordService,
  ) {}

  /** Every menu's warnings: the guild's channels, roles and the bot's member read once; each deployed message asked for. */
  async preflight(guildId: string): Promise<RoleMenuPreflight> {
    const [{ items }, live] = await Promise.all([this.collections.list(guildId, ROLE_MENUS), this.live(guildId)]);
    const menus: RoleMenuPreflight['menus'] = {};
    await Promise.all(
      items.map(async ({ id, item }) => {
        const menu = item as unknown as RoleMenu;
        menus[id] = roleMenuWarnings(menu, live, await this.messageGone(menu, live));
      }),
    );
    // In the list's order (oldest first), whatever order Discord answered in.
    return { success: true, menus: Object.fromEntries(items.map(({ id }) => [id, menus[id]!])) };
  }

  /**
   * Deploy, or Redeploy: refused (409, nothing posted) while a blocking warning remains; else the message is edited
   * in place when it is still in the menu's channel, or posted anew, and the message id kept on the menu before the
   * reactions are added (so a failure there leaves a menu that Redeploy completes).
   */
  async deploy(guildId: string, menuId: string, author: ChangeAuthor): Promise<RoleMenuDeployResponse> {
    const menu = (await this.collections.get(guildId, ROLE_MENUS, menuId)).item as unknown as RoleMenu;
    const warnings = roleMenuWarnings(menu, await this.live(guildId));
    const blocking = warnings.find((w) => w.blocking);
    if (blocking) throw new ApiError(HttpStatus.CONFLICT, blocking.message, { warnings });

    const channelId = menu.channel_id;
    const body = roleMenuMessage(menu, menuId);
    const previous = menu.message_id ? await this.existingMessage(channelId, menu.message_id) : null;
    let message: DiscordMessage;
    try {
      // An edit names every key it replaces: content the menu no longer has is cleared.
      message = previous
        ? await this.discord.editMessage(channelId, previous.id, { content: '', ...body })
        : await this.discord.createMessage(channelId, body);
    } catch (err) {
      throw DiscordFailure.from(err).toApiError();
    }
    const entry = await this.collections.updateOwned(
      guildId,
      ROLE_MENUS,
      menuId,
      { channel_id: channelId, message_id: message.id },
      author,
    );
    await this.syncReactions(channelId, message.id, roleMenuReactions(menu), previous);
    return {
      success: true,
      ...entry,
      item: entry.item as unknown as RoleMenu,
      message_id: message.id,
      channel_id: channelId,
      redeployed: previous !== null,
      warnings: warnings.filter((w): w is RoleMenuWarning => !w.blocking),
    };
  }

  /** The bot's reactions follow the options: its own that are no longer options go, the missing ones are added in order. */
  private async syncReactions(channelId: string, messageId: string, wanted: string[], previous: DiscordMessage | null): Promise<void> {
    const own = (previous?.reactions ?? []).filter((r) => r.me).map((r) => reactionOf(r.emoji));
    try {
      for (const emoji of own) if (!wanted.includes(emoji)) await this.discord.deleteOwnReaction(channelId, messageId, emoji);
      for (const emoji of wanted) if (!own.includes(emoji)) await this.discord.addReaction(channelId, messageId, emoji);
    } catch (err) {
      throw DiscordFailure.from(err).toApiError();
    }
  }

  /** The guild as it is now, for all its menus: one read each of the guild, its channels, its roles and the bot's member. */
  private async live(guildId: string): Promise<LiveGuild> {
    const bot = await this.discord.botUser();
    const [guild, channels, roles, member] = await Promise.all([
      this.discord.guild(guildId),
      this.discord.channels(guildId),
      this.discord.roles(guildId),
      this.discord.member(guildId, bot.id),
    ]);
    return { guild, channels: new Map(channels.map((c) => [c.id, c])), roles, member, botId: bot.id };
  }

  /**
   * Whether a deployed menu's message was deleted. Asked only where the channel still is; a message the bot may not
   * read (its channel permissions, which the warnings name) is not called gone.
   */
  private async messageGone(menu: RoleMenu, live: LiveGuild): Promise<boolean> {
    if (!menu.message_id || !live.channels.has(menu.channel_id)) return false;
    try {
      await this.discord.getMessage(menu.channel_id, menu.message_id);
      return false;
    } catch (err) {
      const failure = DiscordFailure.from(err);
      if (failure.status === 404 && failure.code === DiscordErrorCode.UnknownMessage) return true;
      if (failure.status === 403) return false;
      throw failure.toApiError();
    }
  }

  /** The menu's earlier message, or null when it was deleted; any other refusal is Discord's failure (502). */
  private async existingMessage(channelId: string, messageId: string): Promise<DiscordMessage | null> {
    try {
      return await this.discord.getMessage(channelId, messageId);
    } catch (err) {
      const failure = DiscordFailure.from(err);
      if (failure.status === 404 && failure.code === DiscordErrorCode.UnknownMessage) return null;
      throw failure.toApiError();
    }
  }
}
