import { Rocket, RotateCw, Users } from 'lucide-react';
import { useTopServers } from '../../api/queries';
import { FallbackImage } from '../FallbackImage';

/** The home page shows the first 9, and the list is refetched every 5 minutes. */
export const TOP_SERVERS_SHOWN = 9;
export const TOP_SERVERS_REFETCH_MS = 5 * 60 * 1000;

const numberFormat = new Intl.NumberFormat('en-US');
/** Ranks 1 to 3 stand out: gold, silver, bronze. */
const PODIUM = [
  'border-amber-400/80 ring-1 ring-amber-400/40',
  'border-slate-400/70 ring-1 ring-slate-400/30',
  'border-orange-400/70 ring-1 ring-orange-400/30',
];
/** Fixed colours rather than theme tokens: black on them stays readable on the dark and the light theme. */
const PODIUM_BADGE = ['bg-amber-400 text-black', 'bg-slate-300 text-black', 'bg-orange-400 text-black'];

export function TopServers() {
  const query = useTopServers(TOP_SERVERS_REFETCH_MS);

  if (query.isPending) {
    return (
      <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <span className="sr-only">Loading top servers...</span>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} aria-hidden="true" className="card h-24 animate-pulse bg-panel-2" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="card flex flex-col items-center gap-4 p-8 text-center">
        <p className="font-semibold text-danger">Failed to load top servers</p>
        <button type="button" className="btn-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RotateCw aria-hidden="true" className={`h-4 w-4 ${query.isFetching ? 'animate-spin' : ''}`} />
          Try Again
        </button>
      </div>
    );
  }
  const servers = query.data.slice(0, TOP_SERVERS_SHOWN);
  if (servers.length === 0) return <p className="card p-8 text-center text-muted">No servers to show yet.</p>;
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Top servers">
      {servers.map((server, index) => {
        const podium = index < 3;
        return (
          <li
            key={server.id}
            data-rank={index + 1}
            data-highlighted={podium || undefined}
            className={`card flex items-center gap-4 p-4 ${podium ? PODIUM[index] : ''}`}
          >
            <span
              className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${podium ? PODIUM_BADGE[index] : 'bg-panel-2 text-muted'}`}
            >
              <span className="sr-only">Rank </span>
              {index + 1}
            </span>
            <FallbackImage src={server.iconURL} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-full" />
            <div className="min-w-0">
              <h3 className="truncate font-semibold" title={server.name}>
                {server.name}
              </h3>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                <span className="inline-flex items-center gap-1">
                  <Users aria-hidden="true" className="h-3.5 w-3.5" />
                  {numberFormat.format(server.memberCount)} members
                </span>
                <span className="inline-flex items-center gap-1">
                  <Rocket aria-hidden="true" className="h-3.5 w-3.5" />
                  Level {server.boostLevel} · {numberFormat.format(server.boostCount)} {server.boostCount === 1 ? 'boost' : 'boosts'}
                </span>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
