import { displayAvatarUrl } from '@guildhall/common/cdn';
import type { PersonalizerSettings, PersonalizerStatus } from '@guildhall/generated/types';
import { type CSSProperties, type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_ICON } from '../../../components/FallbackImage';
import { Spinner } from '../../../components/Spinner';
import { tabKeyMove } from '../../../lib/tab-keys';
import { sandboxImage } from '../../../components/discord/sandbox-image';
import { guildImageUrl } from '../../../api/client';

// The message renderer, a chunk of its own fetched when the Message view is pointed at, focused or opened (the
// profile card, the view that shows every field, opens first: the page's form and card need not wait for it).
const loadMessage = () => import('../../../components/discord/DiscordMessage');
const DiscordMessage = lazy(() => loadMessage().then((m) => ({ default: m.DiscordMessage })));

type Theme = 'dark' | 'light';

/** Discord's own colours in each theme: the chat, the member list, the profile card and its text. */
const COLOURS: Record<Theme, { chat: string; list: string; card: string; cardInner: string; name: string; muted: string; text: string }> = {
  dark: {
    chat: 'bg-[#313338]',
    list: 'bg-[#2b2d31]',
    card: 'bg-[#232428]',
    cardInner: 'bg-[#111214]',
    name: 'text-[#f2f3f5]',
    muted: 'text-[#b5bac1]',
    text: 'text-[#dbdee1]',
  },
  light: {
    chat: 'bg-[#ffffff]',
    list: 'bg-[#f2f3f5]',
    card: 'bg-[#ffffff] border border-[#e3e5e8]',
    cardInner: 'bg-[#f2f3f5]',
    name: 'text-[#060607]',
    muted: 'text-[#4e5058]',
    text: 'text-[#313338]',
  },
};
/** The message renderer's colours (its CSS variables): its own dark ones, or Discord's light theme. */
const MESSAGE_COLOURS: Record<Theme, CSSProperties | undefined> = {
  dark: undefined,
  light: {
    '--discord-bg': '#ffffff',
    '--discord-text': '#313338',
    '--discord-name': '#060607',
    '--discord-muted': '#5c5e66',
  } as CSSProperties,
};

type View = 'profile' | 'message' | 'member';
const VIEWS: { id: View; label: string }[] = [
  { id: 'profile', label: 'Profile card' },
  { id: 'message', label: 'Message' },
  { id: 'member', label: 'Member list' },
];
const THEMES: { id: Theme; label: string }[] = [
  { id: 'dark', label: 'Dark' },
  { id: 'light', label: 'Light' },
];

/**
 * The bot's global avatar: Discord's CDN, or where it cannot be reached (the sandbox, offline) the sandbox's stand-in
 * for the same path.
 */
function useGlobalAvatar(bot: PersonalizerStatus['bot'] | undefined): string {
  const url = bot ? displayAvatarUrl({ id: bot.id, avatar: bot.avatar }, 128) : DEFAULT_ICON;
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!bot) return;
    const probe = new Image();
    probe.onerror = () => setFailed(url);
    probe.src = url;
    return () => {
      probe.onerror = null;
    };
  }, [bot, url]);
  return failed === url ? sandboxImage(url) : url;
}

