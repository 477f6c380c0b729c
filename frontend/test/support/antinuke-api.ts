// A fake of the AntiNuke API for component tests (in place of fetch): the settings document with the caller's
// access, user search and lookup, the bypass role and the pre-flight, answering as the backend contract says.
import { vi } from 'vitest';

export const GUILD = '1100000000000010000';
const BASE = `/api/guild/${GUILD}`;

export interface FakeUser {
  id: string;
  username: string;
  discriminator: string;
  avatar: string | null;
  global_name: string | null;
}

export const USERS: FakeUser[] = [
  { id: '200000000000000001', username: 'alice', discriminator: '0', avatar: null, global_name: 'Alice' },
  { id: '200000000000000002', username: 'alfred', discriminator: '0', avatar: null, global_name: null },
  { id: '200000000000000003', username: 'bob', discriminator: '0', avatar: null, global_name: 'Bob' },
];

type Level = 'owner' | 'extra_owner' | 'whitelist';
const ACCESS: Record<Level, { label: string; message: string; capabilities: Record<string, boolean>; denied: Record<string, string> }> = {
  owner: {
    label: 'Guild Owner',
    message: 'You own this server: you have full access.',
    capabilities: {
      view: true,
      editSettings: true,
      manageModules: true,
      manageWhitelist: true,
      manageExtraOwners: true,
      manageBypassRole: true,
    },
    denied: {},
  },
  extra_owner: {
    label: 'Extra Owner',
    message: 'You are an extra owner: you can manage AntiNuke and the whitelist.',
    capabilities: {
      view: true,
      editSettings: true,
      manageModules: true,
      manageWhitelist: true,
      manageExtraOwners: false,
      manageBypassRole: true,
    },
    denied: { manageExtraOwners: 'Only the guild owner can manage extra owners' },
  },
  whitelist: {
    label: 'Whitelisted',
    message: 'You are whitelisted: you can view the settings only.',
    capabilities: {
      view: true,
      editSettings: false,
      manageModules: false,
      manageWhitelist: false,
      manageExtraOwners: false,
      manageBypassRole: false,
    },
    denied: {
      editSettings: 'You do not have permission to modify antinuke settings.',
      manageModules: 'You do not have permission to modify protection modules.',
      manageWhitelist: 'Only the guild owner and extra owners can manage the whitelist',
      manageExtraOwners: 'Only the guild owner can manage extra owners',
      manageBypassRole: 'Only the guild owner and extra owners can manage the bypass role',
    },
  },
};

export function defaultSettings(): Record<string, unknown> {
  const modules = Object.fromEntries(
    [
      'anti_ban',
      'anti_kick',
      'anti_prune',
      'anti_member_update',
      'anti_role',
      'anti_channel',
      'anti_emoji',
      'anti_guild_update',
      'anti_webhook',
      'anti_integration',
      'anti_everyone',
    ].map((m) => [m, true]),
  );
  return {
    enabled: true,
    punishment: 'BAN',
    bypass_role: null,
    modules,
    module_punishments: {},
    extraowners: [],
    whitelist: [],
    bypass_permissions: {
      can_ban: false,
      can_kick: false,
      can_manage_roles: false,
      can_manage_channels: false,
      can_manage_webhooks: false,
    },
    log_channel: null,
    auto_recovery: true,
  };
}

/**
 * `level` 'none' answers 403 as the backend does for a user without a level; `withAccess: false` answers as a backend
 * that does not report access yet.
 */
export function fakeAntinukeApi({ level = 'owner' as Level | 'none', settings = {} as Record<string, unknown>, withAccess = true } = {}) {
  const server = {
    level,
    version: 1,
    settings: { ...defaultSettings(), ...settings },
    puts: [] as { version: number; settings: Record<string, unknown> }[],
    gets: 0,
    searches: [] as string[],
    roles: [
      { id: GUILD, name: '@everyone', color: 0, position: 0, managed: false },
      { id: '300000000000000001', name: 'Moderators', color: 0, position: 2, managed: false },
      { id: '300000000000000002', name: 'Some Bot', color: 0, position: 3, managed: true },
    ],
    bypassAnswer: {
      status: 200,
      body: { success: true, role: { id: '300000000000000009', name: 'AntiNuke Bypass', color: 0 } } as unknown,
    },
    preflight: [] as { code: string; message: string; path?: string }[],
    /** Answers for the next PUTs, before storing (a 400 with field errors, a 403...). */
    putAnswers: [] as { status: number; body: unknown }[],
    /** While set, a PUT waits for it (to see the page while saving). */
    hold: null as Promise<void> | null,
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const envelope = () => ({
    success: true,
    section: 'antinuke',
    version: server.version,
    settings: structuredClone(server.settings),
    ...(server.level === 'none' || !withAccess ? {} : { access: { level: server.level, ...ACCESS[server.level] } }),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const path = url.pathname;
      if (path === `${BASE}/settings/antinuke`) {
        if (server.level === 'none')
          return json(403, { success: false, error: 'Access denied: you have no AntiNuke access in this server' });
        if (method === 'GET') {
          server.gets += 1;
          return json(200, envelope());
        }
        const body = JSON.parse(String(init.body)) as { version: number; settings: Record<string, unknown> };
        server.puts.push(body);
        if (server.hold) await server.hold;
        const queued = server.putAnswers.shift();
        if (queued) return json(queued.status, queued.body);
        server.version += 1;
        server.settings = body.settings;
        // The PUT's answer is the document alone: the page must keep the access the GET reported.
        const { access: _access, ...document } = envelope() as Record<string, unknown>;
        return json(200, document);
      }
      if (path === `${BASE}/roles`) return json(200, { success: true, roles: server.roles });
      if (path === `${BASE}/channels`)
        return json(200, {
          success: true,
          channels: [
            { id: '400000000000000001', name: 'general', type: 0, position: 0 },
            { id: '400000000000000002', name: 'Voice', type: 2, position: 1 },
          ],
        });
      if (path === `${BASE}/search-users`) {
        const q = url.searchParams.get('q') ?? '';
        server.searches.push(q);
        return json(200, { success: true, users: USERS.filter((u) => u.username.startsWith(q.toLowerCase())) });
      }
      if (path === `${BASE}/users`) {
        const ids = (url.searchParams.get('ids') ?? '').split(',');
        return json(200, { success: true, users: USERS.filter((u) => ids.includes(u.id)) });
      }
      if (path === `${BASE}/antinuke/create-bypass-role` && method === 'POST') {
        const { status, body } = server.bypassAnswer;
        if (status === 200) {
          const role = (body as { role: { id: string; name: string; color: number } }).role;
          server.roles.push({ ...role, position: 1, managed: false });
        }
        return json(status, body);
      }
      if (path === `${BASE}/antinuke/preflight`) return json(200, { success: true, warnings: server.preflight });
      return json(404, { success: false, error: `No fake for ${method} ${path}` });
    }),
  );
  return server;
}
