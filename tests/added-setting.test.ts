import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRepository, type RepoCopy } from './support/repo-copy.js';

// "Adding a setting is its schema and `npm run generate`" (ARCHITECTURE.md), tested as a maintainer does it: in a copy
// of the repository, add a boolean with its default to a live section's schema, generate, and run every suite that
// names the section. None may need an edit: a test reads a live section's fields and defaults from the generated
// module (the server fills defaults into stored documents; fakes of the API do the same), and a test that needs an
// exact layout or a whole document uses a throwaway fixture of its own.

const SECTION = 'moderation';
/** This repository's schemas, as they were before the copy's change. */
const REPO_SCHEMAS = path.join(import.meta.dirname, '../schemas/settings');
const SETTING = 'probe_setting';
// Default true: a test that pins the whole document sees a key it does not expect, and a missing key is not false.
const PROPERTY = { title: 'Probe setting', description: 'Added by tests/added-setting.test.ts.', type: 'boolean', default: true };

/** The test files (backend, frontend, common) that name the section: as a string, in a path or as a module. */
function suitesNaming(root: string, section: string): string[] {
  const names = new RegExp(`['"\`/]${section}['"\`/.]`);
  const found: string[] = [];
  for (const dir of ['backend/test', 'frontend/test', 'common/test']) {
    const walk = (rel: string) => {
      for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
        const file = `${rel}/${entry.name}`;
        if (entry.isDirectory()) walk(file);
        else if (/\.test\.tsx?$/.test(entry.name) && names.test(readFileSync(path.join(root, file), 'utf8'))) found.push(file);
      }
    };
    walk(dir);
  }
  return found.sort();
}

describe(`a setting added to the live ${SECTION} section's schema`, () => {
  let copy: RepoCopy;
  let suites: string[] = [];

  beforeAll(async () => {
    copy = await copyRepository();
    const schemaPath = path.join(copy.root, `schemas/settings/${SECTION}.json`);
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
    expect(schema.properties[SETTING]).toBeUndefined();
    schema.properties[SETTING] = PROPERTY;
    writeFileSync(schemaPath, JSON.stringify(schema, null, 2));
    const generate = await copy.run('node', ['scripts/generate/index.mjs']);
    expect(generate.code, generate.output).toBe(0);
    suites = suitesNaming(copy.root, SECTION);
  }, 180_000);

  afterAll(() => copy?.cleanup());

  it('is generated into the section: its default is in the defaults the server and the form use', async () => {
    const module = readFileSync(path.join(copy.root, `generated/sections/${SECTION}.js`), 'utf8');
    const defaults = module.split('\n').find((line) => line.startsWith('export const defaults'));
    expect(defaults).toContain(`${SETTING}: true`);
    // The suites below are the ones that could pin the section: both sides are among them.
    expect(suites.some((file) => file.startsWith('backend/'))).toBe(true);
    expect(suites.some((file) => file.startsWith('frontend/'))).toBe(true);
  });

  it(
    'passes every suite that names the section, with no test edited',
    async () => {
      const run = await copy.run('node_modules/.bin/vitest', ['run', ...suites], { timeoutMs: 15 * 60_000 });
      expect(run.code, `${suites.join('\n')}\n${run.output.slice(-6000)}`).toBe(0);
    },
    16 * 60_000,
  );

  it(
    'would fail a suite that pinned the whole document (the run above can fail)',
    async () => {
      // A test of the old kind, planted in the copy: the section's exact list of fields, written by hand.
      const before = Object.keys(JSON.parse(readFileSync(path.join(REPO_SCHEMAS, `${SECTION}.json`), 'utf8')).properties);
      const planted = 'backend/test/pinned-fields.test.ts';
      writeFileSync(
        path.join(copy.root, planted),
        [
          "import { expect, it } from 'vitest';",
          `import { defaults } from '@guildhall/generated/sections/${SECTION}.js';`,
          `it('pins the fields', () => expect(Object.keys(defaults).sort()).toEqual(${JSON.stringify(before.sort())}));`,
        ].join('\n'),
      );
      const run = await copy.run('node_modules/.bin/vitest', ['run', planted], { timeoutMs: 5 * 60_000 });
      expect(run.code).not.toBe(0);
      expect(run.output).toContain(SETTING);
    },
    6 * 60_000,
  );
});
