import type { TransferSectionPreview } from '@guildhall/generated/types';
import { ChangeList } from '../history/HistoryEntry';
import type { GuildNames } from '../history/values';

/** What an import or a clone would change, section by section, field by field. */
export function PreviewList({
  preview,
  names,
  headingLevel = 3,
}: {
  preview: TransferSectionPreview[];
  names: GuildNames;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const skipped = preview.filter((s) => s.skipped);
  const changed = preview.filter((s) => !s.skipped && s.changes.length > 0);
  return (
    <div className="space-y-4">
      {skipped.length > 0 && (
        <div role="note" className="rounded-md border border-warn/40 bg-warn/10 p-3 text-sm">
          <p className="font-semibold">
            Not imported: your access does not allow changing {skipped.length === 1 ? 'this section' : 'these sections'}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {skipped.map((s) => (
              <li key={s.section}>
                <span className="font-medium">{s.title}</span>: {s.skipped}
              </li>
            ))}
          </ul>
        </div>
      )}
      {changed.length === 0 ? (
        <p className="text-sm text-muted">
          Nothing would change{skipped.length > 0 ? ' in the other sections' : ''}: the settings are the same.
        </p>
      ) : (
        changed.map((s) => (
          <section key={s.section} aria-label={s.title}>
            <Heading className="mb-2 font-semibold">
              {s.title}{' '}
              <span className="text-sm font-normal text-muted">
                ({s.changes.length} {s.changes.length === 1 ? 'change' : 'changes'})
              </span>
            </Heading>
            <ChangeList changes={s.changes} names={names} />
          </section>
        ))
      )}
    </div>
  );
}
