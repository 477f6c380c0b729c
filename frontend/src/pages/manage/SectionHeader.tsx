import { sectionPages } from '@guildhall/generated/section-pages';
import type { SectionName, User } from '@guildhall/generated/types';
import { ArrowLeft, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { accessLabelOf, levelledSections } from '../guild-pages';
import { useDocumentMeta } from '../../lib/use-document-meta';

// A section page's heading, a module of its own: pages without the form engine (the embed builder, the ticket
// panels, the ticket categories) show it without loading RJSF.

/**
 * The page's Back, from the x-ui `back` hint on its schema's root: 'previous' goes back in the history (ticket
 * limits), a path goes to that page of the guild (ticket general settings go back to the Ticket System landing).
 */
function BackButton({ to }: { to: string }) {
  const { guildId = '' } = useParams();
  const navigate = useNavigate();
  const content = (
    <>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back
    </>
  );
  if (to === 'previous') {
    return (
      <button type="button" className="btn-secondary mb-3" onClick={() => navigate(-1)}>
        {content}
      </button>
    );
  }
  return (
    <Link to={`/manage/${guildId}/${to}`} className="btn-secondary mb-3">
      {content}
    </Link>
  );
}

/**
 * The page's way to its history: the Change History timeline filtered to this section (or collection). Rendered by
 * SectionHeader, so every section page has it, the generic one and the custom ones alike.
 */
export function SectionHistoryLink({ section, collection }: { section?: SectionName; collection?: string }) {
  const { guildId = '' } = useParams();
  // Someone let in by a section's access levels alone (no Manage Server) cannot open the guild's history; a Dashboard
  // Access grantee can (the server shows them what they may read). The user is read from the cache (RequireAuth loaded
  // it before any manage page), so the header needs no AuthProvider.
  const user = useQueryClient().getQueryData<User | null>(queryKeys.user);
  const summary = user?.guilds.find((g) => g.id === guildId);
  if (levelledSections(summary) && !accessLabelOf(summary)) return null;
  const query = section ? `section=${encodeURIComponent(section)}` : `collection=${encodeURIComponent(collection ?? '')}`;
  return (
    <Link to={`/manage/${guildId}/history?${query}`} className="btn-secondary">
      <History aria-hidden="true" className="h-4 w-4" /> History
    </Link>
  );
}

/**
 * A section page's heading: the title and description of its row in schemas/sections.json, also the document's, and
 * its Back. All from section-pages, so the heading shows at once while the section's form module loads.
 */
export function SectionHeader({ section, children }: { section: SectionName; children?: ReactNode }) {
  const { title, description, back } = sectionPages[section];
  useDocumentMeta(title, description);
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        {back && <BackButton to={back} />}
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-muted">{description}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <SectionHistoryLink section={section} />
        {children}
      </div>
    </div>
  );
}
