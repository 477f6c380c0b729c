import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { sectionPages } from '@guildhall/generated/section-pages';
import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { MANAGE_MENU } from '../../../layouts/manage-menu';
import { COLLECTION_PAGES } from '../../../manage-paths';
import { type OpenablePage, pageOfSubject } from '../../guild-pages';

/** A manage page's name, by its path below /manage/:guildId/: its section's title, its collection's, its menu entry's. */
export function titleOfPath(path: string): string {
  const section = Object.values(sectionPages).find((s) => s.path === path);
  if (section) return section.title;
  const collection = Object.entries(COLLECTION_PAGES).find(([, page]) => page === path)?.[0];
  if (collection) return pageOfSubject(collection)!.title;
  return MANAGE_MENU.flatMap((g) => g.items).find((i) => i.path === path)?.name ?? 'this page';
}

/**
 * The 403 page of a page someone the guild's access levels or grants admit may not open: the server's words
 * ('You do not have access to Moderation in this server.'), and the way to the first page they may open.
 */
export function NoAccess({ guildId, path, pages }: { guildId: string; path: string; pages: readonly OpenablePage[] }) {
  const first = pages[0];
  return (
    <div role="alert" className="card mx-auto mt-8 max-w-xl p-6" data-no-access="">
      <h1 className="flex items-center gap-2 text-lg font-semibold">
        <Lock aria-hidden="true" className="h-5 w-5 text-warn" /> Access denied
      </h1>
      <p className="mt-2 text-muted">{fillRefusal(refusals.accessNone, { section: titleOfPath(path) })}</p>
      {first ? (
        <Link to={`/manage/${guildId}/${first.path}`} className="btn-primary mt-4">
          Open {first.title}
        </Link>
      ) : (
        <Link to="/selector" className="btn-primary mt-4">
          Back to your servers
        </Link>
      )}
    </div>
  );
}
