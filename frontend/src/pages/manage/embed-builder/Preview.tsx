import { messageCharacters, toApiEmbed } from '@guildhall/common/embed-message';
import { EMBED_TOTAL_LIMIT } from '@guildhall/generated/limits';
import type { DiscordEmbed } from '@guildhall/generated/types';
import { memo, useMemo } from 'react';
import { DiscordEmbed as EmbedView, DiscordMessage } from '../../../components/discord';
import { LIMITS } from './model';

const BOT = { name: 'Guildhall', bot: true };
const NO_MENTIONS = {};
const identity = (url: string) => url;

interface PreviewProps {
  content: string;
  embeds: DiscordEmbed[];
  active: number;
  editing: boolean;
  onSelect(index: number): void;
}

/**
 * The live preview: the text, each embed as Discord draws it, 'Edit' on the others, the counters. Each embed is
 * its own memoised part keyed by the embed object, so typing redraws only the embed being edited.
 */
export const Preview = memo(function Preview({ content, embeds, active, editing, onSelect }: PreviewProps) {
  const total = useMemo(() => messageCharacters(embeds), [embeds]);
  const over = total > EMBED_TOTAL_LIMIT;
  return (
    <section aria-labelledby="eb-preview-heading" className="card overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 id="eb-preview-heading" className="font-semibold">
          Live Preview {editing && <span className="text-sm font-normal text-warn">(Edit Mode)</span>}
        </h2>
        <p className="text-xs text-muted">
          Total embeds: {embeds.length}/{LIMITS.embeds}
        </p>
      </div>
      <div className="bg-[#313338] pb-3">
        <DiscordMessage message={{ content, embeds: [] }} author={BOT} />
        <div className="space-y-2 pr-4 pl-[72px]">
          {embeds.map((embed, i) => (
            <EmbedPreview key={i} embed={embed} index={i} active={i === active} onSelect={onSelect} />
          ))}
        </div>
      </div>
      <p data-total-characters="" className={`border-t border-line px-4 py-2 text-xs tabular-nums ${over ? 'text-danger' : 'text-muted'}`}>
        Total characters: {total}/{EMBED_TOTAL_LIMIT}
        {over && <span> (over Discord's limit: shorten the embeds before sending)</span>}
      </p>
    </section>
  );
});

const EmbedPreview = memo(function EmbedPreview({
  embed,
  index,
  active,
  onSelect,
}: {
  embed: DiscordEmbed;
  index: number;
  active: boolean;
  onSelect(index: number): void;
}) {
  const data = useMemo(() => {
    const api = toApiEmbed(embed);
    // The thumbnail shows only for the embed being edited.
    if (!active) delete api.thumbnail;
    return api;
  }, [embed, active]);
  return (
    <div data-preview-embed={index} className={`relative rounded ${active ? 'ring-2 ring-brand/60' : ''}`}>
      {!active && (
        <button
          type="button"
          onClick={() => onSelect(index)}
          className="absolute top-1 right-1 z-10 rounded bg-black/60 px-2 py-0.5 text-xs text-white underline"
          aria-label={`Edit Embed ${index + 1}`}
        >
          Edit
        </button>
      )}
      {Object.keys(data).length > 0 ? (
        <EmbedView embed={data} mentions={NO_MENTIONS} resolveImage={identity} />
      ) : (
        <p className="rounded border border-dashed border-line p-3 text-xs text-[#949ba4]">Embed {index + 1} is empty.</p>
      )}
    </div>
  );
});
