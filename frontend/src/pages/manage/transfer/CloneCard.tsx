import { sectionPages } from '@guildhall/generated/section-pages';
import type { ClonedItem, GuildCloneRequest, GuildCloneResponse, SectionName, UnmappedReference } from '@guildhall/generated/types';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../api/queries';
import { useCloneGuild } from '../../../api/transfer';
import type { Banner } from '../../../components/StatusBanner';
import { type CollectionChoices, useCollectionChoices } from './collection-items';
import { FieldErrorList } from './field-errors';
import { useGuildLists } from './names';
import { PreviewList } from './PreviewList';

/** The select value that clears a reference instead of mapping it. */
const CLEAR = '__clear__';
type Choices = Record<string, string>;

function MappingSelect({
  reference,
  kind,
  options,
  value,
  onChange,
}: {
  reference: UnmappedReference;
  kind: 'channel' | 'role';
  options: { id: string; name: string }[];
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  const sigil = kind === 'channel' ? '#' : '@';
  return (
    <div className="grid gap-1 sm:grid-cols-2 sm:items-center sm:gap-4">
      <label htmlFor={id} className="text-sm">
        <span className="font-semibold">
          {sigil}
          {reference.name}
        </span>
        <span className="block text-xs text-muted">Used by {reference.paths.join(', ')}</span>
      </label>
      <select id={id} className="field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a {kind}...</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {sigil}
            {o.name}
          </option>
        ))}
        <option value={CLEAR}>Clear it</option>
      </select>
    </div>
  );
}

