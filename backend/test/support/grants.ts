// Dashboard Access (issue 30) in tests: an app whose clock a test moves, people of the sandbox's Guildhall Community
// signed in once each, and the guild's grants saved as its owner through the real settings API.
import { SANDBOX_GUILDS, SANDBOX_MEMBER_IDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { DashboardAccessSettings } from '@guildhall/generated/types';
import type { AppOptions } from '../../src/app.js';
import type { TestBrowser } from './browser.js';
import { startTestApp, tempDataDir } from './app.js';

export type GrantsApp = Awaited<ReturnType<typeof startTestApp>>;
export type RoleGrant = DashboardAccessSettings['roles'][number];
export type MemberGrant = DashboardAccessSettings['members'][number];

/** The guild grants are made in: owned by demo-owner, the bot present. */
export const GRANT_GUILD = SANDBOX_GUILDS.community.id;
/** A role of that guild a grant names: Moderator (kick, ban, manage messages; no Manage Server nor Administrator). */
export const GRANTED_ROLE = SANDBOX_GUILDS.community.roles.moderator;
/** A member holding GRANTED_ROLE and no Manage Server: signs in as `ava.chen`. */
export const ROLE_HOLDER = { username: 'ava.chen', id: SANDBOX_MEMBER_IDS['ava.chen']! } as const;
/** A member holding no role (granted directly, by id): signs in as `demo-member`. */
export const DIRECT_MEMBER = { username: SANDBOX_USERS.demoMember.username, id: SANDBOX_USERS.demoMember.id } as const;
/** The guild's owner, who saves the grants. */
export const OWNER = SANDBOX_USERS.demoOwner.username;
/** A manager through Manage Server (not Administrator): may manage the guild, not its Dashboard Access. */
export const MANAGE_SERVER_MANAGER = SANDBOX_USERS.demoAdmin.username;

export const settingsPath = (section: string, guild: string = GRANT_GUILD) => `/api/guild/${guild}/settings/${section}`;

/** The app's clock: real time plus what the test has moved it by (grant expiry is judged by it). */
export interface MovableClock {
  now(): Date;
  advance(ms: number): void;
  reset(): void;
}

export function movableClock(): MovableClock {
  let ahead = 0;
  return {
    now: () => new Date(Date.now() + ahead),
    advance: (ms) => void (ahead += ms),
    reset: () => void (ahead = 0),
  };
}

/**
 * One app (PGlite under a temp DATA_DIR, the Discord sandbox) with a movable clock, and browsers signed in once per
 * username (each GETs /api/user first, which primes the XSRF-TOKEN cookie). `close()` stops and removes it all.
 */
export async function startGrantsApp(env: Record<string, string> = {}, options: AppOptions = {}) {
  const data = tempDataDir();
  const clock = movableClock();
  const app = await startTestApp({ DATA_DIR: data.dir, ...env }, { clock: clock.now, ...options });
  const signedIn = new Map<string, Promise<TestBrowser>>();
  const as = (username: string): Promise<TestBrowser> => {
    let browser = signedIn.get(username);
    if (!browser) signedIn.set(username, (browser = signIn(app, username)));
    return browser;
  };
  return {
    app,
    clock,
    /** The browser of `username`, signed in on first use. */
    as,
    async close() {
      await app.close();
      data.remove();
    },
  };
}

export async function signIn(app: GrantsApp, username: string): Promise<TestBrowser> {
  const browser = app.browser();
  const res = await browser.signIn(username);
  if (res.status !== 302) throw new Error(`sign-in as ${username} failed: ${res.status}`);
  await browser.json('/api/user');
  return browser;
}

/** A grant with the section's defaults (every subject, no expiry, no note) and what the test names. */
export function grant<G extends RoleGrant | MemberGrant>(id: string, level: G['level'], more: Partial<G> = {}): G {
  return { id, level, subjects: ['*'], expires_at: '', note: '', ...more } as G;
}

/**
 * Saves the guild's Dashboard Access as `by` (the owner unless a test says otherwise) through PUT, at the stored
 * version; answers the response (a test of a refused save reads its status and body).
 */
export async function saveGrants(
  by: TestBrowser,
  grants: Partial<DashboardAccessSettings>,
  guild: string = GRANT_GUILD,
): Promise<{ status: number; body: any }> {
  const current = await by.json(settingsPath('dashboard-access', guild));
  const version = current.status === 200 ? current.body.version : 0;
  const settings = { roles: [], members: [], ...grants };
  return by.json(settingsPath('dashboard-access', guild), { method: 'PUT', json: { version, settings } });
}

/** saveGrants that must succeed (200), for a test's set-up. */
export async function grantAs(by: TestBrowser, grants: Partial<DashboardAccessSettings>, guild: string = GRANT_GUILD): Promise<void> {
  const saved = await saveGrants(by, grants, guild);
  if (saved.status !== 200) throw new Error(`saving grants failed: ${saved.status} ${JSON.stringify(saved.body)}`);
}
