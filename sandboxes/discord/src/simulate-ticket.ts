import { DiscordApiError, DiscordErrors } from './discord-errors.js';
import type { UploadedFile } from './message-writer.js';
import type { DiscordSandboxService } from './sandbox.service.js';
import type { JsonObject, SandboxChannelRecord, SandboxGuildRecord } from './sandbox.types.js';

/** What the viewer's 'Simulate ticket' answers: enough to find the transcript, never the bot's credential. */
export interface SimulatedTicket {
  transcriptId: string;
  ticketId: string;
  channelName: string;
  userName: string;
}

/** Markup a transcript must show as text: the XSS tests and a person looking at the download both look for it. */
export const SIMULATED_MARKUP = '<img src=x onerror=alert(1)>';
export const SIMULATED_ATTACHMENT = { filename: 'order-log.txt', content: 'order #1234: payment declined (code 51)\n' };
/** The bot's ticket numbers are padded like ticket-general's default padding ('4'). */
const TICKET_PADDING = 4;
const UPLOAD_TIMEOUT_MS = 10_000;

const simulationError = (status: number, message: string) => new DiscordApiError(status, { message, code: 0 });

/**
 * Plays a ticket's whole life in the sandbox, as the bot would: a ticket channel is opened under the guild's first
 * category, a member and the bot talk (a file, and markup a transcript must escape), the ticket is closed, and the
 * transcript is uploaded through the app's own bot API over HTTP with the bot's credential, and the channel deleted.
 * A simulation that fails on the way deletes the channel it made too: its talk is made up, so nothing is lost by it,
 * and channels left behind by repeated failures once filled a guild to Discord's 500 and broke its real pages.
 */
export class TicketSimulator {
  /** Numbers handed out per guild; a restart starts again, skipping names still in use. */
  private readonly numbers = new Map<string, number>();

  constructor(private readonly sandbox: DiscordSandboxService) {}

  async simulate(guildId: string): Promise<SimulatedTicket> {
    const botApi = this.sandbox.options.botApi;
    if (!botApi) throw simulationError(503, 'Simulate ticket needs the app around the sandbox: its bot API is not configured.');
    const guild = this.sandbox.guild(guildId);
    if (!guild) throw DiscordErrors.unknownGuild();
    if (!this.sandbox.hasBot(guildId)) throw simulationError(403, 'The bot is not in this guild: invite it before simulating a ticket.');
    const opener = this.openerOf(guild);
    const staff = guild.members.find((m) => m.user_id === guild.owner_id && m.user_id !== opener);

    const number = this.nextNumber(guildId);
    const ticketId = String(number).padStart(TICKET_PADDING, '0');
    const category = this.sandbox
      .channelsOf(guildId)
      .filter((c) => c.type === 4)
      .sort((a, b) => a.position - b.position)[0];
    const channel = this.sandbox.createChannel(guildId, {
      type: 0,
      name: `ticket-${ticketId}`,
      parent_id: category?.id ?? null,
      topic: null,
    });
    try {
      const openedAt = new Date().toISOString();

      const bot = { type: 'user' as const, user_id: this.sandbox.botUserId };
      const member = { type: 'user' as const, user_id: opener };
      this.post(channel, bot, {
        content: `<@${opener}> Welcome! Support will be with you shortly.`,
        embeds: [
          {
            type: 'rich',
            title: `Ticket #${ticketId}`,
            description: 'Describe your problem; a member of the support team will answer here.',
          },
        ],
      });
      this.post(channel, member, { content: `Hi! My payment keeps failing ${SIMULATED_MARKUP} & I don't know why.` });
      this.post(channel, member, { content: 'Here is the log from the checkout page.' }, [textFile(SIMULATED_ATTACHMENT)]);
      if (staff)
        this.post(channel, { type: 'user', user_id: staff.user_id }, { content: 'Thanks, that code means the bank declined it. Solved!' });
      this.post(channel, bot, { content: 'Ticket closed. A transcript has been saved.' });

      const transcript = {
        ticketId,
        channelName: channel.name,
        openedBy: this.person(opener),
        closedBy: this.person(staff?.user_id ?? this.sandbox.botUserId),
        openedAt,
        closedAt: new Date().toISOString(),
        messages: this.sandbox.messagesIn(channel.id).map(transcriptMessage),
      };
      const transcriptId = await upload(botApi, guildId, transcript);
      return { transcriptId, ticketId, channelName: channel.name, userName: transcript.openedBy.username };
    } finally {
      // Closed, or failed: either way the ticket channel goes.
      this.sandbox.deleteChannel(channel.id);
    }
  }

