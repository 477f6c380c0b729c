import { FolderOpen, RefreshCw } from 'lucide-react';

/** Server Categories: every category channel of the server now, marked where a list uses it, with Refresh. */
export function ServerCategories({
  channels,
  usedAs,
  refreshing,
  onRefresh,
}: {
  channels: { id: string; name: string }[];
  usedAs: ReadonlyMap<string, 'Open' | 'Closed'>;
  refreshing: boolean;
  onRefresh(): void;
}) {
  return (
    <section aria-labelledby="ticket-categories-server" className="card p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="ticket-categories-server" className="text-lg font-semibold">
            Server Categories
          </h2>
          <p className="text-sm text-muted">The categories of your server on Discord.</p>
        </div>
        <button type="button" className="btn-secondary" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} />
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      {channels.length === 0 ? (
        <p className="mt-4 text-sm text-muted">This server has no categories yet. Add one by name and the bot creates it.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {channels.map((channel) => {
            const used = usedAs.get(channel.id);
            return (
              <li key={channel.id} className="flex items-center gap-3 py-2">
                <FolderOpen aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />
                <span className="min-w-0 flex-1 truncate">{channel.name}</span>
                {used ? (
                  <span className="shrink-0 rounded-full border border-ok/60 bg-ok/10 px-2 py-0.5 text-xs text-ok">In use: {used}</span>
                ) : (
                  <span className="shrink-0 text-xs text-muted">Not used</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
