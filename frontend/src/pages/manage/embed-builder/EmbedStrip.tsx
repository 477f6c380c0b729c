import { Plus, X } from 'lucide-react';
import { type Dispatch, useRef } from 'react';
import { type BuilderAction, LIMITS } from './model';

/**
 * The message's embeds as buttons (the one being edited pressed), each with Remove while there are several, and Add
 * Embed up to the schema's limit: the Embed Builder's and a scheduled message's.
 */
export function EmbedStrip({ count, active, dispatch }: { count: number; active: number; dispatch: Dispatch<BuilderAction> }) {
  // The removed embed's button goes away with it: keyboard focus moves to the embed now selected.
  const strip = useRef<HTMLDivElement>(null);
  const removeEmbed = (index: number) => {
    dispatch({ type: 'remove-embed', index });
    requestAnimationFrame(() => strip.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus());
  };
  return (
    <div ref={strip} className="flex flex-wrap items-center gap-2" role="group" aria-label="Embeds of the message">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="inline-flex items-center">
          <button
            type="button"
            aria-pressed={i === active}
            onClick={() => dispatch({ type: 'select', index: i })}
            className={`rounded-l-md border px-3 py-1.5 text-sm ${count > 1 ? '' : 'rounded-r-md'} ${
              i === active ? 'border-brand bg-brand text-white' : 'border-line bg-panel-2 text-fg hover:border-brand'
            }`}
          >
            Embed {i + 1}
          </button>
          {count > 1 && (
            <button
              type="button"
              aria-label={`Remove Embed ${i + 1}`}
              onClick={() => removeEmbed(i)}
              className="rounded-r-md border border-l-0 border-line bg-panel-2 px-2 py-1.5 text-muted hover:text-danger"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          )}
        </span>
      ))}
      <button
        type="button"
        className="btn-secondary inline-flex items-center gap-1"
        disabled={count >= LIMITS.embeds}
        onClick={() => dispatch({ type: 'add-embed' })}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add Embed
      </button>
    </div>
  );
}
