import type { LucideIcon } from 'lucide-react';
import { AlertTriangle, Archive, FolderTree, Gauge, LayoutTemplate, Send, Settings } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSettings } from '../../api/queries';
import { Spinner } from '../../components/Spinner';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { SendPanelDialog } from './tickets/SendPanelDialog';

interface TicketCard {
  /** The spec's card id: the page is /manage/{guildId}/tickets/{id}. */
  id: 'general' | 'category' | 'panel' | 'transcript' | 'limits';
  name: string;
  description: string;
  icon: LucideIcon;
}

/** The Ticket System landing's cards in their three groups. */
const GROUPS: { title: string; cards: TicketCard[] }[] = [
  {
    title: 'General Configuration',
    cards: [
      { id: 'general', name: 'General Settings', description: 'Support team, extra roles, two-step close and auto pin.', icon: Settings },
    ],
  },
  {
    title: 'Organization',
    cards: [
      { id: 'category', name: 'Categories', description: 'Where open and closed tickets live.', icon: FolderTree },
      { id: 'panel', name: 'Panels', description: 'The messages members open tickets from.', icon: LayoutTemplate },
    ],
  },
  {
    title: 'Advanced',
    cards: [
      { id: 'transcript', name: 'Transcripts', description: 'Saved conversations of closed tickets.', icon: Archive },
      { id: 'limits', name: 'Limiter', description: 'How many tickets members may open, and how often.', icon: Gauge },
    ],
  },
];

/** An id for a group's heading (an IDREF list splits at spaces, so none may be in it). */
const headingId = (title: string) => `tickets-${title.toLowerCase().replace(/\s+/g, '-')}`;

/**
 * /manage/{guildId}/tickets: the Ticket System landing. It loads the guild's ticket settings first (spec: a loading
 * state, then 'Error Loading Data' with Retry), so a guild whose settings cannot be read says so here.
 */
export default function Tickets() {
  useDocumentMeta('Ticket System', 'Support tickets: settings, categories, panels, transcripts and limits.');
  const { guildId = '' } = useParams();
  const settings = useSettings(guildId, 'ticket-general');
  const [sendingPanel, setSendingPanel] = useState(false);
  const closeSendPanel = useCallback(() => setSendingPanel(false), []);

  if (settings.isPending) return <Spinner label="Loading ticket settings..." />;
  if (settings.isError) {
    return (
      <div role="alert" className="card mx-auto max-w-lg p-8 text-center">
        <AlertTriangle aria-hidden="true" className="mx-auto h-10 w-10 text-danger" />
        <h1 className="mt-4 text-xl font-semibold">Error Loading Data</h1>
        <p className="mt-2 text-sm text-muted">Failed to load ticket settings. Please try refreshing the page.</p>
        <button type="button" className="btn-primary mt-6" onClick={() => void settings.refetch()}>
          Retry
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Ticket System</h1>
          <p className="mt-2 text-muted">Set up how members open support tickets and how your team handles them.</p>
        </div>
        <button type="button" className="btn-primary" aria-haspopup="dialog" onClick={() => setSendingPanel(true)}>
          <Send aria-hidden="true" className="h-4 w-4" />
          Send Panel
        </button>
      </header>
      {sendingPanel && <SendPanelDialog guildId={guildId} onClose={closeSendPanel} />}
      {GROUPS.map((group) => (
        <section key={group.title} aria-labelledby={headingId(group.title)}>
          <h2 id={headingId(group.title)} className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">
            {group.title}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {group.cards.map(({ id, name, description, icon: Icon }) => (
              <li key={id}>
                <Link to={`/manage/${guildId}/tickets/${id}`} className="card flex h-full gap-4 p-5 transition hover:border-brand">
                  <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-brand" />
                  <span>
                    <span className="block font-semibold">{name}</span>
                    <span className="mt-1 block text-sm text-muted">{description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className="text-sm text-muted">
        New to tickets? Read the{' '}
        <Link to="/docs" className="text-fg underline decoration-brand underline-offset-2">
          documentation
        </Link>{' '}
        or{' '}
        <Link to="/contact" className="text-fg underline decoration-brand underline-offset-2">
          contact support
        </Link>
        .
      </p>
    </div>
  );
}
