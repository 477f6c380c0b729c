import { discordDate } from '@guildhall/common/snowflake';
import { joinDmMessage } from '@guildhall/common/join-dm';
import type { JoinDmSettings } from '@guildhall/generated/types';
import { useMemo } from 'react';
import type { MentionNames } from '../../../components/discord';
import { LazyDiscordMessage } from '../../../components/discord/LazyDiscordMessage';
import { Spinner } from '../../../components/Spinner';
import { useSectionModule } from '../../../form/section-module';
import type { PlaceholderValues } from '../shared/placeholders';
import { BOT_AUTHOR } from '../shared/preview-context';

/**
 * The preview's stand-ins: the signed-in user and this server, but the member's account and join dates
 * are today and the owner is '@Owner'.
 */
export function previewValues(values: PlaceholderValues, now = new Date()): PlaceholderValues {
  const today = discordDate(now.getTime() / 1000);
  return { ...values, 'member.createdAt': today, 'member.joinedAt': today, 'server.owner': '@Owner' };
}

/** The draft as the member would receive it, drawn by the Discord renderer; 'Disabled Mode' while Join DMs are off. */
export function JoinDmPreview({
  draft,
  enabled,
  values,
  mentions,
}: {
  draft: Partial<JoinDmSettings>;
  enabled: boolean;
  values: PlaceholderValues | null;
  mentions: MentionNames;
}) {
  // Drawn beside the section's form, so its module (and the schema's defaults) is there already.
  const joindms = useSectionModule('joindms');
  const defaults = joindms.status === 'ready' ? (joindms.module.defaults as JoinDmSettings) : null;
  const message = useMemo(() => {
    if (!values || !defaults) return null;
    const settings = { ...defaults, ...draft, embed: { ...defaults.embed, ...draft.embed } } as JoinDmSettings;
    return joinDmMessage(settings, previewValues(values));
  }, [draft, values, defaults]);
  return (
    <section className="card p-4" aria-labelledby="joindm-preview-heading" data-joindm-preview="">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="joindm-preview-heading" className="font-semibold">
          {enabled ? 'Live Preview' : 'Disabled Mode'}
        </h2>
        <span className={`rounded-full px-2 py-0.5 text-xs ${enabled ? 'bg-ok/15 text-ok' : 'bg-panel-2 text-muted'}`}>
          {enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      {!message ? (
        <Spinner label="Loading preview..." />
      ) : !message.content && !message.embeds?.length ? (
        <p className="rounded-lg bg-panel-2 p-4 text-sm text-muted">Nothing to send: write a message or fill in the embed.</p>
      ) : (
        <div className="overflow-hidden rounded-lg">
          <LazyDiscordMessage author={BOT_AUTHOR} message={message} mentions={mentions} />
        </div>
      )}
    </section>
  );
}
