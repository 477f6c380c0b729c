import { displayAvatarUrl } from '@guildhall/common/cdn';
import type { PersonalizerSettings, PersonalizerStatus } from '@guildhall/generated/types';
import { useEffect, useId, useState } from 'react';
import { DiscordImage } from '../../../components/discord/DiscordImage';
import { LazyDiscordMessage } from '../../../components/discord/LazyDiscordMessage';
import { sandboxImage } from '../../../components/discord/sandbox-image';
import { guildImageUrl } from '../../../form/widgets/image-upload/image-url';
import { BOT_AUTHOR } from '../shared/preview-context';

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
const THEMES: { id: Theme; label: string }[] = [
  { id: 'dark', label: 'Dark' },
  { id: 'light', label: 'Light' },
];

/**
 * The bot's global avatar: Discord's CDN, or where it cannot be reached (the sandbox, offline) the sandbox's stand-in
 * for the same path.
 */
function useGlobalAvatar(bot: PersonalizerStatus['bot'] | undefined): string {
  const url = bot ? displayAvatarUrl({ id: bot.id, avatar: bot.avatar }, 128) : BOT_AUTHOR.avatarUrl!;
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

function BotTag() {
  return <span className="rounded-[3px] bg-[#5865f2] px-1 text-[10px] leading-4 font-semibold text-white">BOT</span>;
}

/**
 * The bot as this server will see it, from the form's draft: a chat message, its row in the member list and its
 * profile card, in Discord's dark or light theme. An empty field shows the bot's global profile (its name and avatar
 * from Discord; its global banner and bio Discord does not give a bot, so a plain band and no bio).
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
  const headingId = useId();
  const globalAvatar = useGlobalAvatar(bot);
  const colours = COLOURS[theme];
  const globalName = bot ? (bot.global_name ?? bot.username) : BOT_AUTHOR.name;
  const name = values.nick?.trim() || globalName;
  const avatar = values.avatar ? guildImageUrl(guildId, values.avatar) : globalAvatar;
  const banner = values.banner ? guildImageUrl(guildId, values.banner) : null;
  const bio = values.bio ?? '';

  return (
    <section aria-labelledby={headingId} className="card p-4 md:p-6" data-personalizer-preview={theme}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          Live preview
        </h2>
        <fieldset className="flex rounded-lg border border-line bg-panel-2 p-0.5">
          <legend className="sr-only">Preview theme</legend>
          {THEMES.map((t) => (
            <label key={t.id} className="cursor-pointer">
              <input
                type="radio"
                name={`${headingId}-theme`}
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
      <p className="mt-1 text-sm text-muted">
        How members of {guildName ?? 'this server'} will see the bot. Empty fields show its global profile.
      </p>

      <h3 className="mt-4 mb-2 text-sm font-semibold text-muted">In a message</h3>
      <div className="overflow-hidden rounded-lg" data-preview-part="message">
        <LazyDiscordMessage
          theme={theme}
          author={{ name, avatarUrl: avatar, bot: true }}
          message={{ content: `Hello! This is how my messages look in ${guildName ?? 'this server'}.` }}
        />
      </div>

      <h3 className="mt-4 mb-2 text-sm font-semibold text-muted">In the member list</h3>
      <div className={`rounded-lg p-2 ${colours.list}`} data-preview-part="member">
        <p className={`px-2 pb-1 text-xs font-semibold uppercase ${colours.muted}`}>Online — 1</p>
        <div className="flex items-center gap-3 rounded px-2 py-1.5">
          <DiscordImage src={avatar} alt="" className="h-8 w-8 shrink-0 rounded-full object-cover" />
          <span className={`truncate font-medium ${colours.name}`}>{name}</span>
          <BotTag />
        </div>
      </div>

      <h3 className="mt-4 mb-2 text-sm font-semibold text-muted">Profile card</h3>
      <div className={`overflow-hidden rounded-lg ${colours.card}`} data-preview-part="profile">
        {banner ? (
          <DiscordImage src={banner} alt="" className="h-24 w-full object-cover" data-preview-banner="" />
        ) : (
          <div className="h-24 w-full bg-[#5865f2]" aria-hidden="true" />
        )}
        <div className="px-4 pb-4">
          <DiscordImage
            src={avatar}
            alt=""
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
    </section>
  );
}
