// A fake of what the embed builder calls (in place of fetch): GET /api/user, a guild's plan and channels, the saved embeds
// collection (entries { id, version, item }, 409 on a stale version, '{name} (Copy)' on duplicate) and the four
// /api/embed routes, whose answers each test sets. Every call is recorded with its parsed body.
import { vi } from 'vitest';

export const GUILD = '1100000000000010000';
export const OTHER_GUILD = '1100000000000020000';
export const GENERAL = '400000000000000001';
export const NEWS = '400000000000000003';
export const VOICE = '400000000000000004';

export interface Call {
  method: string;
  path: string;
  body: any;
}

export type Answer = { status: number; body: unknown } | 'network';

export const USER = {
  success: true,
  id: '200000000000000001',
  username: 'admin',
  avatar: null,
  discriminator: '0',
  email: null,
  discord_id: '200000000000000001',
  guilds: [
    { id: GUILD, name: 'Guildhall HQ', iconURL: null, settingsUrl: `/manage/${GUILD}` },
    { id: OTHER_GUILD, name: 'Second Guild', iconURL: null, settingsUrl: `/manage/${OTHER_GUILD}` },
    { id: '1100000000000030000', name: 'Viewer Guild', iconURL: null, settingsUrl: '/x', sections: ['antinuke'] },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function fakeEmbedApi({
  signedIn = true,
  channels = { [GUILD]: true, [OTHER_GUILD]: false } as Record<string, boolean>,
  drafts = [] as any[],
  /** The guild's plan: Custom Embeds needs a paid one. */
  premium = { plan: 'standard', planName: 'Standard', endsAt: '2027-01-01T00:00:00.000Z' } as {
    plan: string | null;
    planName: string;
    endsAt: string | null;
  },
} = {}) {
  const server = {
    calls: [] as Call[],
    /** The next answer of each /api/embed route (path after /api/embed/). */
    embed: {} as Record<string, Answer>,
    drafts: structuredClone(drafts) as { id: string; version: number; item: any }[],
    nextId: 1,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const path = url.pathname;
      server.calls.push({ method, path, body });
      if (path === '/api/user') return signedIn ? json(200, USER) : json(401, { success: false, error: 'Not signed in' });
      if (/^\/api\/guild\/\d+\/premium$/.test(path)) return json(200, { success: true, premium, limits: [] });
      const channelList = /^\/api\/guild\/(\d+)\/channels$/.exec(path);
      if (channelList) {
        const list = channels[channelList[1]!]
          ? [
              { id: GENERAL, name: 'general', type: 0 },
              { id: NEWS, name: 'announcements', type: 5 },
              { id: VOICE, name: 'Voice', type: 2 },
            ]
          : [{ id: VOICE, name: 'Voice', type: 2 }];
        return json(200, { success: true, channels: list });
      }
      const embed = /^\/api\/embed\/(.+)$/.exec(path);
      if (embed) {
        const answer = server.embed[embed[1]!] ?? { status: 200, body: { success: true, messageId: '900000000000000001' } };
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return json(answer.status, answer.body);
      }
      const base = `/api/guild/${GUILD}/collections/embeds`;
      if (path === base && method === 'GET') return json(200, { success: true, items: server.drafts, cap: 50 });
      if (path === base && method === 'POST') {
        const entry = { id: `e${server.nextId++}`, version: 1, item: { ...body.item, updated_at: '2026-11-22T10:00:00.000Z' } };
        server.drafts.push(entry);
        return json(201, { success: true, ...entry });
      }
      const one = new RegExp(`^${base}/([^/]+)(/duplicate)?$`).exec(path);
      if (one) {
        const entry = server.drafts.find((d) => d.id === one[1]);
        if (!entry) return json(404, { success: false, error: 'Not found' });
        if (one[2]) {
          const copy = {
            id: `e${server.nextId++}`,
            version: 1,
            item: { ...structuredClone(entry.item), name: `${entry.item.name} (Copy)` },
          };
          server.drafts.push(copy);
          return json(201, { success: true, ...copy });
        }
        if (method === 'PUT') {
          if (body.version !== entry.version) return json(409, { success: false, error: 'Changed since you loaded it', ...entry });
          entry.version += 1;
          entry.item = { ...body.item, updated_at: '2026-11-22T11:00:00.000Z' };
          return json(200, { success: true, ...entry });
        }
        if (method === 'DELETE') {
          server.drafts = server.drafts.filter((d) => d !== entry);
          return json(200, { success: true });
        }
      }
      return json(404, { success: false, error: `No fake for ${method} ${path}` });
    }),
  );
  return server;
}