  /** A member who is not the owner opens the ticket when there is one (the owner answers it); else the owner. */
  private openerOf(guild: SandboxGuildRecord): string {
    const humans = guild.members.filter((m) => !this.sandbox.user(m.user_id)?.bot);
    const opener = humans.find((m) => m.user_id !== guild.owner_id) ?? humans[0];
    if (!opener) throw simulationError(400, 'This guild has no member to open a ticket.');
    return opener.user_id;
  }

  private nextNumber(guildId: string): number {
    const taken = new Set(this.sandbox.channelsOf(guildId).map((c) => c.name));
    let next = (this.numbers.get(guildId) ?? 0) + 1;
    while (taken.has(`ticket-${String(next).padStart(TICKET_PADDING, '0')}`)) next += 1;
    this.numbers.set(guildId, next);
    return next;
  }

  private person(userId: string) {
    const user = this.sandbox.user(userId);
    return { id: userId, username: user?.username ?? 'unknown-user' };
  }

  private post(
    channel: SandboxChannelRecord,
    author: { type: 'user'; user_id: string },
    draft: { content?: string; embeds?: JsonObject[] },
    files: UploadedFile[] = [],
  ) {
    this.sandbox.postMessage(channel, author, draft, files);
  }
}

function textFile(file: { filename: string; content: string }): UploadedFile {
  const buffer = Buffer.from(file.content, 'utf8');
  return { fieldname: 'files[0]', originalname: file.filename, mimetype: 'text/plain', size: buffer.length, buffer };
}

/** Discord's message, as the bot reads it from the channel, reduced to the transcript's message schema. */
function transcriptMessage(message: JsonObject) {
  const author = message['author'] as JsonObject;
  const embeds = (message['embeds'] as JsonObject[]).map((e) => ({
    ...(typeof e['title'] === 'string' ? { title: e['title'] } : {}),
    ...(typeof e['description'] === 'string' ? { description: e['description'] } : {}),
  }));
  return {
    id: String(message['id']),
    author: {
      id: String(author['id']),
      username: String(author['username']),
      global_name: (author['global_name'] as string | null | undefined) ?? null,
      avatar: (author['avatar'] as string | null | undefined) ?? null,
      ...(author['bot'] === true ? { bot: true } : {}),
    },
    content: String(message['content']),
    timestamp: String(message['timestamp']),
    ...(embeds.length ? { embeds } : {}),
    attachments: (message['attachments'] as JsonObject[]).map((a) => ({
      filename: String(a['filename']),
      size: Number(a['size']),
      ...(typeof a['content_type'] === 'string' ? { content_type: a['content_type'] } : {}),
      url: String(a['url']),
    })),
  };
}

/** POST /api/bot/v1/guilds/{guildId}/transcripts, the same call the real bot makes; answers the transcript's id. */
async function upload(botApi: { baseUrl: string; token: string }, guildId: string, transcript: unknown): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${botApi.baseUrl}/api/bot/v1/guilds/${encodeURIComponent(guildId)}/transcripts`, {
      method: 'POST',
      headers: { authorization: `Bot ${botApi.token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(transcript),
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (err) {
    throw simulationError(502, `Could not reach the bot API: ${err instanceof Error ? err.message : String(err)}`);
  }
  const body = (await res.json().catch(() => ({}))) as { success?: boolean; error?: string; transcript?: { id?: string } };
  if (res.status !== 201 || !body.transcript?.id) {
    throw simulationError(502, `The bot API refused the transcript (${res.status}): ${body.error ?? 'no reason given'}`);
  }
  return body.transcript.id;
}
