// Access levels with several instances on one PostgreSQL server: a save is judged against the stored document at the
// version it names, never skipped because this instance's read cache is behind the database. Before the fix, an extra
// owner removed through another instance could still change AntiNuke through an instance that cached the old list.
import { describe, expect, it } from 'vitest';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import { ci, instancesOnPostgres, postgresBinaries } from './support/instances.js';

const GUILD = SANDBOX_GUILDS.community.id;
const SETTINGS = `/api/guild/${GUILD}/settings/antinuke`;

// Outside CI a machine without PostgreSQL reports this suite as skipped; in CI it must run, and fails.
describe.skipIf(!postgresBinaries && !ci)('access levels across instances (PostgreSQL server, read cache on)', () => {
  const instances = instancesOnPostgres(60_000);

  it('refuses a save by someone a newer document removed, even where this instance still caches the old one', async () => {
    const owner = instances.first.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user');
    const loaded = (await owner.json(SETTINGS)).body;
    const listed = { ...loaded.settings, extraowners: [SANDBOX_USERS.demoExtra.id] };
    const v1 = await owner.json(SETTINGS, { method: 'PUT', json: { version: loaded.version, settings: listed } });
    expect(v1.status).toBe(200);

    // The extra owner reads through the first instance: it now caches the document that lists them.
    const extra = instances.first.browser();
    await extra.signIn('demo-extra');
    await extra.json('/api/user');
    const seen = (await extra.json(SETTINGS)).body;
    expect(seen.access.level).toBe('extra_owner');

    // The owner removes them through the second instance; the first one's cache does not know.
    const ownerElsewhere = instances.second.browser();
    await ownerElsewhere.signIn('demo-owner');
    await ownerElsewhere.json('/api/user');
    const current = (await ownerElsewhere.json(SETTINGS)).body;
    const removed = await ownerElsewhere.json(SETTINGS, {
      method: 'PUT',
      json: { version: current.version, settings: { ...current.settings, extraowners: [] } },
    });
    expect(removed.status).toBe(200);

    // Naming the database's version through the first instance: judged against the cached document, this would pass.
    const attempt = await extra.json(SETTINGS, {
      method: 'PUT',
      json: { version: removed.body.version, settings: { ...seen.settings, enabled: !seen.settings.enabled } },
    });
    expect(attempt.status).toBe(409);
    const after = (await ownerElsewhere.json(SETTINGS)).body;
    expect({ version: after.version, enabled: after.settings.enabled }).toEqual({
      version: removed.body.version,
      enabled: current.settings.enabled,
    });
  });
});
