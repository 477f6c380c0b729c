import { HttpStatus, Injectable } from '@nestjs/common';
import { ChannelType } from '@guildhall/common/discord/channel-types';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { messageCharacters } from '@guildhall/common/embed-message';
import { panelMessage, type PanelContent } from '@guildhall/common/ticket-panel';
import type { TicketPanel, TicketPanelDeployDefaultRequest, TicketPanelDeployResponse } from '@guildhall/generated/types';
import { EMBED_TOTAL_LIMIT } from '@guildhall/generated/limits';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { CollectionsService } from '../collections/collections.service.js';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { DiscordMessage } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';
import type { ChangeAuthor } from '../storage/storage.port.js';

const PANELS = 'panels';

/** The ticket panel schema's words (x-refusals), which the panels list shows too. */
export const NO_CHANNEL = refusals.panelNoChannelToDeploy;

/**
 * Deploy and Redeploy (a deployed panel may be posted again): the bot posts what `panelMessage` builds (the same builder every preview draws)
 * and the panel keeps the message id. Panels are items of the panels collection; this service only adds what the
 * bot does with them.
 */
@Injectable()
export class PanelsService {
  constructor(
    private readonly collections: CollectionsService,
    private readonly discord: DiscordService,
  ) {}

  async deploy(guildId: string, panelId: string, channelId: string | undefined, author: ChangeAuthor): Promise<TicketPanelDeployResponse> {
    const { item } = await this.collections.get(guildId, PANELS, panelId);
    const panel = item as unknown as PanelContent & { message_id: string | null };
    const target = channelId ?? (panel.channel_id || undefined);
    if (!target) throw new ApiError(HttpStatus.BAD_REQUEST, NO_CHANNEL, { fieldErrors: [{ path: '/channelId', message: NO_CHANNEL }] });
    await this.assertTextChannel(
      guildId,
      target,
      channelId === undefined ? refusals.panelChannelNamed : refusals.deployChannelNamed,
      '/channelId',
    );
    this.assertEmbedFits(panel, '');

    const body = { ...panelMessage(panel, panelId), allowed_mentions: { parse: [] } };
    // Redeploy edits the message the panel posted, where it still is; a message in another channel stays as it was.
    const previous = panel.message_id && panel.channel_id === target ? await this.existingMessage(target, panel.message_id) : null;
    let message: DiscordMessage;
    try {
      message = previous ? await this.discord.editMessage(target, previous.id, body) : await this.discord.createMessage(target, body);
    } catch (err) {
      throw DiscordFailure.from(err).toApiError();
    }
    const entry = await this.collections.updateOwned(guildId, PANELS, panelId, { channel_id: target, message_id: message.id }, author);
    return {
      success: true,
      ...entry,
      item: entry.item as unknown as TicketPanel,
      message_id: message.id,
      channel_id: target,
      redeployed: previous !== null,
    };
  }

  /** A new panel from the defaults and panelData, deployed; if Discord refuses it, no panel is kept (nothing half-made). */
  async deployDefault(guildId: string, body: TicketPanelDeployDefaultRequest, author: ChangeAuthor): Promise<TicketPanelDeployResponse> {
    const channelId = body.channelId;
    if (!channelId) throw new ApiError(HttpStatus.BAD_REQUEST, NO_CHANNEL, { fieldErrors: [{ path: '/channelId', message: NO_CHANNEL }] });
    await this.assertTextChannel(guildId, channelId, refusals.deployChannelNamed, '/channelId');
    this.assertEmbedFits(body.panelData, '/panelData');
    const created = await this.collections.create(guildId, PANELS, { item: { ...body.panelData, channel_id: channelId } }, author);
    try {
      return await this.deploy(guildId, created.id, undefined, author);
    } catch (err) {
      await this.collections.remove(guildId, PANELS, created.id, author).catch(() => undefined);
      throw err;
    }
  }

  /** Never trust a channel id from the client: it must be a text channel of this guild. */
  private async assertTextChannel(guildId: string, channelId: string, what: string, path: string): Promise<void> {
    let channels;
    try {
      channels = await this.discord.channels(guildId);
    } catch (err) {
      throw DiscordFailure.from(err).toApiError();
    }
    const channel = channels.find((c) => c.id === channelId);
    // Text channels only: announcement channels are left out, as the spec offers only text channels for panels.
    const message = !channel
      ? fillRefusal(refusals.panelChannelNotInGuild, { channel: what })
      : channel.type !== ChannelType.GuildText
        ? fillRefusal(refusals.panelChannelNotText, { channel: what, name: channel.name })
        : null;
    if (message) throw ApiError.validation([{ path, message }], message);
  }

  /** Discord refuses a message whose embeds hold more than its total (the panel schema bounds each part): one rule, common's. */
  private assertEmbedFits(panel: { title?: string; description?: string; footer?: string }, path: string): void {
    const total = messageCharacters([{ title: panel.title, description: panel.description, footer: { text: panel.footer } }]);
    if (total <= EMBED_TOTAL_LIMIT) return;
    const message = fillRefusal(refusals.panelEmbedTooLong, { total, limit: EMBED_TOTAL_LIMIT });
    throw ApiError.validation([{ path: path || '', message }], message);
  }

  /** The panel's earlier message, or null when it was deleted; any other refusal is Discord's failure (502). */
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
