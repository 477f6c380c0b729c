import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The frontend calls the API only through the generated client and builds every query key in api/query-keys.ts
// (issue 27). eslint.config.js says so; these tests run the repository's real config through ESLint's Node API on
// planted sources, so the rules fire on each bypass, stay quiet on the way the app does it, and a config that loses
// them fails here.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The messages of the restriction rules for a planted file at `file` (a path in the repository; it need not exist). */
async function reports(code: string, file = 'frontend/src/pages/manage/Planted.tsx') {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const CLIENT = 'Call the API through the generated client';
const KEYS = 'Build query keys with `queryKeys` of api/query-keys.ts';

describe('the frontend calls the API through the generated client', () => {
  it.each([
    ['a fetch of an API path', "export const load = () => fetch('/api/guild/1/stats');"],
    [
      'the fetch wrapper with a hand-built path',
      "import { api } from '../../api/client';\nexport const load = () => api('/api/guild/1/stats');",
    ],
    ['the fetch wrapper beside the client', "import { api, client } from '../../../api/client';\nexport const x = [api, client];"],
  ])('reports %s', async (_what, code) => {
    expect(await reports(code)).toEqual([expect.stringContaining(CLIENT)]);
  });

  it('reports the wrapper imported inside api/ too, but for the sandbox viewer (not an API operation)', async () => {
    const code = "import { api } from './client';\nexport const x = api;";
    expect(await reports(code, 'frontend/src/api/planted.ts')).toEqual([expect.stringContaining(CLIENT)]);
    expect(await reports(code, 'frontend/src/api/sandbox-viewer.ts')).toEqual([]);
  });

  it('lets the generated client and the fetch wrapper itself pass', async () => {
    expect(await reports("import { client } from '../../api/client';\nexport const load = () => client.getGuildStats('1');")).toEqual([]);
    expect(await reports("export const load = () => fetch('/api/user');", 'frontend/src/api/client.ts')).toEqual([]);
  });
});

describe('every query key comes from api/query-keys.ts', () => {
  it.each([
    ['a useQuery key', "export const options = { queryKey: ['guild', '1', 'stats'], queryFn: () => 1 };"],
    ['an invalidation', "export const stale = (q: any) => q.invalidateQueries({ queryKey: ['guild', '1', 'history'] });"],
    ['a key spread and extended', "export const options = { queryKey: [...keys.stats('1'), 'more'] };"],
    ['setQueryData', "export const put = (q: any) => q.setQueryData(['guild', '1', 'tickets', 'categories'], {});"],
    ['getQueryData', "export const get = (q: any) => q.getQueryData(['user']);"],
  ])('reports %s', async (_what, code) => {
    expect(await reports(code)).toEqual([expect.stringContaining(KEYS)]);
  });

  it('lets keys built by queryKeys pass, and query-keys.ts build them', async () => {
    const code = [
      "import { queryKeys } from '../../api/query-keys';",
      "export const options = { queryKey: queryKeys.stats('1'), queryFn: () => 1 };",
      "export const stale = (q: any) => q.invalidateQueries({ queryKey: queryKeys.allHistory('1') });",
      "export const put = (q: any) => q.setQueryData(queryKeys.ticketCategories('1'), {});",
    ].join('\n');
    expect(await reports(code)).toEqual([]);
    expect(await reports("export const queryKeys = { user: ['user'] as const };", 'frontend/src/api/query-keys.ts')).toEqual([]);
  });
});
