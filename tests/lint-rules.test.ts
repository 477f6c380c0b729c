import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint rules (eslint-rules/), run through ESLint's Node API with the repository's real flat config
// on planted sources, so a rule that is not wired into eslint.config.js fails here too. This file is the one place the
// config lets write the copies the rules refuse.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The messages of one rule for a planted file at `file` (a path in the repository; it need not exist). */
async function reports(code: string, file = 'backend/src/planted.ts', rule = 'guildhall/no-discord-copies') {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('no-discord-copies: the snowflake pattern is written once', () => {
  it.each([
    ['a regex literal', 'export const ID = /^[0-9]{17,20}$/;'],
    ['a drifted regex literal (17 to 19)', 'export const USER_ID = /^[0-9]{17,19}$/;'],
    ['\\d in a mention pattern', 'export const USER = /^<@!?(\\d{17,20})>/;'],
    ['a string made a RegExp', "export const ID = new RegExp('^[0-9]{17,20}$');"],
    ['a template', 'export const hook = (base: string) => new RegExp(`^${base}/webhooks/([0-9]{17,20})/`);'],
    ['an open-ended quantifier', 'export const ID = /^\\d{18,}$/;'],
  ])('reports %s', async (_what, code) => {
    expect(await reports(code)).toEqual([expect.stringContaining("'@guildhall/common/discord/ids'")]);
  });

  it('reports it in every workspace, tests and scripts included', async () => {
    const code = 'export const ID = /^[0-9]{17,20}$/;';
    for (const file of ['frontend/src/planted.tsx', 'common/src/planted.ts', 'backend/test/planted.test.ts', 'scripts/planted.mjs'])
      expect({ file, reports: await reports(code, file) }).toEqual({ file, reports: [expect.any(String)] });
  });

  it.each([
    ['a sample id (data, not a pattern)', "export const GUILD = '123456789012345678';"],
    ['a token length', 'export const TOKEN = /^\\S{16,}$/;'],
    ['a cookie', 'export const COOKIE = /^XSRF-TOKEN=[^;]{16,};/;'],
    ['another digit count', 'export const VERSION = /\\/v\\d{1,2}\\//;'],
    [
      'the common module in use',
      "import { SNOWFLAKE_DIGITS } from '@guildhall/common/discord/ids';\nexport const ROLE = new RegExp(`^<@&(${SNOWFLAKE_DIGITS})>`);",
    ],
  ])('lets %s pass', async (_what, code) => {
    expect(await reports(code)).toEqual([]);
  });
});

describe('no-discord-copies: Discord error codes come from discord-api-types', () => {
  it.each([
    ['a comparison', 'export const denied = (code: number) => code === 50013;', 50013],
    ['a negated comparison', 'export const found = (code: number) => 10008 !== code;', 10008],
    ['a case', 'export function f(code: number) {\n  switch (code) {\n    case 50007:\n      return 1;\n  }\n  return 0;\n}', 50007],
    ['an object key', "export const WORDS = { 30005: 'too many roles' };", 30005],
    ['a list', 'export const GONE = new Set([10003]);', 10003],
  ])('reports %s', async (_what, code, number) => {
    expect(await reports(code)).toEqual([expect.stringContaining(`error code ${number} written as a number`)]);
  });

  it('names the code to use instead', async () => {
    expect(await reports('export const denied = (code: number) => code === 50013;')).toEqual([
      "Discord's error code 50013 written as a number: use DiscordErrorCode.MissingPermissions from '@guildhall/common/discord/errors'.",
    ]);
  });

  it.each([
    [
      'the named code',
      "import { DiscordErrorCode } from '@guildhall/common/discord/errors';\nexport const denied = (code: number) => code === DiscordErrorCode.MissingPermissions;",
    ],
    ['a number that is no code', 'export const full = (n: number) => n === 10000 || n === 250;'],
    [
      'a code-valued number that is a quantity (3 minutes)',
      'export const TTL_MS = 180000;\nexport const wait = (f: () => void) => setTimeout(f, 50013);',
    ],
    ['0, the general error, as an ordinary number', 'export const none = (n: number) => n === 0;'],
  ])('lets %s pass', async (_what, code) => {
    expect(await reports(code)).toEqual([]);
  });
});
