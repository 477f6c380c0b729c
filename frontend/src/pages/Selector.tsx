import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { GuildSummary } from '../api/types';
import { useAuth } from '../auth/AuthProvider';
import { FallbackImage } from '../components/FallbackImage';
import { PlanBadge } from '../components/premium/PlanBadge';
import { Spinner } from '../components/Spinner';
import { useDocumentMeta } from '../lib/use-document-meta';
import { botAbsentFrom } from './guild-entry';
import { accessLabelOf, guildEntry } from './guild-pages';

export const APP_VERSION_LABEL = 'V1.1.0';
// Kept in guild-entry.ts, which the purchase form (a public page) also reads without loading this page.
export { botAbsentFrom } from './guild-entry';

export function filterGuilds(guilds: GuildSummary[], query: string): GuildSummary[] {
  const q = query.trim().toLowerCase();
  return q ? guilds.filter((g) => g.name.toLowerCase().includes(q)) : guilds;
}

function GuildCard({ guild }: { guild: GuildSummary }) {
  const botAbsent = botAbsentFrom(guild);
  const entry = guildEntry(guild);
  const accessLabel = accessLabelOf(guild);
  return (
    <li className="card flex flex-col items-center gap-3 p-5 text-center">
      <FallbackImage src={guild.iconURL} alt="" className="h-16 w-16 rounded-full" />
      <h2 className="w-full truncate font-semibold" title={guild.name}>
        {guild.name}
      </h2>
      {!botAbsent && <PlanBadge premium={guild.premium} />}
      {accessLabel && (
        // Not a manager here: a Dashboard Access grant lets them in, and this says how far.
        <span className="rounded-full border border-brand/50 bg-brand/10 px-3 py-0.5 text-xs font-semibold" data-access-label="">
          {accessLabel}
        </span>
      )}
      {botAbsent ? (
        <a href={guild.settingsUrl} className="btn-secondary w-full" aria-label={`Invite Bot to ${guild.name}`}>
          Invite Bot
        </a>
      ) : entry.page ? (
        // Not a manager here, but a section's access level (an AntiNuke extra owner or whitelisted user) or a Dashboard
        // Access grant admits them: the first page they may open.
        <Link to={entry.path} className="btn-primary w-full" aria-label={`Open ${entry.page.title} in ${guild.name}`}>
          Open {entry.page.title}
        </Link>
      ) : (
        <Link to={entry.path} className="btn-primary w-full" aria-label={`Manage Server ${guild.name}`}>
          Manage Server
        </Link>
      )}
    </li>
  );
}

export default function Selector() {
  useDocumentMeta('Select a server', 'Choose the Discord server you want Guildhall to manage.');
  const { user, status, refresh } = useAuth();
  const [query, setQuery] = useState('');
  const guilds = useMemo(() => filterGuilds(user?.guilds ?? [], query), [user, query]);
  if (status === 'loading') return <Spinner label="Loading your servers..." />;
  const all = user?.guilds ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Select a server</h1>
          <p className="mt-1 text-muted">Manage a server where Guildhall is, or invite it to another.</p>
        </div>
        <span className="rounded-full border border-line px-3 py-1 text-xs text-muted">{APP_VERSION_LABEL}</span>
      </div>
      <label className="relative mt-6 block max-w-md">
        <span className="sr-only">Search servers</span>
        <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-muted" />
        <input
          type="search"
          className="field-input pl-9"
          placeholder="Search servers..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      {user?.guildsError ? (
        <div role="alert" className="card mt-8 p-10 text-center">
          <h2 className="text-lg font-semibold">Couldn't load your servers</h2>
          <p className="mt-2 text-muted">{user.guildsError}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => void refresh()}>
            Try again
          </button>
        </div>
      ) : guilds.length === 0 ? (
        <div className="card mt-8 p-10 text-center">
          <h2 className="text-lg font-semibold">No servers found</h2>
          {all.length > 0 ? (
            <>
              <p className="mt-2 text-muted">No servers match your search. Try adjusting your search criteria.</p>
              <button type="button" className="btn-secondary mt-4" onClick={() => setQuery('')}>
                Clear search
              </button>
            </>
          ) : (
            <>
              <p className="mt-2 text-muted">No servers to display. Make sure you're logged in with the correct account.</p>
              <button type="button" className="btn-secondary mt-4" onClick={() => void refresh()}>
                Reload
              </button>
            </>
          )}
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {guilds.map((g) => (
            <GuildCard key={g.id} guild={g} />
          ))}
        </ul>
      )}
    </div>
  );
}
