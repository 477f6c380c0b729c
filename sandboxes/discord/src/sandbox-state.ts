import type {
  SandboxAttachmentRecord,
  SandboxChannelRecord,
  SandboxGuildRecord,
  SandboxMemberImage,
  SandboxMemberImageKind,
  SandboxMessageRecord,
  SandboxSeed,
  SandboxUserRecord,
  SandboxWebhookRecord,
} from './sandbox.types.js';

export interface MessagePage {
  limit: number;
  before?: string;
  after?: string;
  around?: string;
}

export interface MemoryCaps {
  /** Posted messages kept per channel (seeded ones never count nor go). */
  maxMessagesPerChannel: number;
  /** Bytes of uploaded files kept across all channels. */
  maxAttachmentBytes: number;
}

const byId = (a: { id: string }, b: { id: string }) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1);

/** One kind of record by id, in the order they were put. */
export class RecordTable<T extends { id: string }> {
  private byId = new Map<string, T>();

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  all(): T[] {
    return [...this.byId.values()];
  }

  put(record: T): void {
    this.byId.set(record.id, record);
  }

  delete(id: string): boolean {
    return this.byId.delete(id);
  }

  replaceAll(records: readonly T[]): void {
    this.byId = new Map(records.map((r) => [r.id, r]));
  }
}

/**
 * What the sandbox's Discord holds: users, guilds (with their members and roles), channels, webhooks and the
 * messages of each channel, in memory. It knows nothing of HTTP, tokens or permissions; `load` starts over.
 */
export class SandboxState {
  readonly users = new RecordTable<SandboxUserRecord>();
  readonly guilds = new RecordTable<SandboxGuildRecord>();
  readonly channels = new RecordTable<SandboxChannelRecord>();
  readonly webhooks = new RecordTable<SandboxWebhookRecord>();
  private messagesByChannel = new Map<string, SandboxMessageRecord[]>();
  /** Members' guild avatars and banners: only each member's current ones, so a demo run holds at most two per member. */
  private memberImages = new Map<string, SandboxMemberImage>();

  constructor(private readonly caps: MemoryCaps) {}

  load(seed: SandboxSeed): void {
    this.users.replaceAll(seed.users);
    this.guilds.replaceAll(seed.guilds);
    this.channels.replaceAll(seed.channels);
    this.webhooks.replaceAll(seed.webhooks);
    this.messagesByChannel = new Map();
    this.memberImages = new Map();
    for (const message of seed.messages) this.appendMessage(message);
  }

  // ---- members' images -------------------------------------------------------------------------------

  memberImage(guildId: string, userId: string, kind: SandboxMemberImageKind): SandboxMemberImage | undefined {
    return this.memberImages.get(`${guildId}/${userId}/${kind}`);
  }

  /** Replaces the member's image of that kind (null forgets it): the previous one is no longer served. */
  setMemberImage(guildId: string, userId: string, kind: SandboxMemberImageKind, image: SandboxMemberImage | null): void {
    const key = `${guildId}/${userId}/${kind}`;
    if (image) this.memberImages.set(key, image);
    else this.memberImages.delete(key);
  }

  // ---- messages --------------------------------------------------------------------------------------

  message(channelId: string, messageId: string): SandboxMessageRecord | undefined {
    return this.messagesByChannel.get(channelId)?.find((m) => m.id === messageId);
  }

  /** A channel's messages, oldest first, seeded ones included. */
  messagesOf(channelId: string): readonly SandboxMessageRecord[] {
    return this.messagesByChannel.get(channelId) ?? [];
  }

  /** Every message, oldest first, across channels and DMs. */
  allMessages(): SandboxMessageRecord[] {
    return [...this.messagesByChannel.values()].flat().sort(byId);
  }

  /** Discord's paging: newest first; `before`/`after`/`around` are message ids. */
  listMessages(channelId: string, page: MessagePage): SandboxMessageRecord[] {
    const all = this.messagesOf(channelId);
    const id = (m: SandboxMessageRecord) => BigInt(m.id);
    let chosen: SandboxMessageRecord[];
    if (page.around) {
      const pivot = BigInt(page.around);
      const older = all.filter((m) => id(m) <= pivot).slice(-Math.ceil(page.limit / 2));
      const newer = all.filter((m) => id(m) > pivot).slice(0, Math.floor(page.limit / 2));
      chosen = [...older, ...newer];
    } else if (page.after) {
      const after = BigInt(page.after);
      chosen = all.filter((m) => id(m) > after).slice(0, page.limit);
    } else {
      const before = page.before ? BigInt(page.before) : undefined;
      chosen = all.filter((m) => before === undefined || id(m) < before).slice(-page.limit);
    }
    return [...chosen].reverse();
  }

  /** A deleted channel takes its messages (and their files) with it, as on Discord. */
  deleteChannel(channelId: string): void {
    this.channels.delete(channelId);
    this.messagesByChannel.delete(channelId);
  }

  appendMessage(message: SandboxMessageRecord): void {
    const list = this.messagesByChannel.get(message.channel_id) ?? [];
    list.push(message);
    this.messagesByChannel.set(message.channel_id, list);
    if (!message.seeded) this.forgetBeyondCaps(message.channel_id);
  }

  /** Deleting forgets the message and its attachments; true when it was there. */
  removeMessage(channelId: string, messageId: string): boolean {
    const list = this.messagesByChannel.get(channelId);
    const at = list?.findIndex((m) => m.id === messageId) ?? -1;
    if (at < 0) return false;
    list!.splice(at, 1);
    return true;
  }

  /** Attachments are served back from memory so a person can open what the bot uploaded. */
  attachment(channelId: string, attachmentId: string): SandboxAttachmentRecord | undefined {
    for (const m of this.messagesOf(channelId)) {
      const found = m.attachments.find((a) => a.id === attachmentId);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The sandbox keeps what is posted in memory so people and tests can see it; a long demo run must not grow
   * without end. Oldest posted messages go first; seeded ones stay.
   */
  forgetBeyondCaps(channelId: string): void {
    const list = this.messagesByChannel.get(channelId) ?? [];
    let posted = list.reduce((n, m) => n + (m.seeded ? 0 : 1), 0);
    for (let i = 0; posted > this.caps.maxMessagesPerChannel && i < list.length;) {
      if (list[i]!.seeded) i++;
      else {
        list.splice(i, 1);
        posted--;
      }
    }
    const bytes = (m: SandboxMessageRecord) => m.attachments.reduce((n, a) => n + a.data.length, 0);
    const withFiles = [...this.messagesByChannel.values()].flat().filter((m) => !m.seeded && bytes(m) > 0);
    let total = withFiles.reduce((n, m) => n + bytes(m), 0);
    if (total <= this.caps.maxAttachmentBytes) return;
    withFiles.sort(byId);
    for (const m of withFiles) {
      if (total <= this.caps.maxAttachmentBytes) break;
      const inChannel = this.messagesByChannel.get(m.channel_id)!;
      inChannel.splice(inChannel.indexOf(m), 1);
      total -= bytes(m);
    }
  }
}
