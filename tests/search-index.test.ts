// The command palette's index (generated/search-index.js, step 8d of scripts/generate): every section and every field
// its form shows, read from the schemas. A setting added to a schema is findable with no code: the generator, run
// in-process over a copy of schemas/ with one field more, indexes it with its title, description and tab.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { searchIndex } from '@guildhall/generated/search-index.js';
import { sectionPages } from '@guildhall/generated/section-pages';
import { generate } from '../scripts/generate/index.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const temps: string[] = [];
afterAll(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

type Index = typeof searchIndex;
const fieldOf = (index: Index, section: string, pointer: string) =>
  index.sections.find((s) => s.name === section)?.fields.find((f) => f.pointer === pointer);

describe('the search index', () => {
  it('lists every section of the table with its page, in the table order', () => {
    expect(searchIndex.sections.map((s) => [s.name, s.title, s.path])).toEqual(
      Object.values(sectionPages).map((p) => [p.name, p.title, p.path]),
    );
  });

  it("gives a field inside a tab that tab: AntiNuke's Anti Webhook sits in Protection", () => {
    expect(fieldOf(searchIndex, 'antinuke', '/modules/anti_webhook')).toEqual({
      pointer: '/modules/anti_webhook',
      title: 'Anti Webhook',
      description: expect.stringContaining('webhook'),
      tab: 'protection',
      tabTitle: 'Protection',
    });
    expect(fieldOf(searchIndex, 'antinuke', '/enabled')?.tab).toBe('general');
  });

  it("follows $refs with the words beside them, nested objects and lists' items, and leaves hidden fields out", () => {
    // welcome and farewell are one $def refined per use: each shows its own titles.
    expect(fieldOf(searchIndex, 'greeting', '/farewell/channel')).toMatchObject({ title: 'Farewell channel', tab: 'message' });
    expect(fieldOf(searchIndex, 'greeting', '/welcome/embed/author/name')).toMatchObject({ title: 'Author name', tab: 'embed' });
    expect(fieldOf(searchIndex, 'dashboard-access', '/roles/-/level')?.title).toBe('Access');
    // Join DMs' on/off is the status card's, not a field of the form.
    expect(fieldOf(searchIndex, 'joindms', '/enabled')).toBeUndefined();
  });

  it('indexes a setting added to a schema, with no code: its title, description and tab', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'guildhall-search-index-'));
    temps.push(dir);
    cpSync(path.join(REPO, 'schemas'), dir, { recursive: true });
    const file = path.join(dir, 'settings/antinuke.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.bypass_permissions.properties.can_timeout = {
      title: 'Can time out',
      description: 'Time members out without being punished.',
      type: 'boolean',
      default: false,
      'x-ui': { widget: 'toggle' },
    };
    writeFileSync(file, JSON.stringify(schema, null, 2));
    const before = fieldOf(searchIndex, 'antinuke', '/bypass_permissions/can_timeout');
    expect(before).toBeUndefined();

    const files = await generate(dir);
    const index = JSON.parse(files['search-index.json']!) as Index;
    expect(fieldOf(index, 'antinuke', '/bypass_permissions/can_timeout')).toEqual({
      pointer: '/bypass_permissions/can_timeout',
      title: 'Can time out',
      description: 'Time members out without being punished.',
      tab: 'permissions',
      tabTitle: 'Permissions',
    });
  }, 120_000);
});
