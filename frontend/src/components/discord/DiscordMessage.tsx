import { ExternalLink } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { DiscordImage } from './DiscordImage';
import { DiscordEmbed } from './Embed';
import { DiscordMarkdown, hexColour } from './Markdown';
import { formatEmbedTimestamp } from './timestamp';
import { emojiText } from './emoji-text';
import type { DiscordAuthor, DiscordButtonData, DiscordComponentData, DiscordMessageData, DiscordSelectData, MentionNames } from './types';

const BUTTON_STYLES: Record<number, string> = {
  1: 'bg-[#5865f2] text-white',
  2: 'bg-[#4e5058] text-white',
  3: 'bg-[#248046] text-white',
  4: 'bg-[#da373c] text-white',
  5: 'bg-[#4e5058] text-white',
  6: 'bg-[#5865f2] text-white',
};

const identity = (url: string) => url;

// A string select and reactions: only role menus have them, so they are a chunk of their own that the greeting's and
// Join DM's previews never fetch (their route byte budgets: tests/route-budgets.test.ts).
const SelectMenu = lazy(() => import('./MessageExtras').then((m) => ({ default: m.SelectMenu })));
const Reactions = lazy(() => import('./MessageExtras').then((m) => ({ default: m.Reactions })));

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
                <Suspense key={`select-${j}`} fallback={null}>
                  <SelectMenu select={select} />
                </Suspense>
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
 * In Discord's dark theme, unless the page around it sets --discord-bg, --discord-text, --discord-name and
 * --discord-muted (the Bot Personalizer's light preview).
 */
export function DiscordMessage({ message, author, mentions = {}, resolveImage = identity, className = '' }: DiscordMessageProps) {
  const embeds = (message.embeds ?? []).slice(0, 10);
  const when = formatEmbedTimestamp(message.timestamp ?? new Date().toISOString());
  return (
    <div
      data-discord-message={message.id ?? ''}
      className={`flex gap-4 bg-[var(--discord-bg,#313338)] px-4 py-2 text-[15px] leading-[1.375] text-[var(--discord-text,#dbdee1)] ${className}`}
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
          <span
            className="font-medium text-[var(--discord-name,#f2f3f5)]"
            style={author.color ? { color: hexColour(author.color) } : undefined}
          >
            {author.name}
          </span>
          {author.bot && <span className="rounded-[3px] bg-[#5865f2] px-1 text-[10px] leading-4 font-semibold text-white">APP</span>}
          <span className="text-xs text-[var(--discord-muted,#949ba4)]">{when}</span>
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
        {message.reactions && message.reactions.length > 0 && (
          <Suspense fallback={null}>
            <Reactions reactions={message.reactions} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
