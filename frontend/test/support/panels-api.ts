// A fake of the panels collection API and the Deploy route for component tests (in place of fetch), answering as the
// backend contract says: entries { id, version, item }, 409 on a stale version, 400 with /item/... field paths from
// the same generated validator the server runs, '{title} (Copy)' on duplicate.
import { collections } from '@guildhall/generated/collections';
import { validateWith } from '@guildhall/generated/field-errors';
import type { PlanLimitStatus, TicketPanel } from '@guildhall/generated/types';
import { validateTicketPanel } from '@guildhall/generated/validators';
import { vi } from 'vitest';

export const GUILD = '1100000000000010000';
export const GENERAL = '400000000000000001';
export const ANNOUNCEMENTS = '400000000000000003';
const BASE = `/api/guild/${GUILD}`;
const COLLECTION = `${BASE}/collections/panels`;

export interface FakeEntry {
  id: string;
  version: number;
  item: TicketPanel;
}

export function panel(overrides: Partial<TicketPanel> = {}): TicketPanel {
  return {
    ...(structuredClone(collections.panels.defaults) as TicketPanel),
    channel_id: GENERAL,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body: any;
}

/** The panels' plan limit as GET .../collections/panels answers it (the Free plan allows 2, Standard 4). */
export const FREE_PANELS: PlanLimitStatus = {
  feature: 'Ticket Panel',
  planName: 'Free',
  max: 2,
  upgrade: { plan: 'standard', planName: 'Standard', max: 4 },
};

export const UNLIMITED_PANELS: PlanLimitStatus = { feature: 'Ticket Panel', planName: 'Unlimited', max: null, upgrade: null };

export function fakePanelsApi({
  items = [] as FakeEntry[],
  cap = 100,
  planLimit = UNLIMITED_PANELS as PlanLimitStatus,
  grants = undefined as Record<string, 'read' | 'write'> | undefined,
} = {}) {
  const server = {
    items: structuredClone(items),
    cap,
    calls: [] as Call[],
    /** Answers for the next calls of a kind, before the fake's own (a 400, a 409, a 502...). */
    answers: { list: [], put: [], post: [], deploy: [], channels: [], duplicate: [], delete: [] } as Record<
      'list' | 'put' | 'post' | 'deploy' | 'channels' | 'duplicate' | 'delete',
      { status: number; body: unknown }[]
    >,
    nextId: 1,
    writes: () => server.calls.filter((c) => c.method !== 'GET'),
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const invalid = (item: unknown) => {
    const own = Object.fromEntries(
      Object.entries(item as object).filter(([k]) => !['message_id', 'deployed', 'created_at', 'updated_at'].includes(k)),
    );
    const result = validateWith(validateTicketPanel, own);
    return result.ok
      ? { value: result.value as TicketPanel }
      : {
          error: json(400, {
            success: false,
            error: 'Ticket Panels: the item is not valid.',
            fieldErrors: result.fieldErrors.map((e) => ({ ...e, path: `/item${e.path}` })),
          }),
        };
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const path = url.pathname;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      server.calls.push({ method, path, body });
      const queued = (kind: keyof typeof server.answers) => server.answers[kind].shift();
      // The guild and the caller's access (issue 30): a manager, or a Dashboard Access grantee with `grants`.
      if (path === BASE)
        return json(200, {
          success: true,
          guild: { id: GUILD, name: 'Guild', iconURL: null },
          manager: !grants,
          ...(grants ? { grants } : {}),
        });
      if (path === `${BASE}/channels`) {
        const q = queued('channels');
        if (q) return json(q.status, q.body);
        return json(200, {
          success: true,
          channels: [
            { id: GENERAL, name: 'general', type: 0, position: 0 },
            { id: '400000000000000002', name: 'Voice', type: 2, position: 1 },
            { id: ANNOUNCEMENTS, name: 'support', type: 0, position: 2 },
          ],
        });
      }
      if (path === COLLECTION && method === 'GET') {
        const q = queued('list');
        if (q) return json(q.status, q.body);
        return json(200, { success: true, items: server.items, cap: server.cap, planLimit });
      }
      if (path === COLLECTION && method === 'POST') {
        const q = queued('post');
        if (q) return json(q.status, q.body);
        const checked = invalid(body.item);
        if (checked.error) return checked.error;
        const entry = {
          id: `p${server.nextId++}`,
          version: 1,
          item: {
            ...checked.value,
            message_id: null,
            deployed: false,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          },
        };
        server.items.push(entry);
        return json(200, { success: true, ...entry });
      }
      const one = new RegExp(`^${COLLECTION}/([^/]+)(/duplicate)?$`).exec(path);
      const deploy = new RegExp(`^${BASE}/tickets/panels/([^/]+)/deploy$`).exec(path);
      const id = one?.[1] ?? deploy?.[1];
      const index = server.items.findIndex((e) => e.id === id);
      const stored = server.items[index];
      if (deploy) {
        const q = queued('deploy');
        if (q) return json(q.status, q.body);
        if (!stored) return json(404, { success: false, error: 'Ticket Panels: no such item in this server.' });
        const channel = body?.channelId ?? stored.item.channel_id;
        if (!channel) return json(400, { success: false, error: 'Panel must have a channel assigned before deployment' });
        const redeployed = stored.item.message_id != null;
        stored.version += 1;
        stored.item = { ...stored.item, channel_id: channel, message_id: '500000000000000001', deployed: true };
        return json(200, { success: true, ...stored, message_id: '500000000000000001', channel_id: channel, redeployed });
      }
      if (!one) return json(404, { success: false, error: `No fake for ${method} ${path}` });
      if (!stored) return json(404, { success: false, error: 'Ticket Panels: no such item in this server.' });
      if (one[2] && method === 'POST') {
        const q = queued('duplicate');
        if (q) return json(q.status, q.body);
        const copy = {
          id: `p${server.nextId++}`,
          version: 1,
          item: {
            ...stored.item,
            title: `${stored.item.title} (Copy)`,
            message_id: null,
            deployed: false,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          },
        };
        server.items.push(copy);
        return json(200, { success: true, ...copy });
      }
      if (method === 'GET') return json(200, { success: true, ...stored });
      if (method === 'DELETE') {
        const q = queued('delete');
        if (q) return json(q.status, q.body);
        server.items.splice(index, 1);
        return json(200, { success: true });
      }
      if (method === 'PUT') {
        const q = queued('put');
        if (q) return json(q.status, q.body);
        if (body.version !== stored.version)
          return json(409, { success: false, error: 'This item was changed elsewhere since you loaded it.', ...stored });
        const checked = invalid(body.item);
        if (checked.error) return checked.error;
        const { message_id, deployed, created_at } = stored.item;
        stored.version += 1;
        stored.item = { ...checked.value, message_id, deployed, created_at, updated_at: new Date().toISOString() };
        return json(200, { success: true, ...stored });
      }
      return json(404, { success: false, error: `No fake for ${method} ${path}` });
    }),
  );
  return server;
}
