import { AuthLink } from '../../components/public/AuthLink';
import { ExternalLink } from '../../components/public/ExternalLink';
import { PageHeader } from '../../components/public/PageHeader';
import { useDocumentMeta } from '../../lib/use-document-meta';

interface Developer {
  name: string;
  alias: string;
  role: string;
  initials: string;
  skills: string[];
  bio: string;
  contributions: string[];
  links: { label: string; href: string }[];
}

const DEVELOPERS: Developer[] = [
  {
    name: 'Aarav Mehta',
    alias: 'aarav',
    role: 'Founder and lead developer',
    initials: 'AM',
    skills: ['TypeScript', 'Node.js', 'Discord API', 'PostgreSQL', 'System design'],
    bio: 'Aarav started Guildhall to protect the esports communities he moderated after one of them was wiped by a compromised admin account. He still answers support tickets every week.',
    contributions: [
      'AntiNuke engine and automatic recovery',
      'Scrims and tournament registration',
      'Bot infrastructure and the 99.9% uptime record',
    ],
    links: [
      { label: 'GitHub', href: 'https://github.com/guildhall-bot' },
      { label: 'X (Twitter)', href: 'https://x.com/guildhallbot' },
    ],
  },
  {
    name: 'Meera Iyer',
    alias: 'meera',
    role: 'Dashboard and design engineer',
    initials: 'MI',
    skills: ['React', 'Accessibility', 'UI design', 'NestJS', 'JSON Schema'],
    bio: 'Meera builds the web dashboard so that any member of your staff can configure the bot without memorising a command. She cares about keyboard users and fast pages on slow phones.',
    contributions: ['The web dashboard and its settings forms', 'Ticket panels and transcripts', 'Welcome messages and the embed builder'],
    links: [
      { label: 'GitHub', href: 'https://github.com/guildhall-bot' },
      { label: 'Website', href: 'https://guildhall.dev' },
    ],
  },
];

export default function Developers() {
  useDocumentMeta('Developer team', 'Meet the people who build Guildhall: who they are, what they work on, and where to find them.');
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <PageHeader title="Meet the developers" eyebrow="Developer team">
        Two people build and run Guildhall, with help from the communities that use it.
      </PageHeader>
      <ul className="mt-12 grid gap-6 lg:grid-cols-2">
        {DEVELOPERS.map((dev) => (
          <li key={dev.alias} className="card flex flex-col p-6 sm:p-8">
            <div className="flex items-center gap-4">
              <span
                aria-hidden="true"
                className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand to-sky-500 text-xl font-bold text-white"
              >
                {dev.initials}
              </span>
              <div>
                <h2 className="text-xl font-bold">{dev.name}</h2>
                <p className="text-sm text-muted">@{dev.alias}</p>
                <p className="mt-1 text-sm font-medium">{dev.role}</p>
              </div>
            </div>
            <p className="mt-5 text-muted">{dev.bio}</p>
            <h3 className="mt-6 text-sm font-semibold">Skills</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {dev.skills.map((skill) => (
                <li key={skill} className="rounded-full border border-line bg-panel-2 px-3 py-1 text-xs">
                  {skill}
                </li>
              ))}
            </ul>
            <h3 className="mt-6 text-sm font-semibold">Contributions</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
              {dev.contributions.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <ul className="mt-6 flex flex-wrap gap-2 border-t border-line pt-5" aria-label={`${dev.name} online`}>
              {dev.links.map((link) => (
                <li key={link.label}>
                  <ExternalLink href={link.href} className="btn-secondary" icon>
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <div className="mt-12 text-center">
        <AuthLink to="/selector" className="btn-primary px-6 py-3 text-base">
          Get Started
        </AuthLink>
      </div>
    </div>
  );
}