/** A picture of the preview; one that fails to load shows the plain circle or band Discord shows without one. */
function PreviewImage({ src, className, ...rest }: { src: string; className: string; [data: `data-${string}`]: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return <span aria-hidden="true" className={`block bg-[#5865f2] ${className}`} {...rest} />;
  return <img src={src} alt="" className={className} onError={() => setFailed(src)} {...rest} />;
}

function BotTag() {
  return <span className="rounded-[3px] bg-[#5865f2] px-1 text-[10px] leading-4 font-semibold text-white">BOT</span>;
}

/**
 * The bot as this server will see it, from the form's draft: its profile card, a chat message and its row in the
 * member list (ARIA tabs), in Discord's dark or light theme. An empty field shows the bot's global profile (its name
 * and avatar from Discord; a bot's global banner and bio Discord does not give, so a plain band and a note).
 */
export function ProfilePreview({
  guildId,
  guildName,
  values,
  bot,
}: {
  guildId: string;
  guildName: string | undefined;
  values: Partial<PersonalizerSettings>;
  bot: PersonalizerStatus['bot'] | undefined;
}) {
  const [theme, setTheme] = useState<Theme>('dark');
  const [view, setView] = useState<View>('profile');
  const tabs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({});
  const ids = useId();
  const globalAvatar = useGlobalAvatar(bot);
  const colours = COLOURS[theme];
  const globalName = bot ? (bot.global_name ?? bot.username) : 'Your bot';
  const name = values.nick?.trim() || globalName;
  const avatar = values.avatar ? guildImageUrl(guildId, values.avatar) : globalAvatar;
  const banner = values.banner ? guildImageUrl(guildId, values.banner) : null;
  const bio = values.bio ?? '';
  const server = guildName ?? 'this server';

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const target = tabKeyMove(
      e,
      VIEWS.map((v) => v.id),
      view,
    );
    if (target === null) return;
    setView(target);
    tabs.current[target]?.focus();
  };
  const prefetch = (id: View) => {
    if (id === 'message') void loadMessage().catch(() => {});
  };

  return (
    <section aria-labelledby={`${ids}-heading`} className="card p-4 md:p-6" data-personalizer-preview={theme}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ids}-heading`} className="text-lg font-semibold">
          Live preview
        </h2>
        <fieldset className="flex rounded-lg border border-line bg-panel-2 p-0.5">
          <legend className="sr-only">Preview theme</legend>
          {THEMES.map((t) => (
            <label key={t.id} className="cursor-pointer">
              <input
                type="radio"
                name={`${ids}-theme`}
                value={t.id}
                checked={theme === t.id}
                onChange={() => setTheme(t.id)}
                className="peer sr-only"
              />
              <span className="block rounded-md px-3 py-1 text-sm font-semibold text-muted peer-checked:bg-brand peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand">
                {t.label}
              </span>
            </label>
          ))}
        </fieldset>
      </div>
      <p className="mt-1 text-sm text-muted">How members of {server} will see the bot. Empty fields show its global profile.</p>

      <div role="tablist" aria-label="Where the bot shows" className="mt-4 flex gap-1 rounded-lg border border-line bg-panel-2 p-0.5">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            ref={(el) => {
              tabs.current[v.id] = el;
            }}
            type="button"
            role="tab"
            id={`${ids}-tab-${v.id}`}
            aria-selected={view === v.id}
            aria-controls={`${ids}-panel`}
            tabIndex={view === v.id ? 0 : -1}
            onClick={() => setView(v.id)}
            onKeyDown={onTabKey}
            onPointerEnter={() => prefetch(v.id)}
            onFocus={() => prefetch(v.id)}
            className={`flex-1 rounded-md px-2 py-1 text-sm font-semibold whitespace-nowrap ${view === v.id ? 'bg-brand text-white' : 'text-muted hover:text-fg'}`}
          >
            {v.label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${view}`} className="mt-3" data-preview-part={view}>
        {view === 'message' ? (
          <div className="overflow-hidden rounded-lg" style={MESSAGE_COLOURS[theme]}>
            <Suspense fallback={<Spinner label="Loading preview..." />}>
              <DiscordMessage
                author={{ name, avatarUrl: avatar, bot: true }}
                message={{ content: `Hello! This is how my messages look in ${server}.` }}
              />
            </Suspense>
          </div>
        ) : view === 'member' ? (
          <div className={`rounded-lg p-2 ${colours.list}`}>
            <p className={`px-2 pb-1 text-xs font-semibold uppercase ${colours.muted}`}>Online — 1</p>
            <div className="flex items-center gap-3 rounded px-2 py-1.5">
              <PreviewImage src={avatar} className="h-8 w-8 shrink-0 rounded-full object-cover" data-preview-avatar="" />
              <span className={`truncate font-medium ${colours.name}`} data-preview-name="">
                {name}
              </span>
              <BotTag />
            </div>
          </div>
        ) : (
          <div className={`overflow-hidden rounded-lg ${colours.card}`}>
            {banner ? (
              <PreviewImage src={banner} className="h-24 w-full object-cover" data-preview-banner="" />
            ) : (
              <div className="h-24 w-full bg-[#5865f2]" aria-hidden="true" />
            )}
            <div className="px-4 pb-4">
              <PreviewImage
                src={avatar}
                className={`-mt-10 h-20 w-20 rounded-full border-[6px] object-cover ${theme === 'dark' ? 'border-[#232428]' : 'border-[#ffffff]'}`}
                data-preview-avatar=""
              />
              <div className={`mt-2 rounded-lg p-3 ${colours.cardInner}`}>
                <p className="flex flex-wrap items-center gap-1.5">
                  <span className={`text-xl font-semibold ${colours.name}`} data-preview-name="">
                    {name}
                  </span>
                  <BotTag />
                </p>
                {bot && <p className={`text-sm ${colours.muted}`}>{bot.username}</p>}
                <p className={`mt-3 text-xs font-semibold uppercase ${colours.muted}`}>About me</p>
                <p className={`mt-1 text-sm break-words whitespace-pre-wrap ${bio ? colours.text : colours.muted}`} data-preview-bio="">
                  {bio || 'Its global bio, if it has one.'}
                </p>
              </div>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
