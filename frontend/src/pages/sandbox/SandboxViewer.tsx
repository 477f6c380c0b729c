import { DISCORD_CDN, displayAvatarUrl, memberAvatarUrl } from '@guildhall/common/cdn';
import { ChannelType } from '@guildhall/common/discord/channel-types';
import { Hash, Megaphone, MessageCircle, RefreshCw, Ticket, UserPlus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { rememberRedirect } from '../../auth/redirect-memory';
import {
  type PostedMessage,
  useSandboxMessages,
  useSandboxOverview,
  useSimulateJoin,
  useSimulateRoleMenu,
  useSimulateTicket,
  type ViewerGuild,
} from '../../api/sandbox-viewer';
import { DiscordMessage, type MentionNames } from '../../components/discord';
import { sandboxImage } from '../../components/discord/sandbox-image';
import { Spinner } from '../../components/Spinner';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { RoleMenuControls, actingMembers, isRoleMenuMessage, withoutRoleMenu } from './RoleMenuControls';

const avatarOf = (u: PostedMessage['author']) => sandboxImage(displayAvatarUrl(u, 128));

/**
 * A message's author as Discord's client shows them: in a guild, the member's nickname and guild avatar (the bot's
 * per-server profile), else the user's display name and avatar; in a DM, the user.
 */
function authorOf(m: PostedMessage, guildId: string | undefined) {
  const guildAvatar = guildId ? memberAvatarUrl(DISCORD_CDN, guildId, m.author.id, m.member?.avatar, 128) : null;
  return {
    name: m.member?.nick ?? m.author.global_name ?? m.author.username,
    avatarUrl: guildAvatar ? sandboxImage(guildAvatar) : avatarOf(m.author),
    bot: m.author.bot,
  };
}

/**
 * A ticket's whole life in one click (issue 11): the sandbox opens a ticket channel, a member and the bot talk, it is
 * closed and its transcript uploaded through the bot API; the result links to the guild's transcripts page.
 */
function SimulateTicket({ guild, simulation }: { guild: ViewerGuild; simulation: ReturnType<typeof useSimulateTicket> }) {
  const mine = simulation.variables === guild.id;
  const busy = mine && simulation.isPending;
  return (
    <div className="px-2 pb-2">
      <button
        type="button"
        className="btn-secondary px-2 py-1 text-xs"
        disabled={simulation.isPending}
        aria-busy={busy || undefined}
        onClick={() => simulation.mutate(guild.id)}
      >
        <Ticket aria-hidden="true" className="h-3.5 w-3.5" /> {busy ? 'Simulating...' : 'Simulate ticket'}
        {/* The guild in the name too (visible text first, so speech input matches): one such button per guild. */}
        <span className="sr-only"> in {guild.name}</span>
      </button>
      <div aria-live="polite">
        {mine && simulation.isSuccess && (
          <p role="status" className="mt-1 text-xs text-ok">
            Ticket {simulation.data.ticketId} ({simulation.data.userName}) closed; its transcript is saved.{' '}
            <Link to={`/manage/${guild.id}/tickets/transcript`} className="underline underline-offset-2">
              Open transcripts
            </Link>
          </p>
        )}
        {mine && simulation.isError && (
          <p role="alert" className="mt-1 text-xs text-danger">
            Could not simulate a ticket: {simulation.error.message}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * A member joins and the bot sends the guild's Join DM (issue 12): the person picks the member, or leaves it to the
 * sandbox (members take turns); a member with DMs closed makes a failed delivery. The Join DM page's counters move.
 */
function SimulateJoin({ guild, simulation }: { guild: ViewerGuild; simulation: ReturnType<typeof useSimulateJoin> }) {
  const [userId, setUserId] = useState('');
  const selectId = useId();
  const mine = simulation.variables?.guildId === guild.id;
  const busy = mine && simulation.isPending;
  const humans = guild.members.filter((m) => !m.bot);
  const result = mine && simulation.isSuccess ? simulation.data : undefined;
  return (
    <div className="px-2 pb-2">
      <label htmlFor={selectId} className="sr-only">
        Member who joins {guild.name}
      </label>
      <div className="flex flex-wrap items-center gap-1">
        <select
          id={selectId}
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          className="field-input max-w-[9rem] px-1 py-1 text-xs"
        >
          <option value="">Next member</option>
          {humans.map((m) => (
            <option key={m.id} value={m.id}>
              {m.nick ?? m.global_name ?? m.username}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn-secondary px-2 py-1 text-xs"
          disabled={simulation.isPending}
          aria-busy={busy || undefined}
          onClick={() => simulation.mutate({ guildId: guild.id, userId: userId || undefined })}
        >
          <UserPlus aria-hidden="true" className="h-3.5 w-3.5" /> {busy ? 'Simulating...' : 'Simulate member join'}
          <span className="sr-only"> in {guild.name}</span>
        </button>
      </div>
      <div aria-live="polite">
        {result && (
          <p role="status" className={`mt-1 text-xs ${result.sent && !result.ok ? 'text-danger' : 'text-ok'}`}>
            {!result.sent
              ? `${result.userName} joined; Join DMs are off, so no DM was sent.`
              : result.ok
                ? `${result.userName} joined and got the Join DM.`
                : `${result.userName} joined; the Join DM failed: ${result.error?.reason ?? 'Discord refused it'}.`}{' '}
            <Link to={`/manage/${guild.id}/joindms`} className="underline underline-offset-2">
              Open Join DMs
            </Link>
          </p>
        )}
        {mine && simulation.isError && (
          <p role="alert" className="mt-1 text-xs text-danger">
            Could not simulate a join: {simulation.error.message}
          </p>
        )}
      </div>
    </div>
  );
}

function ChannelIcon({ type }: { type: number }) {
  const Icon = type === ChannelType.GuildAnnouncement ? Megaphone : type === ChannelType.DM ? MessageCircle : Hash;
  return <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />;
}

/**
 * What the bot posted in the Discord sandbox (spec: the sandbox keeps posts so a person can see them): guilds,
 * channels and DMs, each channel's messages drawn as Discord draws them. Only answers while the sandbox runs.
 */
export default function SandboxViewer() {
  useDocumentMeta('Discord sandbox', 'What the bot posted in the offline Discord sandbox: previews, embeds and panels.');
  const [params, setParams] = useSearchParams();
  const selected = params.get('channel');
  const overview = useSandboxOverview();
  // Only once the visitor is known: a signed-out visitor's channel link asks them to sign in, not for the channel.
  const messages = useSandboxMessages(overview.isSuccess ? selected : null);
  const simulation = useSimulateTicket();
  const joinSimulation = useSimulateJoin();
  const roleMenuSimulation = useSimulateRoleMenu();
  const [actingChoice, setActingChoice] = useState('');
  const actingSelectId = useId();

  const guildOfChannel = overview.data?.guilds.find((g) => g.channels.some((c) => c.id === selected));
  const mentions = useMemo<MentionNames>(() => {
    const guilds = overview.data?.guilds ?? [];
    const users: Record<string, string> = {};
    for (const g of guilds) for (const m of g.members) users[m.id] = m.nick ?? m.global_name ?? m.username;
    return {
      users,
      roles: Object.fromEntries((guildOfChannel?.roles ?? []).map((r) => [r.id, { name: r.name, color: r.color }])),
      channels: Object.fromEntries(guilds.flatMap((g) => g.channels.map((c) => [c.id, c.name]))),
    };
  }, [overview.data, guildOfChannel]);

  if (overview.isPending) return <Spinner label="Loading the sandbox..." />;
  if (overview.isError && overview.error instanceof ApiError && overview.error.unauthenticated) {
    // A public demo shows each visitor only their own servers and DMs, so a stranger is shown nothing but the way in.
    const here = `/sandbox-viewer${params.toString() ? `?${params.toString()}` : ''}`;
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Discord sandbox</h1>
        <p className="mt-3 text-muted">
          Sign in to see what the bot posted in your servers and the DMs it sent you, and to simulate tickets, member joins and role menus
          in the servers you manage.
        </p>
        <Link to="/login" className="btn-primary mt-6 inline-flex" onClick={() => rememberRedirect(here)}>
          Sign in
        </Link>
      </div>
    );
  }
  if (overview.isError) {
    const off = overview.error instanceof ApiError && overview.error.status === 404;
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Discord sandbox</h1>
        <p role="alert" className="mt-3 text-muted">
          {off
            ? 'The Discord sandbox is not running: this server talks to the real Discord, where posts show in Discord itself.'
            : 'Could not load the sandbox.'}
        </p>
      </div>
    );
  }

  const data = overview.data;
  const withBot = data.guilds.filter((g) => g.botPresent);
  const textChannels = (g: ViewerGuild) =>
    g.channels.filter((c) => c.type === ChannelType.GuildText || c.type === ChannelType.GuildAnnouncement);
  // A manager may use the role menus the bot posted, as a member of the guild (demo-member unless they choose another).
  const actors = guildOfChannel?.manageable && guildOfChannel.botPresent ? actingMembers(guildOfChannel) : [];
  const actingUserId = actors.some((m) => m.id === actingChoice) ? actingChoice : (actors[0]?.id ?? '');
  const usable = (m: PostedMessage) => actors.length > 0 && isRoleMenuMessage(m);
  const channelName = messages.data?.channel
    ? `${messages.data.channel.type === ChannelType.DM ? '' : '#'}${messages.data.channel.name || 'Direct message'}`
    : '';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Discord sandbox</h1>
          <p className="mt-1 text-muted">
            What the bot posted in your servers and the DMs it sent you: Send Preview, Send Embed and Deploy land here. In a server you
            manage, use a role menu as one of its members. Refreshes every 3 seconds.
          </p>
        </div>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            void overview.refetch();
            if (selected) void messages.refetch();
          }}
        >
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> Refresh
        </button>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[300px_minmax(0,1fr)]">
        <nav aria-label="Sandbox channels" className="card max-h-[75vh] overflow-y-auto p-3">
          {withBot.length === 0 && data.dms.length === 0 && (
            <p className="px-2 py-1 text-sm text-muted">
              None of your servers has the bot yet, and it has sent you no DM.{' '}
              <Link to="/selector" className="underline underline-offset-2">
                Choose a server
              </Link>{' '}
              to invite it.
            </p>
          )}
          {withBot.map((g) => (
            <div key={g.id} className="mb-4">
              <h2 className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{g.name}</h2>
              {/* Simulations change the server (transcripts, Join DM statistics): its managers only, as the server checks. */}
              {g.manageable && <SimulateTicket guild={g} simulation={simulation} />}
              {g.manageable && <SimulateJoin guild={g} simulation={joinSimulation} />}
              <ul>
                {textChannels(g).map((c) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      aria-current={selected === c.id ? 'page' : undefined}
                      onClick={() => setParams({ channel: c.id })}
                      className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm ${selected === c.id ? 'bg-brand/20 font-semibold' : 'hover:bg-panel-2'}`}
                    >
                      <ChannelIcon type={c.type} />
                      <span className="min-w-0 flex-1 truncate">{c.name}</span>
                      {c.posted > 0 && (
                        <span className="rounded-full bg-brand px-1.5 text-xs text-white" aria-label={`${c.posted} posted`}>
                          {c.posted}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {data.dms.length > 0 && (
            <div>
              <h2 className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">Direct messages</h2>
              <ul>
                {data.dms.map((dm) => (
                  <li key={dm.id}>
                    <button
                      type="button"
                      aria-current={selected === dm.id ? 'page' : undefined}
                      onClick={() => setParams({ channel: dm.id })}
                      className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm ${selected === dm.id ? 'bg-brand/20 font-semibold' : 'hover:bg-panel-2'}`}
                    >
                      <ChannelIcon type={1} />
                      <span className="min-w-0 flex-1 truncate">{dm.recipient.global_name ?? dm.recipient.username}</span>
                      <span className="rounded-full bg-brand px-1.5 text-xs text-white">{dm.posted}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </nav>
        <section aria-label={channelName ? `Messages in ${channelName}` : 'Messages'} className="card min-h-64 overflow-hidden">
          {!selected ? (
            <p className="p-6 text-muted">Choose a channel to see what the bot posted there.</p>
          ) : messages.isPending ? (
            <Spinner label="Loading messages..." />
          ) : messages.isError ? (
            <p role="alert" className="p-6 text-danger">
              {messages.error instanceof Error ? messages.error.message : 'Could not load the messages.'}
            </p>
          ) : (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
                <h2 className="font-semibold">{channelName}</h2>
                {guildOfChannel && messages.data.messages.some(usable) && (
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <label htmlFor={actingSelectId}>Act as</label>
                    <select
                      id={actingSelectId}
                      value={actingUserId}
                      onChange={(e) => setActingChoice(e.target.value)}
                      className="field-input max-w-[12rem] px-2 py-1 text-sm"
                    >
                      {actors.map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.nick ?? m.global_name ?? m.username}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
              </div>
              {messages.data.messages.length === 0 ? (
                <p className="p-6 text-muted">Nothing posted here yet.</p>
              ) : (
                <ol className="bg-[#313338] py-2">
                  {messages.data.messages.map((m) => (
                    <li key={m.id}>
                      <DiscordMessage
                        message={usable(m) ? withoutRoleMenu(m) : m}
                        author={authorOf(m, guildOfChannel?.id)}
                        mentions={mentions}
                        resolveImage={sandboxImage}
                      />
                      {usable(m) && guildOfChannel && (
                        <RoleMenuControls
                          guild={guildOfChannel}
                          channelId={messages.data.channel.id}
                          message={m}
                          reactors={messages.data.reactors?.[m.id] ?? {}}
                          actingUserId={actingUserId}
                          mentions={mentions}
                          simulation={roleMenuSimulation}
                        />
                      )}
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
