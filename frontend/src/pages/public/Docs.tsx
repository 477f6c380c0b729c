import { Crown, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CopyButton } from '../../components/public/CopyButton';
import { ExternalLink } from '../../components/public/ExternalLink';
import { BOT_LISTING_URL } from '../../components/public/site';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { DOC_SECTIONS, type DocSection, searchDocs } from './docs-content';

function SectionCommands({ section, headingLevel }: { section: DocSection; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={`doc-${section.id}`} className="scroll-mt-24">
      <Heading id={`doc-${section.id}`} className="text-2xl font-bold">
        {section.title}
      </Heading>
      <p className="mt-2 text-muted">{section.intro}</p>
      <ul className="mt-6 space-y-3">
        {section.commands.map((command) => (
          <li key={command.usage} className="card p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {command.title}
                  {command.ownerOnly && (
                    <span className="inline-flex items-center gap-1 rounded-full border border-warn/60 px-2 py-0.5 text-xs font-medium text-warn">
                      <Crown aria-hidden="true" className="h-3 w-3" />
                      Owner only
                    </span>
                  )}
                </p>
                <code className="mt-2 inline-block rounded bg-panel-2 px-2 py-1 font-mono text-sm break-all">{command.usage}</code>
              </div>
              <CopyButton text={command.usage} label={command.usage} />
            </div>
            <p className="mt-2 text-sm text-muted">{command.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Docs() {
  useDocumentMeta(
    'Documentation',
    'How to use Guildhall: setup, auto moderation, anti-nuke, tickets, music, giveaways, economy, moderation, suggestions, utilities and configuration.',
  );
  const [activeId, setActiveId] = useState(DOC_SECTIONS[0]!.id);
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchDocs(DOC_SECTIONS, query), [query]);
  const searching = query.trim() !== '';
  const active = DOC_SECTIONS.find((s) => s.id === activeId) ?? DOC_SECTIONS[0]!;
  const selectId = useId();
  const count = results.reduce((n, s) => n + s.commands.length, 0);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight">Documentation</h1>
        <p className="mt-3 text-lg text-muted">
          Every Guildhall command, what it does, and how to type it. Copy a command and paste it in Discord.
        </p>
      </header>

      <label className="relative mt-8 block max-w-xl">
        <span className="sr-only">Search commands</span>
        <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted" />
        <input
          type="search"
          className="field-input py-2.5 pl-9"
          placeholder="Search commands..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>

      <div className="mt-8 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        <div className={searching ? 'hidden lg:block' : undefined}>
          {/* Small screens: a dropdown; from 1024 px (the mobile breakpoint) a sidebar. */}
          <div className="mb-6 lg:hidden">
            <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
              Section
            </label>
            <select id={selectId} className="field-input" value={activeId} onChange={(e) => setActiveId(e.target.value)}>
              {DOC_SECTIONS.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          <nav aria-label="Documentation sections" className="sticky top-24 hidden lg:block">
            <ul className="space-y-1">
              {DOC_SECTIONS.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    aria-current={!searching && s.id === activeId ? 'true' : undefined}
                    onClick={() => {
                      setActiveId(s.id);
                      setQuery('');
                    }}
                    className={`w-full rounded-md px-3 py-2 text-left text-sm ${
                      !searching && s.id === activeId ? 'bg-brand text-white' : 'text-muted hover:bg-panel-2 hover:text-fg'
                    }`}
                  >
                    {s.title}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <div className="min-w-0">
          {searching ? (
            <>
              <h2 className="text-2xl font-bold">Search results</h2>
              <p role="status" className="mt-2 text-muted">
                {count === 0 ? `No commands match "${query.trim()}".` : `${count} ${count === 1 ? 'command' : 'commands'} found`}
              </p>
              <div className="mt-6 space-y-10">
                {results.map((section) => (
                  <SectionCommands key={section.id} section={section} headingLevel={3} />
                ))}
              </div>
            </>
          ) : (
            <SectionCommands section={active} headingLevel={2} />
          )}
        </div>
      </div>

      <footer className="card mt-16 flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted">Something missing or unclear? We are happy to help.</p>
        <ul className="flex flex-wrap gap-3">
          <li>
            <Link to="/contact" className="btn-secondary">
              Contact us
            </Link>
          </li>
          <li>
            <ExternalLink href={BOT_LISTING_URL} className="btn-secondary" icon>
              Bot listing
            </ExternalLink>
          </li>
          <li>
            <Link to="/invite" className="btn-primary">
              Invite Guildhall
            </Link>
          </li>
        </ul>
      </footer>
    </div>
  );
}
