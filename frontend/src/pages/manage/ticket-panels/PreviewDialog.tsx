import { useRef } from 'react';
import { Dialog } from '../../../components/Dialog';
import { draftOf, type PanelEntry } from './panel-model';
import { PanelPreview } from './PanelPreview';

/** The list's Preview: the panel as Discord shows it, with its title, button label, colour and status. */
export function PreviewDialog({ entry, onClose }: { entry: PanelEntry; onClose(): void }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const panel = draftOf(entry.item);
  const facts: [string, string][] = [
    ['Title', panel.title],
    ['Button label', `${panel.button_emoji ? `${panel.button_emoji} ` : ''}${panel.button_label}`],
    ['Colour', panel.color],
    ['Status', panel.deployed ? 'Deployed' : 'Draft'],
  ];
  return (
    <Dialog titleId="panel-preview-title" title="Panel Preview" onClose={onClose} initialFocus={closeButton}>
      <div className="space-y-4">
        <PanelPreview panel={panel} panelId={entry.id} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted">{term}</dt>
              <dd className="flex min-w-0 items-center gap-2 break-words">
                {term === 'Colour' && <span aria-hidden="true" className="h-3 w-3 rounded-full" style={{ backgroundColor: value }} />}
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex justify-end">
          <button ref={closeButton} type="button" className="btn-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}
