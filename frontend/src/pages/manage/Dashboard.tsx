import { sectionPages } from '@guildhall/generated/section-pages';
import {
  Bot,
  Crown,
  Hand,
  LayoutTemplate,
  Lock,
  Mail,
  MessageSquare,
  RefreshCw,
  Server,
  Settings,
  Shield,
  SmilePlus,
  Ticket,
  TrendingUp,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useBotStatus, useGuildPremium, useGuildStats, useManagedGuild } from '../../api/queries';
import { hasPaidPlan, premiumActiveText } from '../../components/premium/plan-status';
import { UPGRADE_PATH } from '../../components/premium/use-premium';
import { FallbackImage } from '../../components/FallbackImage';
import { useDocumentMeta } from '../../lib/use-document-meta';

interface Feature {
  name: string;
  /** Below /manage/{guildId}/; a section's comes from its table row. */
  path: string;
  description: string;
  icon: LucideIcon;
  badge?: 'Popular' | 'New' | 'Advanced';
  premium?: boolean;
}

const QUICK_ACTIONS: Feature[] = [
  { name: 'Welcome Message', path: sectionPages.greeting.path, description: 'Greet new members', icon: Hand },
  { name: 'Ticket Management', path: 'tickets', description: 'Support tickets', icon: Ticket },
  { name: 'Antinuke Protection', path: 'antinuke', description: 'Stop raids', icon: Shield },
  { name: 'Level Progression', path: sectionPages.levels.path, description: 'XP and levels', icon: TrendingUp },
];

/** The feature sections (Basic, Server Management, Premium), with their links and badges. */
const FEATURE_SECTIONS: { title: string; features: Feature[] }[] = [
  {
    title: 'Basic Features',
    features: [
      {
        name: 'Welcome Configuration',
        path: sectionPages.greeting.path,
        description: 'Welcome and farewell messages, as text or embeds.',
        icon: MessageSquare,
        badge: 'Popular',
      },
      { name: 'Reaction Roles', path: 'reactionroles', description: 'Members pick their roles by reacting.', icon: SmilePlus },
      {
        name: 'Levels',
        path: sectionPages.levels.path,
        description: 'XP for chatting and level-up messages.',
        icon: TrendingUp,
        badge: 'New',
      },
    ],
  },
  {
    title: 'Server Management',
    features: [
      {
        name: 'Antinuke Protection',
        path: 'antinuke',
        description: 'Stop mass bans, channel deletions and raids.',
        icon: Shield,
        badge: 'Advanced',
      },
      { name: 'Ticket Management', path: 'tickets', description: 'Panels, limits and transcripts.', icon: Ticket, badge: 'Advanced' },
      { name: 'Join Dms', path: 'joindms', description: 'A direct message to each member who joins.', icon: Mail },
    ],
  },
  {
    title: 'Premium Features',
    features: [{ name: 'Custom Embeds', path: 'embeds', description: 'Design and send rich embeds.', icon: LayoutTemplate, premium: true }],
  },
];

const BADGE_STYLES: Record<NonNullable<Feature['badge']>, string> = {
  Popular: 'bg-ok/15 text-ok',
  New: 'bg-brand/20 text-fg',
  Advanced: 'bg-warn/15 text-warn',
};

const count = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en-US'));

function StatCard({ label, value, icon: Icon, children }: { label: string; value: string; icon: LucideIcon; children?: ReactNode }) {
  return (
    <div className="card flex flex-col gap-3 p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-muted">{label}</h2>
        <Icon aria-hidden="true" className="h-5 w-5 text-brand" />
      </div>
      <p className="text-3xl font-bold tabular-nums" data-stat={label}>
        {value}
      </p>
      {children}
    </div>
  );
}

/** The guild's plan: a paid plan and its end, or the free tier with the way to upgrade. */
function PremiumCard({ premium }: { premium: ReturnType<typeof useGuildPremium> }) {
  const plan = premium.data?.premium;
  const paid = hasPaidPlan(plan);
  return (
    <section
      aria-labelledby="premium-heading"
      className={`card mt-6 flex flex-wrap items-center justify-between gap-4 p-5 ${paid ? 'border-warn/50' : ''}`}
    >
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-warn/15">
          <Crown aria-hidden="true" className="h-5 w-5 text-warn" />
        </span>
        <div>
          <h2 id="premium-heading" className="font-semibold">
            {premium.isPending ? 'Premium' : plan ? `${plan.planName} plan` : 'Premium'}
          </h2>
          <p className="text-sm text-muted">
            {premium.isPending
              ? 'Loading your plan...'
              : premium.isError
                ? 'Could not load your plan.'
                : paid
                  ? premiumActiveText(plan)
                  : 'Upgrade to premium to unlock Custom Embeds and higher limits.'}
          </p>
        </div>
      </div>
      {premium.isError ? (
        <button type="button" className="btn-secondary" onClick={() => void premium.refetch()}>
          Try again
        </button>
      ) : (
        premium.isSuccess && (
          <Link to={UPGRADE_PATH} className={paid ? 'btn-secondary' : 'btn-primary'}>
            <Crown aria-hidden="true" className="h-4 w-4" /> {paid ? 'Extend or change plan' : 'Upgrade'}
          </Link>
        )
      )}
    </section>
  );
}

function Refused({ message }: { message: string }) {
  return (
    <div role="alert" className="card mx-auto mt-8 max-w-xl p-6">
      <h1 className="flex items-center gap-2 text-lg font-semibold">
        <Lock aria-hidden="true" className="h-5 w-5 text-warn" /> Access denied
      </h1>
      <p className="mt-2 text-muted">{message}</p>
      <Link to="/selector" className="btn-primary mt-4">
        Back to your servers
      </Link>
    </div>
  );
}

