import { DiscordImage } from './DiscordImage';
import { DiscordMarkdown, hexColour } from './Markdown';
import { formatEmbedTimestamp } from './timestamp';
import type { DiscordEmbedData, MentionNames } from './types';

type Field = NonNullable<DiscordEmbedData['fields']>[number];

/**
 * Discord's field rows: consecutive inline fields share a row, up to 3 (2 when the embed has a thumbnail); a field that
 * is not inline takes a row of its own.
 */
export function fieldLayout(fields: Field[], hasThumbnail: boolean): Field[][] {
  const perRow = hasThumbnail ? 2 : 3;
  const rows: Field[][] = [];
  for (const field of fields) {
    const row = rows.at(-1);
    if (field.inline && row && row[0]!.inline && row.length < perRow) row.push(field);
    else rows.push([field]);
  }
  return rows;
}

export function DiscordEmbed({
  embed,
  mentions,
  resolveImage,
}: {
  embed: DiscordEmbedData;
  mentions: MentionNames;
  resolveImage: (url: string) => string;
}) {
  const colour = hexColour(embed.color) ?? '#1e1f22';
  const fields = embed.fields ?? [];
  const footerText = embed.footer?.text;
  const when = embed.timestamp ? formatEmbedTimestamp(embed.timestamp) : '';
  return (
    <article
      aria-label={embed.title ? `Embed: ${embed.title}` : 'Embed'}
      data-embed=""
      className="mt-1 grid max-w-[520px] rounded border-l-4 bg-[#2b2d31] text-sm"
      style={{ borderLeftColor: colour }}
    >
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 px-3 pt-2 pb-3">
        <div className="min-w-0">
          {embed.author?.name && (
            <p className="mt-1 flex items-center gap-2 text-sm font-semibold text-[#f2f3f5]">
              {embed.author.icon_url && <DiscordImage src={resolveImage(embed.author.icon_url)} alt="" className="h-6 w-6 rounded-full" />}
              {embed.author.url ? (
                <a href={embed.author.url} target="_blank" rel="noreferrer noopener" className="hover:underline">
                  {embed.author.name}
                </a>
              ) : (
                <span>{embed.author.name}</span>
              )}
            </p>
          )}
          {embed.title && (
            <p data-embed-title="" className="mt-1 font-semibold text-[#f2f3f5]">
              {embed.url ? (
                <a href={embed.url} target="_blank" rel="noreferrer noopener" className="text-[#00a8fc] hover:underline">
                  <DiscordMarkdown text={embed.title} mentions={mentions} />
                </a>
              ) : (
                <DiscordMarkdown text={embed.title} mentions={mentions} />
              )}
            </p>
          )}
          {embed.description && (
            <div data-embed-description="" className="mt-1 break-words whitespace-pre-wrap text-[#dbdee1]">
              <DiscordMarkdown text={embed.description} mentions={mentions} />
            </div>
          )}
          {fields.length > 0 && (
            <div className="mt-2 space-y-2">
              {fieldLayout(fields, !!embed.thumbnail).map((row, r) => (
                // A row's inline fields share it evenly, each at least 9rem wide: a narrow embed (a phone) puts fewer
                // side by side rather than squeezing three until their words break mid-word and run together.
                <div key={r} data-embed-row="" className="flex flex-wrap gap-x-4 gap-y-2">
                  {row.map((field, i) => (
                    <div
                      key={i}
                      data-embed-field=""
                      data-inline={field.inline ? '' : undefined}
                      className={field.inline ? 'min-w-[min(100%,9rem)] flex-1 basis-0' : 'w-full min-w-0'}
                    >
                      <div className="text-xs font-semibold break-words text-[#f2f3f5]">
                        <DiscordMarkdown text={field.name} mentions={mentions} />
                      </div>
                      <div className="break-words whitespace-pre-wrap text-[#dbdee1]">
                        <DiscordMarkdown text={field.value} mentions={mentions} />
                      </div>
                    </div>
                  ))}
                </div>
              ))}
            </div>
          )}
          {embed.image?.url && (
            <DiscordImage
              src={resolveImage(embed.image.url)}
              alt="Embed image"
              className="mt-3 max-h-[300px] max-w-full rounded object-contain"
              placeholderClassName="mt-3 h-32 w-full"
            />
          )}
        </div>
        {embed.thumbnail?.url && (
          <DiscordImage
            src={resolveImage(embed.thumbnail.url)}
            alt="Embed thumbnail"
            className="mt-2 h-20 w-20 rounded object-cover"
            placeholderClassName="mt-2 h-20 w-20"
          />
        )}
        {(footerText || when) && (
          <p className="col-span-2 mt-2 flex items-center gap-2 text-xs text-[#dbdee1]">
            {embed.footer?.icon_url && <DiscordImage src={resolveImage(embed.footer.icon_url)} alt="" className="h-5 w-5 rounded-full" />}
            <span>
              {footerText}
              {footerText && when && <span className="mx-1">•</span>}
              {when}
            </span>
          </p>
        )}
      </div>
    </article>
  );
}
