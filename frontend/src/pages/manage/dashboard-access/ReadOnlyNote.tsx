import { Eye } from 'lucide-react';
import { ReadOnlyReason } from '../../../components/ReadOnlyReason';
import type { PageGrant } from './grant';

/** A read-only grantee's note at the top of a page whose actions it hides: the server's words for their access. */
export function ReadOnlyNote({ grant }: { grant: PageGrant }) {
  if (!grant.readOnly) return null;
  return (
    <p role="note" className="flex items-center gap-2 rounded-lg border border-line bg-panel-2 p-3 text-sm text-muted" data-read-only="">
      <Eye aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span>
        <ReadOnlyReason title={grant.title} />
      </span>
    </p>
  );
}