/** Dashboard home: bot status, statistics, quick actions and the feature sections. */
export default function Dashboard() {
  const { guildId = '' } = useParams();
  useDocumentMeta('Dashboard', 'Overview of your server: the bot, member statistics, quick actions and features.');
  const guild = useManagedGuild(guildId);
  const stats = useGuildStats(guildId);
  const bot = useBotStatus();
  const premium = useGuildPremium(guildId);
  const locked = premium.isSuccess && !hasPaidPlan(premium.data.premium);
  const base = `/manage/${guildId}`;
  const botUsers = bot.data?.guilds.reduce((sum, g) => sum + g.memberCount, 0);
  const failed = stats.isError || bot.isError;
  // The server refusing the user this guild's data (a page's access level admits them, not the dashboard) is an
  // answer: say so once, in its words, with no retry that could never work.
  const refused = [guild.error, stats.error, premium.error].find((e) => e instanceof ApiError && e.status === 403);
  if (refused) return <Refused message={(refused as ApiError).message} />;

  return (
    <div className="mx-auto max-w-6xl">
      <header className="card flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <FallbackImage src={guild.data?.iconURL} alt="" className="h-14 w-14 rounded-2xl" />
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-bold">{guild.data?.name ?? 'Dashboard'}</h1>
            <p className="mt-1 flex items-center gap-2 text-sm" role="status">
              <span
                aria-hidden="true"
                className={`h-2.5 w-2.5 rounded-full ${bot.isSuccess ? 'bg-ok' : bot.isError ? 'bg-danger' : 'bg-muted'}`}
              />
              <span className={bot.isSuccess ? 'text-ok' : bot.isError ? 'text-danger' : 'text-muted'}>
                {bot.isSuccess ? 'Bot Online' : bot.isError ? 'Bot Offline' : 'Checking bot status...'}
              </span>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={`${base}/${sectionPages.basic.path}`} className="btn-secondary">
            <Settings aria-hidden="true" className="h-4 w-4" /> Server Settings
          </Link>
          <Link to="/invite" className="btn-primary">
            <UserPlus aria-hidden="true" className="h-4 w-4" /> Invite Bot
          </Link>
        </div>
      </header>

      <PremiumCard premium={premium} />

      {failed && (
        <div
          role="alert"
          className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/50 bg-danger/10 p-4"
        >
          <p className="font-semibold text-danger">Failed to load dashboard data</p>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              if (stats.isError) void stats.refetch();
              if (bot.isError) void bot.refetch();
            }}
          >
            Try again
          </button>
        </div>
      )}

      <section aria-label="Statistics" className="mt-6 grid gap-4 md:grid-cols-3">
        <StatCard label="Guild Members" value={stats.isPending ? '...' : count(stats.data?.memberCount)} icon={Users}>
          <button
            type="button"
            className="btn-secondary self-start"
            onClick={() => void stats.refetch()}
            disabled={stats.isFetching}
            aria-busy={stats.isFetching || undefined}
          >
            <RefreshCw aria-hidden="true" className={`h-4 w-4 ${stats.isFetching ? 'animate-spin' : ''}`} />
            {stats.isFetching ? 'Refreshing...' : 'Refresh count'}
          </button>
        </StatCard>
        <StatCard label="Bot Users" value={bot.isPending ? '...' : count(botUsers)} icon={Bot}>
          <p className="text-xs text-muted">Members across every server with Guildhall</p>
        </StatCard>
        <StatCard label="Bot Guilds" value={bot.isPending ? '...' : count(bot.data?.guildCount)} icon={Server}>
          <p className="text-xs text-muted">Servers Guildhall is in</p>
        </StatCard>
      </section>

      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="text-lg font-semibold">
          Quick Actions
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_ACTIONS.map((a) => (
            <li key={a.name}>
              <Link to={`${base}/${a.path}`} className="card flex items-center gap-3 p-4 hover:border-brand">
                <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand/15">
                  <a.icon aria-hidden="true" className="h-5 w-5 text-brand" />
                </span>
                <span>
                  <span className="block font-semibold">{a.name}</span>
                  <span className="block text-xs text-muted">{a.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {FEATURE_SECTIONS.map((section) => (
        <section key={section.title} aria-labelledby={`features-${section.title}`} className="mt-8">
          <h2 id={`features-${section.title}`} className="text-lg font-semibold">
            {section.title}
          </h2>
          <ul className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
            {section.features.map((f) => (
              <li key={f.name}>
                <Link
                  to={f.premium && locked ? UPGRADE_PATH : `${base}/${f.path}`}
                  className="card flex h-full items-start gap-3 p-4 hover:border-brand"
                >
                  <f.icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand" />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2 font-semibold">
                      {f.name}
                      {f.badge && <span className={`rounded-full px-2 py-0.5 text-xs ${BADGE_STYLES[f.badge]}`}>{f.badge}</span>}
                      {f.premium && (
                        <span className="inline-flex items-center gap-1 rounded-full bg-warn/15 px-2 py-0.5 text-xs text-warn">
                          <Crown aria-hidden="true" className="h-3 w-3" /> Premium
                        </span>
                      )}
                      {f.premium && locked && (
                        <span className="inline-flex items-center gap-1 rounded-full bg-panel-2 px-2 py-0.5 text-xs text-muted">
                          <Lock aria-hidden="true" className="h-3 w-3" /> Locked
                        </span>
                      )}
                    </span>
                    <span className="mt-1 block text-sm text-muted">{f.description}</span>
                    {/* Added to the visible words, not put in their place: the link's name must contain what it shows. */}
                    {f.premium && locked && <span className="sr-only"> (upgrade to premium to unlock this feature)</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
