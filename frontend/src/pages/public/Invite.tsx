import { Check, LayoutDashboard, ShieldCheck, Star, Ticket, Zap } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/public/PageHeader';
import { BOT_INVITE_PATH } from '../../components/public/site';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { ACCENT_TEXT } from '../../components/public/accent';

/** Administrator is recommended; these are the least the bot needs. */
export const MINIMUM_PERMISSIONS = [
  'Manage Roles',
  'Kick Members',
  'Ban Members',
  'Manage Messages',
  'View Audit Log',
  'Read/Send Messages',
];

const BLURBS = [
  {
    icon: ShieldCheck,
    title: 'Protection from the first minute',
    text: 'AntiNuke and auto moderation start working as soon as you run /setup.',
  },
  { icon: Ticket, title: 'Support that scales', text: 'Ticket panels, categories and transcripts keep your staff organised.' },
  { icon: Zap, title: 'Fast and reliable', text: 'Slash commands answer in an instant, with 99.9% uptime.' },
  { icon: LayoutDashboard, title: 'A dashboard for everyone', text: 'Configure the bot in your browser, no commands to memorise.' },
] as const;

const TESTIMONIALS = [
  {
    quote:
      'Someone got hold of a moderator account and started banning people. Guildhall stopped it after the second ban and undid the damage.',
    author: 'Rohan',
    server: 'Esports community, 12,000 members',
    stars: 5,
  },
  {
    quote: 'The ticket panels replaced three other bots for us. Our support team finally has one place to work.',
    author: 'Lena',
    server: 'Game modding server',
    stars: 5,
  },
  {
    quote: 'Setup took five minutes and the dashboard is easy enough that all our admins use it.',
    author: 'Kavya',
    server: 'Study group, 3,000 members',
    stars: 4,
  },
] as const;

function Stars({ count }: { count: number }) {
  return (
    <div className="flex gap-0.5" role="img" aria-label={`Rated ${count} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} aria-hidden="true" className={`h-4 w-4 ${i < count ? 'fill-warn text-warn' : 'text-line'}`} />
      ))}
    </div>
  );
}

export default function Invite() {
  useDocumentMeta(
    'Invite Guildhall',
    'Add Guildhall to your Discord server: the permissions it asks for and why, what it does, and what server owners say about it.',
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <PageHeader title="Invite Guildhall" eyebrow="Add to Discord">
        Choose a server on Discord, confirm the permissions, and Guildhall joins right away.
      </PageHeader>
      <div className="mt-8 flex justify-center">
        {/* A full navigation: the server redirects to Discord's bot authorization with this app's client id. */}
        <a href={BOT_INVITE_PATH} className="btn-primary px-8 py-3 text-base">
          Add Guildhall to Discord
        </a>
      </div>

      <section aria-labelledby="permissions-heading" className="card mx-auto mt-12 max-w-3xl p-6 sm:p-8">
        <h2 id="permissions-heading" className="text-xl font-bold">
          Permissions
        </h2>
        <p className="mt-2 text-muted">
          The link asks for <strong className="text-fg">Administrator</strong>, which we recommend: AntiNuke can only undo an action it is
          allowed to perform. If you prefer, untick it on Discord and give the bot at least these permissions:
        </p>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {MINIMUM_PERMISSIONS.map((permission) => (
            <li key={permission} className="flex items-center gap-2">
              <Check aria-hidden="true" className="h-4 w-4 text-ok" />
              {permission}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="why-heading" className="mt-16">
        <h2 id="why-heading" className="text-center text-2xl font-bold">
          What you get
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BLURBS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card p-5">
              <Icon aria-hidden="true" className={`h-7 w-7 ${ACCENT_TEXT}`} />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="testimonials-heading" className="mt-16">
        <h2 id="testimonials-heading" className="text-center text-2xl font-bold">
          What server owners say
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.author} className="card flex flex-col p-6">
              <Stars count={t.stars} />
              <blockquote className="mt-4 flex-1 text-muted">“{t.quote}”</blockquote>
              <p className="mt-4 text-sm">
                <span className="font-semibold">{t.author}</span>
                <span className="text-muted"> · {t.server}</span>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <p className="mt-16 text-center text-muted">
        New here? Read the{' '}
        <Link to="/docs" className="text-fg underline decoration-brand underline-offset-2">
          documentation
        </Link>{' '}
        or the{' '}
        <Link to="/faq" className="text-fg underline decoration-brand underline-offset-2">
          FAQ
        </Link>
        .
      </p>
    </div>
  );
}
