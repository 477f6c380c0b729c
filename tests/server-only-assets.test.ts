// Nothing only the server needs reaches the browser: no built asset of the frontend (scripts, styles, HTML, the source
// maps served beside them) names a server-only schema's $id or an environment variable the server reads. Both lists are
// read from the sources, not written here: the environment is the schemas of the config group (compile.mjs'
// ENVIRONMENT_GROUP) and its properties; the server-only schemas are that environment, the export document that
// derive-export.mjs writes and what embeds it whole (the import request), the payloads of the operations that only
// the bot or the payment provider calls (operations.json's `access`), and what only those schemas refer to.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENT_GROUP } from '../scripts/generate/compile.mjs';
import { EXPORT_REL } from '../scripts/generate/derive-export.mjs';
import { ID_BASE, load } from '../scripts/generate/load.mjs';
import { builtFrontend } from '../scripts/support/frontend-build.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** The credentials no browser holds: the bot's token (the bot API) and the payment provider's signature (its webhook). */
const MACHINE_ACCESS = new Set(['bot', 'provider']);

type SchemaFile = { id: string; group: string; typeName: string; schema: unknown };
type Operation = { access: string; request?: string; response?: string };
/** What this test reads of load()'s catalog. */
type Catalog = { files: SchemaFile[]; operations: Operation[]; sections: { file: SchemaFile }[]; collections: { file: SchemaFile }[] };

/** The other schema files a file's $refs name, each with whether the ref takes the whole file (no fragment). */
function refsOf(file: SchemaFile): Map<string, boolean> {
  const out = new Map<string, boolean>();
  JSON.stringify(file.schema, (key, value) => {
    if (key === '$ref' && typeof value === 'string') {
      const url = new URL(value, file.id);
      const id = url.href.replace(/#.*$/, '');
      if (id !== file.id) out.set(id, (out.get(id) ?? false) || url.hash === '' || url.hash === '#');
    }
    return value;
  });
  return out;
}

function serverOnlySchemas(catalog: Catalog): Map<string, string> {
  const files = catalog.files;
  const byType = new Map(files.map((file) => [file.typeName, file]));
  const named = (machine: boolean) =>
    new Set(
      catalog.operations
        .filter((op) => MACHINE_ACCESS.has(op.access) === machine)
        .flatMap((op) => [op.request, op.response])
        .filter((type): type is string => typeof type === 'string')
        .map((type) => byType.get(type)!.id),
    );
  const browserNamed = named(false);
  const forms = new Set([...catalog.sections, ...catalog.collections].map((row) => row.file.id));
  const shared = (id: string) => browserNamed.has(id) || forms.has(id);
  const why = new Map<string, string>();
  const exportId = ID_BASE + EXPORT_REL;
  for (const file of files) {
    if (file.group === ENVIRONMENT_GROUP) why.set(file.id, 'the environment');
    else if (file.id === exportId || refsOf(file).get(exportId)) why.set(file.id, 'the export and import documents');
  }
  for (const id of named(true)) if (!shared(id)) why.set(id, 'a payload of the bot API or the payment webhook');
  // What only server-only schemas refer to (a transcript's message, in the bot's upload) is the server's too.
  const referrers = new Map<string, string[]>();
  for (const file of files) for (const target of refsOf(file).keys()) referrers.set(target, [...(referrers.get(target) ?? []), file.id]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [target, from] of referrers) {
      if (why.has(target) || shared(target) || !from.every((id) => why.has(id))) continue;
      why.set(target, `referred to only by ${from.join(', ')}`);
      grown = true;
    }
  }
  return why;
}

/** Every file below `dir`, by its path from there. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesBelow(path.join(dir, entry.name)).map((name) => `${entry.name}/${name}`) : [entry.name],
  );
}

/**
 * NODE_ENV is everyone's, not the server's: the bundler defines it for every build, and libraries (React, RJSF) read it.
 * The one name of the environment schema that the browser's code may say.
 */
const EVERYONES = new Set(['NODE_ENV']);

/** A name as a word: SESSION_SECRET, not the SESSION_SECRET_FILE of something else (nor PORT in IMPORT). */
const asWord = (name: string) => new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`);

describe('what the browser gets names nothing only the server needs (built frontend)', () => {
  let build: ReturnType<typeof builtFrontend> | undefined;
  let assets: { name: string; text: string }[];
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = (await load(path.join(REPO, 'schemas'))) as unknown as Catalog;
    build = builtFrontend();
    const dist = build.dist;
    assets = filesBelow(dist)
      .filter((name) => !name.startsWith('.vite/')) // the build's manifest: for tools, never served
      .map((name) => ({ name, text: readFileSync(path.join(dist, name), 'utf8') }));
  }, 120_000);
  afterAll(() => build?.remove());

  it("derives the lists from the sources: the environment's names, the export document, the bot's and the webhook's payloads", () => {
    const why = serverOnlySchemas(catalog);
    const environment = catalog.files.filter((file) => file.group === ENVIRONMENT_GROUP);
    expect(environment.length).toBeGreaterThan(0);
    expect(environmentNames(catalog)).toEqual(expect.arrayContaining(['SESSION_SECRET', 'RAZORPAY_KEY_SECRET', 'BOT_API_TOKEN']));
    const ids = [...why.keys()].map((id) => id.slice(ID_BASE.length));
    expect(ids).toEqual(
      expect.arrayContaining([
        'config/environment.json',
        'api/guild-export.json',
        'api/guild-import-request.json',
        'api/payment-webhook-event.json',
        'api/transcript-upload.json',
        'api/bot-settings-bulk-request.json',
      ]),
    );
    // A form's schema and what the browser's own requests carry are never on it.
    expect(ids).not.toContain('settings/basic.json');
    expect(ids).not.toContain('api/success-response.json');
  });

  it('finds every section schema $id it should (the scan reads what the browser loads, and ids survive the build)', () => {
    for (const section of catalog.sections) {
      expect(
        assets.some((asset) => asset.text.includes(section.file.id)),
        section.file.id,
      ).toBe(true);
    }
  });

  it('holds no server-only schema $id in any asset', () => {
    const offenders: string[] = [];
    for (const [id, why] of serverOnlySchemas(catalog))
      for (const asset of assets) if (asset.text.includes(id)) offenders.push(`${asset.name}: ${id} (${why})`);
    expect(offenders.slice(0, 10)).toEqual([]);
  });

  it('holds no name of an environment variable the server reads in any asset', () => {
    const offenders: string[] = [];
    for (const name of environmentNames(catalog).filter((name) => !EVERYONES.has(name)))
      for (const asset of assets) if (asWord(name).test(asset.text)) offenders.push(`${asset.name}: ${name}`);
    expect(offenders.slice(0, 10)).toEqual([]);
  });
});

function environmentNames(catalog: Catalog): string[] {
  return catalog.files
    .filter((file) => file.group === ENVIRONMENT_GROUP)
    .flatMap((file) => Object.keys((file.schema as { properties?: object }).properties ?? {}));
}
