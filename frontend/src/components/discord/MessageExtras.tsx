import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { emojiText } from './emoji-text';
import type { DiscordReactionData, DiscordSelectData } from './types';

/** A string select as Discord draws it: the placeholder in a bar; opened, its options with emoji and description. */
export function SelectMenu({ select }: { select: DiscordSelectData }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="max-w-[400px]" data-select-menu="">
      <button
        type="button"
        className="flex min-h-10 w-full items-center justify-between gap-2 rounded border border-[#1e1f22] bg-[#1e1f22] px-3 py-2 text-left text-sm text-[#949ba4]"
        aria-expanded={open}
        aria-controls={listId}
        disabled={select.disabled}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{select.placeholder || 'Make a selection'}</span>
        <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <ul id={listId} className="mt-1 overflow-hidden rounded border border-[#1e1f22] bg-[#2b2d31]">
          {select.options.map((option) => (
            <li key={option.value} data-select-option="" className="flex items-center gap-2 px-3 py-2 text-sm text-[#dbdee1]">
              {option.emoji?.name && <span aria-hidden="true">{emojiText(option.emoji)}</span>}
              <span className="min-w-0">
                <span className="block">{option.label}</span>
                {option.description && <span className="block text-xs text-[#949ba4]">{option.description}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The reactions under a message: emoji and count, the viewer's own outlined. */
export function Reactions({ reactions }: { reactions: DiscordReactionData[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label="Reactions">
      {reactions.map((reaction, i) => (
        <li
          key={i}
          data-reaction=""
          className={`inline-flex items-center gap-1.5 rounded-lg border px-1.5 py-0.5 text-sm ${reaction.me ? 'border-[#5865f2] bg-[#5865f2]/15' : 'border-transparent bg-[#2b2d31]'}`}
        >
          <span aria-hidden="true">{emojiText(reaction.emoji)}</span>
          <span className="sr-only">{reaction.emoji.name}</span>
          <span className="text-xs font-semibold text-[#dbdee1]">{reaction.count}</span>
        </li>
      ))}
    </ul>
  );
}
