import type { UploadedFile } from '@guildhall/backend/http/http-types';
import { DiscordErrors, FormErrors } from './discord-errors.js';
import { MessageFlag, type MessageDraft } from './message-payload.js';
import { Permission, channelPermissions, hasPermission } from './permissions.js';
import type { SandboxState } from './sandbox-state.js';
import type { SandboxAttachmentRecord, SandboxChannelRecord, SandboxMessageAuthor, SandboxMessageRecord } from './sandbox.types.js';
import { discordTimestamp, snowflakeTime } from './snowflake.js';

export type { UploadedFile };

/** How far back Discord looks for a message with the same nonce when `enforce_nonce` is set ("the past few minutes"). */
export const NONCE_WINDOW_MS = 5 * 60 * 1000;

/**
 * What Discord does when a message is posted or edited, once the request has been read and allowed: replies,
 * mentions resolved against who exists, uploaded files kept, empty results refused.
 */
export class MessageWriter {
  constructor(
    private readonly state: SandboxState,
    private readonly nextId: () => string,
    private readonly botUserId: string,
  ) {}

  post(channel: SandboxChannelRecord, author: SandboxMessageAuthor, draft: MessageDraft, files: UploadedFile[]): SandboxMessageRecord {
    if (draft.stickerIds?.length) throw DiscordErrors.unknownSticker();
    const repeated = draft.enforceNonce ? this.sameNonce(channel, author, draft.nonce) : undefined;
    if (repeated) return repeated;
    const attachments = this.attachmentsFor([], draft, files);
    const content = draft.content ?? '';
    const id = this.nextId();
    const message: SandboxMessageRecord = {
      id,
      channel_id: channel.id,
      type: 0,
      author,
      content,
      embeds: draft.embeds ?? [],
      components: draft.components ?? [],
      attachments,
      // Discord's timestamp is the moment encoded in the id.
      timestamp: discordTimestamp(snowflakeTime(id)),
      edited_timestamp: null,
      flags: draft.flags ?? 0,
      tts: draft.tts ?? false,
      ...(draft.nonce !== undefined ? { nonce: draft.nonce } : {}),
      ...this.mentions(channel, content, draft),
      seeded: false,
    };
    if (draft.reference) {
      const refChannelId = draft.reference.channel_id ?? channel.id;
      if (this.state.message(refChannelId, draft.reference.message_id)) {
        message.type = 19;
        message.message_reference = {
          message_id: draft.reference.message_id,
          channel_id: refChannelId,
          ...(channel.guild_id ? { guild_id: channel.guild_id } : {}),
        };
      } else if (draft.reference.fail_if_not_exists) {
        const errors = new FormErrors();
        errors.add(['message_reference'], 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message');
        errors.throwIfAny();
      }
    }
    if (isEmpty(message)) throw DiscordErrors.emptyMessage();
    this.state.appendMessage(message);
    channel.last_message_id = message.id;
    return message;
  }

  /**
   * With `enforce_nonce`, Discord answers the message the same author already posted in the channel with that nonce in
   * the past few minutes, and creates nothing: a request retried after a lost answer posts once.
   */
  private sameNonce(
    channel: SandboxChannelRecord,
    author: SandboxMessageAuthor,
    nonce: string | number | undefined,
  ): SandboxMessageRecord | undefined {
    if (nonce === undefined) return undefined;
    const since = Date.now() - NONCE_WINDOW_MS;
    return this.state
      .messagesOf(channel.id)
      .find((m) => m.nonce === nonce && sameAuthor(m.author, author) && snowflakeTime(m.id).getTime() >= since);
  }

  /** Only the keys the edit sent change; the result must still have something to show. */
  edit(message: SandboxMessageRecord, draft: MessageDraft, files: UploadedFile[]): SandboxMessageRecord {
    const channel = this.state.channels.get(message.channel_id)!;
    const next: SandboxMessageRecord = { ...message };
    if (draft.content !== undefined) {
      next.content = draft.content;
      Object.assign(next, this.mentions(channel, draft.content, draft));
    }
    if (draft.embeds !== undefined) next.embeds = draft.embeds;
    if (draft.components !== undefined) next.components = draft.components;
    // Only "suppress embeds" can be toggled on an existing message; Components V2 can be switched on, never off.
    if (draft.flags !== undefined)
      next.flags =
        (message.flags & ~MessageFlag.SuppressEmbeds) | (draft.flags & (MessageFlag.SuppressEmbeds | MessageFlag.IsComponentsV2));
    next.attachments = this.attachmentsFor(message.attachments, draft, files);
    if (isEmpty(next)) throw DiscordErrors.emptyMessage();
    next.edited_timestamp = discordTimestamp(new Date());
    Object.assign(message, next);
    this.state.forgetBeyondCaps(message.channel_id);
    return message;
  }

  /** Files arrive as files[n]; `attachments` entries with id n describe them, entries with snowflakes keep old ones. */
  private attachmentsFor(existing: SandboxAttachmentRecord[], draft: MessageDraft, files: UploadedFile[]): SandboxAttachmentRecord[] {
    const refs = draft.attachments;
    const kept = refs === undefined ? existing : existing.filter((a) => refs.some((r) => r.id === a.id));
    const added = files.map((file, position) => {
      const index = /\[(\d+)\]/.exec(file.fieldname)?.[1] ?? String(position);
      const ref = refs?.find((r) => r.id === index);
      return {
        id: this.nextId(),
        filename: ref?.filename ?? file.originalname,
        ...(ref?.description ? { description: ref.description } : {}),
        ...(file.mimetype ? { content_type: file.mimetype } : {}),
        size: file.size,
        data: file.buffer,
      };
    });
    return [...kept, ...added];
  }

  /** Mentions as Discord resolves them: known users and roles in the content, filtered by allowed_mentions. */
  private mentions(
    channel: SandboxChannelRecord,
    content: string,
    draft: MessageDraft,
  ): Pick<SandboxMessageRecord, 'mention_user_ids' | 'mention_role_ids' | 'mention_everyone'> {
    const allowed = draft.allowedMentions;
    const allows = (kind: 'users' | 'roles' | 'everyone', id?: string) =>
      !allowed ||
      allowed.parse?.includes(kind) === true ||
      (id !== undefined && kind !== 'everyone' && allowed[kind]?.includes(id) === true);
    const guild = channel.guild_id ? this.state.guilds.get(channel.guild_id) : undefined;
    const users = [...content.matchAll(/<@!?(\d{15,21})>/g)]
      .map((m) => m[1]!)
      .filter((id) => this.state.users.get(id) !== undefined && allows('users', id));
    const roles = guild
      ? [...content.matchAll(/<@&(\d{15,21})>/g)]
          .map((m) => m[1]!)
          .filter((id) => guild.roles.some((r) => r.id === id) && allows('roles', id))
      : [];
    const everyone =
      /@(everyone|here)\b/.test(content) &&
      allows('everyone') &&
      guild !== undefined &&
      hasPermission(channelPermissions(guild, channel, this.botUserId), Permission.MentionEveryone);
    return { mention_user_ids: [...new Set(users)], mention_role_ids: [...new Set(roles)], mention_everyone: everyone };
  }
}

function isEmpty(message: SandboxMessageRecord): boolean {
  return (
    message.content.trim() === '' && message.embeds.length === 0 && message.components.length === 0 && message.attachments.length === 0
  );
}

const sameAuthor = (a: SandboxMessageAuthor, b: SandboxMessageAuthor): boolean =>
  a.type === 'user' ? b.type === 'user' && a.user_id === b.user_id : b.type === 'webhook' && a.webhook_id === b.webhook_id;
