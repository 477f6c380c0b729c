// A fake of the Bot Personalizer's routes (settings, image upload, status, apply, reset) and what its page reads beside
// them (the user, the guild), over fetch: answers shaped as the generated types say.
import type { PersonalizerApplyResponse, PersonalizerSettings, PersonalizerStatus, StoredImage } from '@guildhall/generated/types';
import { vi } from 'vitest';

export const GUILD = '1100000000000010000';
export const BOT_ID = '1100000000000000900';
const USER_ID = '1100000000000000101';
/** 64 hex digits, as the server names an image (the SHA-256 of its bytes). */
export const IMAGE_A = 'a'.repeat(64);
export const IMAGE_B = 'b'.repeat(64);

export const USER = {
  success: true,
  id: USER_ID,
  username: 'demo-owner',
  global_name: 'Demo Owner',
  avatar: null,
  discriminator: '0',
  email: null,
  discord_id: USER_ID,
  guilds: [
    { id: GUILD, name: 'Guildhall Community', iconURL: null, settingsUrl: `/manage/${GUILD}/dashboard`, permissions: '8', owner: true },
  ],
};

export function statusOf(overrides: Partial<PersonalizerStatus> = {}): PersonalizerStatus {
  return {
    success: true,
    bot: { id: BOT_ID, username: 'guildhall', global_name: 'Guildhall', avatar: null },
    live: { nick: null, avatar: null, banner: null },
    applied: null,
    fields: { nick: 'live', avatar: 'live', banner: 'live', bio: 'unknown' },
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body: unknown };

export interface FakeOptions {
  settings?: Partial<PersonalizerSettings>;
  status?: PersonalizerStatus | Answer;
  upload?: StoredImage | Answer;
  apply?: PersonalizerApplyResponse | Answer;
  reset?: PersonalizerApplyResponse | Answer;
  /** The caller's Dashboard Access grants (a grantee, not a manager). */
  grants?: Record<string, 'read' | 'write'>;
}

const isAnswer = (value: unknown): value is Answer =>
  !!value && typeof value === 'object' && 'status' in value && typeof (value as Answer).status === 'number';

/** Serves the fake; returns the calls made (method, path, parsed body). A PUT keeps the document, with a new version. */
export function fakePersonalizerApi(options: FakeOptions = {}) {
  const calls: Call[] = [];
  let version = 2;
  let settings: PersonalizerSettings = { nick: '', avatar: '', banner: '', bio: '', ...options.settings };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const answer = (value: unknown, ok: (v: never) => unknown = (v) => v) =>
    isAnswer(value) ? json(value.status, value.body) : json(200, ok(value as never));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input).split('?')[0]!;
      const method = (init.method ?? 'GET').toUpperCase();
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, path, body });
      const base = `/api/guild/${GUILD}`;
      if (path === '/api/user') return json(200, USER);
      if (path === base)
        return json(200, {
          success: true,
          guild: { id: GUILD, name: 'Guildhall Community', iconURL: null },
          ...(options.grants ? { manager: false, grants: options.grants } : { manager: true }),
        });
      if (path === `${base}/settings/personalizer` && method === 'GET')
        return json(200, { success: true, section: 'personalizer', version, settings });
      if (path === `${base}/settings/personalizer` && method === 'PUT') {
        settings = (body as { settings: PersonalizerSettings }).settings;
        version += 1;
        return json(200, { success: true, section: 'personalizer', version, settings });
      }
      if (path === `${base}/personalizer/status`) return answer(options.status ?? statusOf());
      const upload = /\/settings\/personalizer\/images\/(avatar|banner)$/.exec(path);
      if (upload && method === 'POST')
        return answer(options.upload ?? { id: IMAGE_A, type: 'image/png', width: 128, height: 128, bytes: 1234 }, (image) => ({
          success: true,
          image,
        }));
      if (path === `${base}/personalizer/apply` && method === 'POST') return answer(options.apply);
      if (path === `${base}/personalizer/reset` && method === 'POST') return answer(options.reset);
      return json(404, { success: false, error: `no fake for ${method} ${path}` });
    }),
  );
  return calls;
}
