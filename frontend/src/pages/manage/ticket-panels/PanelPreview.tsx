import { memo, useMemo } from 'react';
import { DiscordMessage } from '../../../components/discord';
import { openPreview, panelPreview, PREVIEW_AUTHOR, type PanelDraft } from './panel-model';

/**
 * The panel message (or, `mode="open"`, the message a new ticket opens with) drawn as Discord shows it, from the same
 * builders Deploy posts with. Memoised: a keystroke elsewhere in a form does not redraw it.
 */
export const PanelPreview = memo(function PanelPreview({
  panel,
  mode = 'panel',
  panelId,
  narrow = false,
}: {
  panel: PanelDraft;
  mode?: 'panel' | 'open';
  panelId?: string;
  narrow?: boolean;
}) {
  const message = useMemo(() => (mode === 'open' ? openPreview(panel) : panelPreview(panel, panelId)), [panel, mode, panelId]);
  return (
    <div className={`overflow-hidden rounded-lg ${narrow ? 'max-w-[300px]' : ''}`} data-panel-preview={mode}>
      <DiscordMessage author={PREVIEW_AUTHOR} message={message} />
    </div>
  );
});
