import { BarChart3, Coins, Gavel, Gift, Image, Lightbulb, Music, PartyPopper, ShieldAlert, Share2, Ticket, Wrench } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/public/PageHeader';
import { STATS } from '../../components/public/site';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { ACCENT_TEXT } from '../../components/public/accent';

const GROUPS = [
  {
    icon: ShieldAlert,
    title: 'Auto moderation',
    items: [
      'Spam, flood and mass-mention filters',
      'Link and invite blocking',
      'Bad-word lists per channel',
      'Strikes that escalate on their own',
    ],
  },
  {
    icon: Ticket,
    title: 'Tickets',
    items: [
      'Button panels that open private tickets',
      'Categories and support roles',
      'Per-user limits and cooldowns',
      'Transcripts in HTML, text or JSON',
    ],
  },
  {
    icon: Music,
    title: 'Music',
    items: ['Play, queue, skip and loop', 'Volume from 1 to 100', 'Playlists and search', 'DJ role for full controls'],
  },
  {
    icon: Gift,
    title: 'Giveaways',
    items: [
      'Timed giveaways with several winners',
      'Entry requirements by role',
      'Reroll and end early',
      'Winners announced automatically',
    ],
  },
  {
    icon: Coins,
    title: 'Economy',
    items: [
      'Daily rewards and work commands',
      'Balances, banks and transfers',
      'A shop of roles and items',
      'Leaderboards of the richest members',
    ],
  },
  {
    icon: Gavel,
    title: 'Moderation tools',
    items: [
      'Warn, timeout, kick and ban',
      'Warning thresholds with automatic actions',
      'Message purge with filters',
      'A mod log of every action',
    ],
  },
  {
    icon: Lightbulb,
    title: 'Suggestions',
    items: [
      'A suggestion channel with voting',
      'Approve, deny or consider with a reason',
      'Authors notified of the decision',
      'Anonymous suggestions if you allow them',
    ],
  },
  {
    icon: BarChart3,
    title: 'Statistics and leveling',
    items: ['XP for chatting, with a cooldown', 'Level-up messages you write', 'Server member counters', 'Rank cards and leaderboards'],
  },
  {
    icon: PartyPopper,
    title: 'Fun',
    items: ['Mini-games and trivia', '8-ball, coin flips and dice', 'Memes and jokes', 'Reaction roles for self-assigned roles'],
  },
  {
    icon: Image,
    title: 'Image generation',
    items: ['Welcome cards with avatars', 'Rank and profile cards', 'Image filters and effects', 'Custom backgrounds on premium'],
  },
  {
    icon: Wrench,
    title: 'Utilities',
    items: ['Server, user and role info', 'Reminders and polls', 'Embed builder with up to 10 embeds', 'Invite tracking'],
  },
  {
    icon: Share2,
    title: 'Social',
    items: [
      'Welcome and farewell messages',
      'Direct messages to new members',
      'Birthdays and profiles',
      'Reputation points between members',
    ],
  },
] as const;

export default function Features() {
  useDocumentMeta(
    'Features',
    'Everything Guildhall does for your Discord server: auto moderation, tickets, music, giveaways, economy, leveling, utilities and more.',
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <PageHeader title="Features" eyebrow="One bot, twelve toolkits">
        Protection, community and fun in one bot, every part configurable from the dashboard.
      </PageHeader>

      <ul aria-label="Guildhall in numbers" className="mx-auto mt-12 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4">
        {STATS.map((stat) => (
          <li key={stat.label} className="card p-5 text-center">
            <span className="block text-3xl font-extrabold">{stat.value}</span>
            <span className="mt-1 block text-sm text-muted">{stat.label}</span>
          </li>
        ))}
      </ul>

      <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {GROUPS.map(({ icon: Icon, title, items }) => (
          <li key={title} className="card p-6">
            <h2 className="flex items-center gap-3 text-lg font-semibold">
              <Icon aria-hidden="true" className={`h-6 w-6 ${ACCENT_TEXT}`} />
              {title}
            </h2>
            <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-muted">
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>

      <section aria-labelledby="features-cta" className="card mt-14 flex flex-col items-center gap-4 p-8 text-center">
        <h2 id="features-cta" className="text-2xl font-bold">
          Ready to try it?
        </h2>
        <p className="text-muted">Add Guildhall to your server in a minute, then read how each command works.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/invite" className="btn-primary">
            Invite Guildhall
          </Link>
          <Link to="/docs" className="btn-secondary">
            Read the documentation
          </Link>
        </div>
      </section>
    </div>
  );
}
