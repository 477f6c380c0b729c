import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink } from '../../components/public/ExternalLink';
import { PageHeader } from '../../components/public/PageHeader';
import { policyPriceText } from '../../components/public/plans';
import { SUPPORT_SERVER_URL } from '../../components/public/site';
import { useDocumentMeta } from '../../lib/use-document-meta';

const Cmd = ({ children }: { children: string }) => (
  <code className="rounded bg-panel-2 px-1.5 py-0.5 font-mono text-sm text-fg">{children}</code>
);

const TOPICS: { id: string; title: string; questions: { q: string; a: ReactNode }[] }[] = [
  {
    id: 'general',
    title: 'General',
    questions: [
      {
        q: 'What is Guildhall?',
        a: 'A multipurpose Discord bot: AntiNuke protection, moderation and auto moderation, tickets, welcome messages, levels, music, giveaways and more, all configurable from a web dashboard.',
      },
      {
        q: 'Is Guildhall free?',
        a: (
          <>
            Yes. The core features are free. Premium plans raise limits and unlock extras; see <Link to="/premium">Premium</Link> and the{' '}
            <Link to="/pricing">pricing policy</Link>.
          </>
        ),
      },
      {
        q: 'Who can use the dashboard?',
        a: 'The server owner, and members with the Administrator or Manage Server permission in that server.',
      },
    ],
  },
  {
    id: 'setup',
    title: 'Setup',
    questions: [
      {
        q: 'How do I add Guildhall to my server?',
        a: (
          <>
            Open the <Link to="/invite">invite page</Link>, choose your server and authorize the bot. Administrator is recommended so that
            protection can act on anything.
          </>
        ),
      },
      {
        q: 'What should I run first?',
        a: (
          <>
            Run <Cmd>/setup</Cmd>: it asks a few questions and configures logs, moderation roles and protection. Check the result any time
            with <Cmd>/config</Cmd>.
          </>
        ),
      },
      {
        q: 'How do I trust my co-admins so AntiNuke does not punish them?',
        a: (
          <>
            Add them with <Cmd>/whitelist add</Cmd> followed by the member. Only the owner and extra owners can change the whitelist.
          </>
        ),
      },
    ],
  },
  {
    id: 'features',
    title: 'Features',
    questions: [
      {
        q: 'What does AntiNuke protect against?',
        a: 'Mass bans and kicks, channel, role, webhook and emoji deletions or creations, dangerous permission changes and bot additions by untrusted members. It can also restore what was deleted.',
      },
      {
        q: 'Can members open support tickets?',
        a: 'Yes. Post a ticket panel and members click its button to open a private channel with your support team. Transcripts are saved when a ticket closes.',
      },
      {
        q: 'Where is the full list of commands?',
        a: (
          <>
            In the <Link to="/docs">documentation</Link>, with a search box and a copy button for each command.
          </>
        ),
      },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    questions: [
      {
        q: 'The bot does not answer my commands.',
        a: 'Check that it can read and send messages in that channel, that slash commands are allowed there, and that its role is not missing permissions. /ping tells you if it is online.',
      },
      {
        q: 'AntiNuke did not stop an action.',
        a: "The bot's highest role must be above the roles of the people it should punish, and the member must not be whitelisted or an extra owner.",
      },
      {
        q: 'My server is not in the dashboard list.',
        a: 'Sign in with the Discord account that owns or administers the server. You need Administrator or Manage Server there. If the bot is not in the server yet, the list offers to invite it.',
      },
    ],
  },
  {
    id: 'premium',
    title: 'Premium',
    questions: [
      {
        q: 'What does premium add?',
        a: 'Higher or unlimited limits for scrims, tournaments, welcome setups, tickets and more, plus custom punishment levels, unlimited logging, full music controls and premium dashboard access.',
      },
      {
        q: 'Can I try premium for free?',
        a: (
          <>
            Yes: your first month can be claimed free through our <ExternalLink href={SUPPORT_SERVER_URL}>support server</ExternalLink>.
            Open a ticket there and ask for the free month.
          </>
        ),
      },
      {
        q: 'How much does it cost?',
        a: (
          <>
            Prices are in Indian rupees, GST included for Indian customers. On the <Link to="/pricing">pricing policy</Link> Basic is{' '}
            {policyPriceText('starter').toLowerCase()}, Standard {policyPriceText('intermediate')} and Unlimited{' '}
            {policyPriceText('unlimited')}; the <Link to="/premium">plan pages</Link> list the price of each duration.
          </>
        ),
      },
    ],
  },
  {
    id: 'support',
    title: 'Support',
    questions: [
      {
        q: 'How do I get help?',
        a: (
          <>
            Join the <ExternalLink href={SUPPORT_SERVER_URL}>support server</ExternalLink> (answers within 1 to 6 hours) or write to us from
            the <Link to="/contact">contact page</Link> (answers within 24 to 48 hours).
          </>
        ),
      },
      {
        q: 'How do I ask for a refund?',
        a: (
          <>
            Contact us with your payment details. The <Link to="/refund">refund policy</Link> lists every window and how long each step
            takes.
          </>
        ),
      },
    ],
  },
];

export default function Faq() {
  useDocumentMeta(
    'FAQ',
    'Answers to common questions about Guildhall: setup, features, troubleshooting, premium plans, the free first month and support.',
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <PageHeader title="Frequently asked questions" eyebrow="FAQ">
        Quick answers about setting up and using Guildhall.
      </PageHeader>
      <nav aria-label="FAQ topics" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-2">
          {TOPICS.map((topic) => (
            <li key={topic.id}>
              <a href={`#${topic.id}`} className="btn-secondary rounded-full">
                {topic.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-12 space-y-12">
        {TOPICS.map((topic) => (
          <section key={topic.id} id={topic.id} aria-labelledby={`${topic.id}-heading`} className="scroll-mt-24">
            <h2 id={`${topic.id}-heading`} className="text-2xl font-bold">
              {topic.title}
            </h2>
            <div className="mt-4 space-y-3">
              {topic.questions.map(({ q, a }) => (
                <details key={q} className="card group p-0">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 p-4 font-medium [&::-webkit-details-marker]:hidden">
                    {q}
                    <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0 text-muted transition-transform group-open:rotate-180" />
                  </summary>
                  <div className="px-4 pb-4 text-muted [&_a]:text-fg [&_a]:underline [&_a]:decoration-brand [&_a]:underline-offset-2">
                    {a}
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
      <p className="mt-12 text-center text-muted">
        Still stuck?{' '}
        <Link to="/contact" className="text-fg underline decoration-brand underline-offset-2">
          Contact us
        </Link>
        .
      </p>
    </div>
  );
}