/** A collection's checkbox (all its items) and one per item; the collection's is mixed while only some are chosen. */
function CollectionChoice({
  collection,
  chosen,
  onChange,
}: {
  collection: CollectionChoices;
  chosen: readonly ClonedItem[];
  onChange(items: readonly { id: string; on: boolean }[]): void;
}) {
  const picked = collection.items.filter((item) => chosen.some((c) => c.collection === collection.name && c.id === item.id));
  const all = collection.items.length > 0 && picked.length === collection.items.length;
  return (
    <li>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={all}
          disabled={collection.items.length === 0}
          ref={(el) => {
            if (el) el.indeterminate = picked.length > 0 && !all;
          }}
          onChange={(e) => onChange(collection.items.map((item) => ({ id: item.id, on: e.target.checked })))}
        />
        {collection.title} ({collection.items.length})
      </label>
      {collection.items.length > 0 && (
        <ul className="ml-6 mt-1 space-y-1" aria-label={collection.title}>
          {collection.items.map((item) => (
            <li key={item.id}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={picked.includes(item)}
                  onChange={(e) => onChange([{ id: item.id, on: e.target.checked }])}
                />
                {item.title}
              </label>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

const toMapping = (choices: Choices) => Object.fromEntries(Object.entries(choices).map(([from, to]) => [from, to === CLEAR ? null : to]));

/**
 * Clone: chosen sections of this guild, and chosen items of its collections (each a new item there), copied to another
 * guild the user manages. The dry run lists the channels and roles the target lacks; each is mapped to one of the
 * target's or cleared before anything is written.
 */
export function CloneCard({ guildId, notify }: { guildId: string; notify(banner: Banner): void }) {
  const user = useCurrentUser();
  const targets = (user.data?.guilds ?? []).filter((g) => g.id !== guildId && !g.sections && g.settingsUrl.startsWith('/manage/'));
  const [targetId, setTargetId] = useState('');
  const [chosen, setChosen] = useState<SectionName[]>(() => Object.keys(sectionPages) as SectionName[]);
  const [chosenItems, setChosenItems] = useState<ClonedItem[]>([]);
  const source = useCollectionChoices(guildId);
  const [result, setResult] = useState<GuildCloneResponse | null>(null);
  const [channelChoices, setChannelChoices] = useState<Choices>({});
  const [roleChoices, setRoleChoices] = useState<Choices>({});
  const [problem, setProblem] = useState<ApiError | Error | null>(null);
  const clone = useCloneGuild(guildId);
  const target = useGuildLists(targetId);
  const targetName = targets.find((g) => g.id === targetId)?.name ?? targetId;

  const reset = () => {
    setResult(null);
    setProblem(null);
    setChannelChoices({});
    setRoleChoices({});
  };
  const unmapped = result?.unmapped ?? { channels: [], roles: [] };
  const needsMapping = unmapped.channels.length + unmapped.roles.length > 0;
  const mapped = unmapped.channels.every((c) => channelChoices[c.id]) && unmapped.roles.every((r) => roleChoices[r.id]);

  const run = (dryRun: boolean) => {
    setProblem(null);
    const mapping: GuildCloneRequest['mapping'] = { channels: toMapping(channelChoices), roles: toMapping(roleChoices) };
    // The request names sections, items, or both; an empty list is not sent.
    const what = { ...(chosen.length ? { sections: chosen } : {}), ...(chosenItems.length ? { items: chosenItems } : {}) };
    clone.mutate(
      { targetGuildId: targetId, ...what, mapping, dryRun },
      {
        onSuccess: (answer) => {
          if (!dryRun && answer.applied) {
            reset();
            notify({ kind: 'success', message: `Settings cloned to ${targetName}.` });
            return;
          }
          setResult(answer);
        },
        onError: (err) => setProblem(err),
      },
    );
  };

  return (
    <section aria-labelledby="clone-title" className="card p-6">
      <h2 id="clone-title" className="text-lg font-semibold">
        Clone to another server
      </h2>
      <p className="mt-1 text-sm text-muted">
        Copy the sections you choose to another server you manage. Its current settings in those sections are replaced. Items you choose
        (role menus, ticket panels, saved embeds) are added there as new items, not yet deployed.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <label className="block text-sm">
          <span className="mb-1 block font-semibold">Target server</span>
          <select
            className="field-input"
            value={targetId}
            onChange={(e) => {
              setTargetId(e.target.value);
              reset();
            }}
          >
            <option value="">Choose a server...</option>
            {targets.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          {user.isSuccess && targets.length === 0 && (
            <span className="mt-1 block text-muted">You manage no other server with the bot.</span>
          )}
        </label>
        <fieldset className="text-sm">
          <legend className="mb-1 font-semibold">Sections to copy</legend>
          <div className="grid max-h-56 gap-1 overflow-y-auto rounded-lg border border-line p-2 sm:grid-cols-2">
            {Object.values(sectionPages).map((s) => (
              <label key={s.name} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen.includes(s.name)}
                  onChange={(e) => {
                    setChosen((prev) => (e.target.checked ? [...prev, s.name] : prev.filter((n) => n !== s.name)));
                    reset();
                  }}
                />
                {s.title}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="text-sm md:col-span-2">
          <legend className="mb-1 font-semibold">Items to copy</legend>
          {source.loading ? (
            <p role="status" className="text-muted">
              Loading this server's items...
            </p>
          ) : (
            <ul className="grid max-h-56 gap-2 overflow-y-auto rounded-lg border border-line p-2 sm:grid-cols-3">
              {source.collections.map((c) => (
                <CollectionChoice
                  key={c.name}
                  collection={c}
                  chosen={chosenItems}
                  onChange={(changes) => {
                    setChosenItems((prev) => {
                      const off = new Set(changes.map((change) => change.id));
                      const kept = prev.filter((item) => item.collection !== c.name || !off.has(item.id));
                      return [...kept, ...changes.filter((change) => change.on).map(({ id }) => ({ collection: c.name, id }))];
                    });
                    reset();
                  }}
                />
              ))}
            </ul>
          )}
        </fieldset>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => run(true)}
          disabled={!targetId || chosen.length + chosenItems.length === 0 || clone.isPending}
        >
          {clone.isPending && !result ? 'Checking...' : 'Preview'}
        </button>
      </div>
      {problem && (
        <div role="alert" className="mt-4 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
          <p className="font-semibold">{problem.message}</p>
          {problem instanceof ApiError && problem.fieldErrors.length > 0 && <FieldErrorList errors={problem.fieldErrors} />}
        </div>
      )}
      {result && (
        <div className="mt-6 space-y-6">
          {needsMapping && (
            <div>
              <h3 className="font-semibold">Channels and roles {targetName} does not have</h3>
              <p className="mt-1 text-sm text-muted">
                Choose what each one becomes there, or clear it. Nothing is copied until every one is chosen.
              </p>
              {target.loading ? (
                <p role="status" className="mt-3 text-sm text-muted">
                  Loading {targetName}'s channels and roles...
                </p>
              ) : (
                <div className="mt-3 space-y-3">
                  {unmapped.channels.map((c) => (
                    <MappingSelect
                      key={c.id}
                      reference={c}
                      kind="channel"
                      options={target.channelList}
                      value={channelChoices[c.id] ?? ''}
                      onChange={(v) => setChannelChoices((prev) => ({ ...prev, [c.id]: v }))}
                    />
                  ))}
                  {unmapped.roles.map((r) => (
                    <MappingSelect
                      key={r.id}
                      reference={r}
                      kind="role"
                      options={target.roleList.filter((role) => !role.managed)}
                      value={roleChoices[r.id] ?? ''}
                      onChange={(v) => setRoleChoices((prev) => ({ ...prev, [r.id]: v }))}
                    />
                  ))}
                </div>
              )}
            </div>
          )}
          <div>
            <h3 className="mb-3 font-semibold">What will change in {targetName}</h3>
            {result.preview.length > 0 && <PreviewList preview={result.preview} names={target} headingLevel={4} />}
            {result.items.length > 0 && (
              <section aria-label="New items" className="mt-4">
                <h4 className="mb-2 font-semibold">
                  New items <span className="text-sm font-normal text-muted">(not deployed until you deploy them there)</span>
                </h4>
                <ul className="list-disc pl-5 text-sm">
                  {result.items.map((item) => (
                    <li key={`${item.collection}/${item.sourceId}`}>
                      <span className="font-medium">{item.collectionTitle}</span>: {item.title}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary" onClick={() => run(false)} disabled={clone.isPending || !mapped}>
              <Copy aria-hidden="true" className="h-4 w-4" /> {clone.isPending ? 'Cloning...' : 'Apply'}
            </button>
            <button type="button" className="btn-secondary" onClick={reset} disabled={clone.isPending}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
