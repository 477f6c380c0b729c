// No test or script reads a file outside the repository: a fresh clone anywhere must pass. Discord's OpenAPI document
// happens to lie beside this checkout (for people to read), so a path climbing out to it would work here and fail
// everywhere else. The first suite looks for such paths in the code; the second proves the one suite that used to
// need it, the sandbox's Discord conformance, passes in a copy of the repository with nothing beside it.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, copyRepository, repositoryFiles, type RepoCopy } from './support/repo-copy.js';

const CODE = /\.(?:[cm]?[jt]sx?)$/;
// Spelled in pieces so this file does not name what it looks for.
const OUTSIDE_FOLDER = 'shared';
const OUTSIDE_DOCUMENT = [OUTSIDE_FOLDER, 'discord-api-spec'].join('/');

/** Places in one file's text that name a folder `shared` outside the repository (or Discord's document by name). */
function outsidePaths(file: string, text: string): string[] {
  const found: string[] = [];
  const dir = path.dirname(path.join(REPO_ROOT, file));
  for (const match of text.matchAll(/(?:\.\.\/)+shared\b[^'"`\s]*/g)) {
    const resolved = path.relative(REPO_ROOT, path.resolve(dir, match[0]));
    if (resolved.startsWith('..')) found.push(match[0]);
  }
  // The same climb spelled as path segments: path.join(root, '..', <that folder>, ...)
  for (const match of text.matchAll(/['"`]\.\.['"`]\s*,\s*['"`]shared['"`/]/g)) found.push(match[0]);
  for (let at = text.indexOf(OUTSIDE_DOCUMENT); at >= 0; at = text.indexOf(OUTSIDE_DOCUMENT, at + 1)) found.push(OUTSIDE_DOCUMENT);
  return found;
}

describe('no code names a path outside the repository', () => {
  it('finds none in any source, test, script or config file', () => {
    const files = repositoryFiles().filter((file) => CODE.test(file));
    expect(files).toEqual(expect.arrayContaining(['sandboxes/discord/test/sandbox.conformance.test.ts', 'tests/self-contained.test.ts']));
    const offenders = files.flatMap((file) =>
      outsidePaths(file, readFileSync(path.join(REPO_ROOT, file), 'utf8')).map((p) => `${file}: ${p}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch the old conformance path, and not a sibling folder inside the repository', () => {
    const up = '../';
    expect(
      outsidePaths('backend/test/sandbox.conformance.test.ts', `path.resolve(here, '${up.repeat(3)}${OUTSIDE_DOCUMENT}/openapi.json')`),
    ).not.toEqual([]);
    expect(outsidePaths('scripts/x.mjs', `path.join(root, '..', '${OUTSIDE_FOLDER}', 'spec')`)).not.toEqual([]);
    expect(outsidePaths('backend/src/x.ts', `// see ${OUTSIDE_DOCUMENT}/README`)).not.toEqual([]);
    // frontend/src/pages/manage/shared/ is the repository's own folder.
    expect(outsidePaths('frontend/src/pages/manage/welcome/PlaceholderPanel.tsx', `from '${up}${OUTSIDE_FOLDER}/placeholders'`)).toEqual(
      [],
    );
  });
});

describe('the sandbox conformance suite in a copy of the repository with nothing beside it', () => {
  let copy: RepoCopy;

  beforeAll(async () => {
    copy = await copyRepository();
  }, 120_000);
  afterAll(() => copy?.cleanup());

  it('stands alone: the copy is the only thing in its folder', () => {
    expect(readdirSync(path.dirname(copy.root))).toEqual([path.basename(copy.root)]);
  });

  it('passes, reading Discord’s schemas from the npm package', async () => {
    const result = await copy.run('node_modules/.bin/vitest', ['run', '--project', 'sandbox-discord', 'test/sandbox.conformance.test.ts'], {
      env: { NO_COLOR: '1' },
    });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('sandbox.conformance.test.ts');
    // Every test ran and passed: "Tests  23 passed (23)", not "22 passed | 1 skipped (23)".
    const [, passed, total] = /Tests\s+(\d+) passed \((\d+)\)/.exec(result.output) ?? [];
    expect(Number(passed), result.output).toBeGreaterThan(0);
    expect(passed).toBe(total);
  }, 300_000);
});
