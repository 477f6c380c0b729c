import { guildIconUrl } from '@guildhall/common/cdn';
import { greetingPlaceholderValues } from '@guildhall/common/greeting';
import { joinDmMessage, type SimulatedJoin } from '@guildhall/common/join-dm';
import type { JoinDmSettings } from '@guildhall/generated/types';
import { DiscordErrors } from './discord-errors.js';
import type { DiscordSandboxService } from './sandbox.service.js';
import type { SandboxGuildRecord } from './sandbox.types.js';
import { botClients, discordError, reasonOf, simulationError } from './simulation-calls.js';

const REFUSED = 'Discord refused the message';

/**
 * A member joins and the bot does what it does then, every step over real HTTP as the bot would: it reads the
 * guild's joindms settings from the app's bot API, reads the guild and the member from Discord (here, the sandbox),
 * renders the DM with the same function as the page's preview and Send Test, opens the DM channel and posts in it,
 * and reports the delivery (sent, or Discord's refusal) to the bot API, which counts it in the guild's stats.
 */
export class JoinSimulator {
  /** The next member to join, per guild, so repeated simulations go round the guild's members. */
  private readonly turn = new Map<string, number>();

  constructor(private readonly sandbox: DiscordSandboxService) {}

  async simulate(guildId: string, chosenUserId?: string): Promise<SimulatedJoin> {
    const { app, discord } = botClients(this.sandbox, 'Simulate member join');
    const guild = this.sandbox.guild(guildId);
    if (!guild) throw DiscordErrors.unknownGuild();
    if (!this.sandbox.hasBot(guildId)) throw simulationError(403, 'The bot is not in this guild: invite it before simulating a join.');
    const userId = chosenUserId ?? this.nextMember(guild);
    if (!guild.members.some((m) => m.user_id === userId)) throw DiscordErrors.unknownMember();
    const userName = this.sandbox.user(userId)?.username ?? 'unknown-user';

    const read = await app(`/guilds/${guildId}/settings/joindms`);
    if (read.status !== 200) throw simulationError(502, `The bot API refused the settings read (${read.status}): ${reasonOf(read.body)}`);
    const settings = (read.body as { settings: JoinDmSettings }).settings;
    if (!settings.enabled) return { userId, userName, sent: false, ok: false };

    const [guildRes, memberRes] = await Promise.all([
      discord(`/guilds/${guildId}?with_counts=true`),
      discord(`/guilds/${guildId}/members/${userId}`),
    ]);
    if (guildRes.status !== 200 || memberRes.status !== 200) throw simulationError(502, 'Discord did not answer the guild or the member.');
    const g = guildRes.body as { id: string; name: string; icon: string | null; owner_id: string; approximate_member_count?: number };
    const member = memberRes.body as {
      user: { id: string; username: string; global_name: string | null; avatar: string | null; discriminator?: string };
      nick?: string | null;
      joined_at?: string;
    };
    const values = greetingPlaceholderValues({
      user: member.user,
      member: { nick: member.nick ?? null, joined_at: new Date().toISOString() },
      guild: { id: g.id, name: g.name, iconUrl: guildIconUrl(g, 256), ownerId: g.owner_id, memberCount: g.approximate_member_count },
    });
    const message = joinDmMessage(settings, values);

    const sentAt = new Date().toISOString();
    let outcome: { ok: boolean; error?: { code?: number; reason: string }; channelId?: string };
    const dm = await discord('/users/@me/channels', { method: 'POST', body: JSON.stringify({ recipient_id: userId }) });
    if (dm.status !== 200) {
      outcome = { ok: false, error: discordError(dm.body, REFUSED) };
    } else {
      const channelId = (dm.body as { id: string }).id;
      const posted = await discord(`/channels/${channelId}/messages`, {
        method: 'POST',
        body: JSON.stringify({ ...message, allowed_mentions: { parse: [] } }),
      });
      outcome = posted.status === 200 ? { ok: true, channelId } : { ok: false, error: discordError(posted.body, REFUSED), channelId };
    }

    const report = await app(`/guilds/${guildId}/joindm-deliveries`, {
      method: 'POST',
      body: JSON.stringify({ userId, ok: outcome.ok, sentAt, ...(outcome.error ? { error: outcome.error } : {}) }),
    });
    if (report.status !== 201) throw simulationError(502, `The bot API refused the delivery (${report.status}): ${reasonOf(report.body)}`);
    return { userId, userName, sent: true, ...outcome };
  }

  /** The guild's human members in turn (the owner too: in a small guild they may be the only one). */
  private nextMember(guild: SandboxGuildRecord): string {
    const humans = guild.members.filter((m) => !this.sandbox.user(m.user_id)?.bot);
    if (!humans.length) throw simulationError(400, 'This guild has no member to simulate a join with.');
    const i = this.turn.get(guild.id) ?? 0;
    this.turn.set(guild.id, i + 1);
    return humans[i % humans.length]!.user_id;
  }
}
