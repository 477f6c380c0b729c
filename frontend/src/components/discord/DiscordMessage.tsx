import { ChevronDown, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { DiscordImage } from './DiscordImage';
import { DiscordEmbed } from './Embed';
import { DiscordMarkdown, hexColour } from './Markdown';
import { formatEmbedTimestamp } from './timestamp';
import type {
  DiscordAuthor,
  DiscordButtonData,
  DiscordComponentData,
  DiscordMessageData,
  DiscordReactionData,
  DiscordSelectData,
  MentionNames,
} from './types';

const BUTTON_STYLES: Record<number, string> = {
  1: 'bg-[#5865f2] text-white',
  2: 'bg-[#4e5058] text-white',
  3: 'bg-[#248046] text-white',
  4: 'bg-[#da373c] text-white',
  5: 'bg-[#4e5058] text-white',
  6: 'bg-[#5865f2] text-white',
};

const identity = (url: string) => url;

/** An emoji as a component or reaction carries it: Unicode as is, a custom one by its name (no image fetched). */
const emojiText = (emoji: { name?: string | null; id?: string | null } | undefined) =>
  emoji?.name ? (emoji.id ? `:${emoji.name}:` : emoji.name) : '';

/** A string select as Discord draws it: the placeholder in a bar; opened, its options with emoji and description. */
function SelectMenu({ select }: { select: DiscordSelectData }) {
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
function Reactions({ reactions }: { reactions: DiscordReactionData[] }) {
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

/** The message's components: action rows of buttons, or a string select. */
function Components({ rows }: { rows: DiscordComponentData[] }) {
  return (
    <div className="mt-1 flex flex-col gap-1">
      {rows
        .filter((row) => row.type === 1)
        .map((row, i) => (
          <div key={i} className="flex flex-wrap gap-2">
            {(row.components ?? [])
              .filter((c): c is DiscordSelectData => c.type === 3)
              .map((select, j) => (
                <SelectMenu key={`select-${j}`} select={select} />
              ))}
            {(row.components ?? [])
              .filter((c): c is DiscordButtonData => c.type === 2)
              .map((button, j) => {
                const label = (
                  <>
                    {button.emoji?.name && <span aria-hidden="true">{emojiText(button.emoji)}</span>}
                    {button.label}
                    {button.style === 5 && <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />}
                  </>
                );
                const cls = `inline-flex min-h-8 items-center gap-1.5 rounded px-4 py-1 text-sm font-medium ${BUTTON_STYLES[button.style] ?? BUTTON_STYLES[2]} ${button.disabled ? 'opacity-50' : ''}`;
                return button.style === 5 && button.url && /^https?:\/\//.test(button.url) ? (
                  <a key={j} href={button.url} target="_blank" rel="noreferrer noopener" className={cls}>
                    {label}
                  </a>
                ) : (
                  <span key={j} data-button="" className={cls}>
                    {label}
                  </span>
                );
              })}
          </div>
        ))}
    </div>
  );
}

export interface DiscordMessageProps {
  message: DiscordMessageData;
  author: DiscordAuthor;
  mentions?: MentionNames;
  /** Maps image URLs before loading (e.g. Discord's CDN to the sandbox's stand-in). */
  resolveImage?: (url: string) => string;
  className?: string;
}

/**
 * A message as Discord shows it: avatar, name with the BOT tag, time, content in Discord's markdown, up to 10 embeds
 * and components (buttons, a string select), and reactions. Every preview (welcome, Join DM, panels, the embed builder) and the sandbox viewer draw with it.
 */
export function DiscordMessage({ message, author, mentions = {}, resolveImage = identity, className = '' }: DiscordMessageProps) {
  const embeds = (message.embeds ?? []).slice(0, 10);
  const when = formatEmbedTimestamp(message.timestamp ?? new Date().toISOString());
  return (
    <div
      data-discord-message={message.id ?? ''}
      className={`flex gap-4 bg-[#313338] px-4 py-2 text-[15px] leading-[1.375] text-[#dbdee1] ${className}`}
      style={{ fontFamily: "'gg sans', 'Noto Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif" }}
    >
      {author.avatarUrl ? (
        <DiscordImage src={resolveImage(author.avatarUrl)} alt="" className="mt-0.5 h-10 w-10 shrink-0 rounded-full" />
      ) : (
        <span
          aria-hidden="true"
          className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-[#5865f2] font-semibold text-white"
        >
          {author.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-1.5">
          <span className="font-medium text-[#f2f3f5]" style={author.color ? { color: hexColour(author.color) } : undefined}>
            {author.name}
          </span>
          {author.bot && <span className="rounded-[3px] bg-[#5865f2] px-1 text-[10px] leading-4 font-semibold text-white">APP</span>}
          <span className="text-xs text-[#949ba4]">{when}</span>
        </p>
        {message.content && (
          <div data-content="" className="break-words whitespace-pre-wrap">
            <DiscordMarkdown text={message.content} mentions={mentions} />
          </div>
        )}
        {embeds.map((embed, i) => (
          <DiscordEmbed key={i} embed={embed} mentions={mentions} resolveImage={resolveImage} />
        ))}
        {message.components && message.components.length > 0 && <Components rows={message.components} />}
        {message.reactions && message.reactions.length > 0 && <Reactions reactions={message.reactions} />}
      </div>
    </div>
  );
}
