import { BadgeCheck, BarChart3, BookOpen, Gavel, HeartHandshake, LayoutDashboard, ShieldCheck, Star, Ticket } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AuthLink } from '../../components/public/AuthLink';
import { ExternalLink } from '../../components/public/ExternalLink';
import { BOT_LISTING_URL, VOTE_URL } from '../../components/public/site';
import { TopServers } from '../../components/public/TopServers';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { ACCENT_TEXT, ACCENT_GRADIENT } from '../../components/public/accent';

/** The six cards: what the product's sections do, in their words (nothing it does not have). */
const FEATURES = [
  {
    icon: ShieldCheck,
    title: 'AntiNuke protection',
    text: 'Stops mass bans, kicks and prunes, reverts dangerous role grants and server changes, and punishes whoever tries; you choose who is trusted.',
  },
  {
    icon: Gavel,
    title: 'Moderation',
    text: 'Warnings with a threshold and the action taken when a member reaches it, and a log channel that records every moderation action.',
  },
  {
    icon: Ticket,
    title: 'Ticket system',
    text: 'Panels members click to open a private ticket, with categories, limits and saved transcripts.',
  },
  {
    icon: HeartHandshake,
    title: 'Welcome, farewell and Join DMs',
    text: 'Greet newcomers and say goodbye in a channel with text, embeds and placeholders, and send each new member a direct message.',
  },
  {
    icon: BarChart3,
    title: 'Levels',
    text: 'Members earn XP for chatting and level up; the bot announces each new level with a message you write, where you choose.',
  },
  {
    icon: LayoutDashboard,
    title: 'Roles, embeds and more',
    text: 'Reaction roles, an embed builder with a live preview, scheduled messages and the Personalizer for the bot’s name and avatar, all from the dashboard.',
  },
] as const;

export default function Home() {
  useDocumentMeta(
    'Guildhall: the all-in-one Discord bot',
    'Guildhall protects and runs your Discord server: AntiNuke, moderation, tickets, welcome messages, levels and a web dashboard. 99.9% uptime.',
  );
  return (
    <>
      <section className="relative overflow-hidden border-b border-line bg-gradient-to-b from-brand/15 to-transparent">
        <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-20 text-center sm:py-28">
          <ExternalLink
            href={BOT_LISTING_URL}
            className="inline-flex items-center gap-1.5 rounded-full border border-ok/50 bg-ok/10 px-3 py-1 text-sm font-medium text-fg hover:border-ok"
          >
            <BadgeCheck aria-hidden="true" className="h-4 w-4 text-ok" />
            Verified bot
          </ExternalLink>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">
            Your Discord server, <span className={ACCENT_GRADIENT}>safe and thriving</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted">
            Guildhall is one bot for protection, moderation, tickets, welcome messages and levels, configured from a dashboard anyone on
            your staff can use.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <AuthLink to="/selector" className="btn-primary px-6 py-3 text-base">
              Get Started Free
            </AuthLink>
            <ExternalLink href={VOTE_URL} className="btn-secondary px-6 py-3 text-base">
              <Star aria-hidden="true" className="h-4 w-4" />
              Vote
            </ExternalLink>
          </div>
          <p className="mt-8 text-sm text-muted">
            <strong className="text-2xl font-bold text-fg">99.9%</strong> uptime, so your protection never takes a day off.
          </p>
        </div>
      </section>

      <section aria-labelledby="top-servers-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="top-servers-heading" className="text-2xl font-bold sm:text-3xl">
          Top servers
        </h2>
        <p className="mt-2 text-muted">The largest communities that trust Guildhall.</p>
        <div className="mt-8">
          <TopServers />
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-heading" className="text-2xl font-bold sm:text-3xl">
          Everything your server needs
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card p-6">
              <Icon aria-hidden="true" className={`h-8 w-8 ${ACCENT_TEXT}`} />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap items-center gap-3">
          <Link to="/docs" className="btn-secondary">
            <BookOpen aria-hidden="true" className="h-4 w-4" />
            Read the documentation
          </Link>
          <Link to="/features" className="btn-secondary">
            See all features
          </Link>
        </div>
      </section>
    </>
  );
}
