import type { SectionPreview } from '../../../api/transfer';
import { ChangeList } from '../history/HistoryEntry';
import type { GuildNames } from '../history/values';

/** What an import or a clone would change, section by section, field by field. */
export function PreviewList({ preview, names, headingLevel = 3 }: { preview: SectionPreview[]; names: GuildNames; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  if (preview.every((s) => s.changes.length === 0))
    return <p className="text-sm text-muted">Nothing would change: the settings are the same.</p>;
  return (
    <div className="space-y-4">
      {preview
        .filter((s) => s.changes.length > 0)
        .map((s) => (
          <section key={s.section} aria-label={s.title}>
            <Heading className="mb-2 font-semibold">
              {s.title}{' '}
              <span className="text-sm font-normal text-muted">
                ({s.changes.length} {s.changes.length === 1 ? 'change' : 'changes'})
              </span>
            </Heading>
            <ChangeList changes={s.changes} names={names} />
          </section>
        ))}
    </div>
  );
}
