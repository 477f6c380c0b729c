import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../backend/test/support/browser.js';
import { chromiumLaunchOptions, startServer, stopServer } from '../scripts/bench/support.mjs';
import { copyRepository, type RepoCopy } from './support/repo-copy.js';

// "Adding a section is a schema and one row of schemas/sections.json" (ARCHITECTURE.md), tested as a maintainer
// would do it: in a copy of the repository, add a throwaway section, generate, type-check, build, start the app,
// and see the section served by the API and rendered by the dashboard, with no backend or frontend file touched.

const SECTION = 'polls';
const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://guildhall.dev/schemas/settings/polls.json',
  title: 'Polls settings',
  description: 'A throwaway section: proves that a schema and one table row make a working settings page.',
  type: 'object',
  additionalProperties: false,
  properties: {
    enabled: {
      title: 'Polls',
      description: 'Let members start polls.',
      type: 'boolean',
      default: false,
      'x-ui': { order: 1, widget: 'toggle' },
    },
    question: {
      title: 'Default question',
      description: 'Asked when a poll names none.',
      type: 'string',
      maxLength: 40,
      default: 'What should we play tonight?',
      'x-ui': { order: 2 },
      'x-messages': { maxLength: 'Keep the question to {limit} characters' },
    },
    channel: { $ref: '../common/channel-reference.json', title: 'Poll channel', default: null, 'x-ui': { order: 3 } },
  },
  'x-messages': { additionalProperties: 'Unknown setting: {name}' },
};
const ROW = {
  name: SECTION,
  schema: 'settings/polls.json',
  storageKey: 'polls',
  title: 'Polls',
  description: 'Ask the server a question and count the answers.',
  path: 'polls',
  menuGroup: 'basic-features',
  policy: 'manage-guild',
};
const TOO_LONG = 'x'.repeat(41);

describe('a throwaway section added as a schema and one table row', () => {
  let copy: RepoCopy;
  let app: ChildProcess | undefined;
  let browser: Browser | undefined;
  let url = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-throwaway-data-'));

  beforeAll(async () => {
    copy = await copyRepository();
    writeFileSync(path.join(copy.root, 'schemas/settings/polls.json'), JSON.stringify(SCHEMA, null, 2));
    const tablePath = path.join(copy.root, 'schemas/sections.json');
    const table = JSON.parse(readFileSync(tablePath, 'utf8'));
    table.sections.push(ROW);
    writeFileSync(tablePath, JSON.stringify(table, null, 2));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (app) await stopServer(app);
    copy?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates, type-checks and builds with no other file changed', async () => {
    const generate = await copy.run('node', ['scripts/generate/index.mjs']);
    expect(generate.code, generate.output).toBe(0);
    for (const project of ['backend/tsconfig.json', 'frontend/tsconfig.json']) {
      const tsc = await copy.run('node_modules/.bin/tsc', ['-p', project]);
      expect(tsc.code, `${project}\n${tsc.output}`).toBe(0);
    }
    const build = await copy.run('npm', ['run', '-s', 'build']);
    expect(build.code, build.output).toBe(0);
  }, 240_000);

  it('a misspelt section name in the frontend fails the type check', async () => {
    const probe = path.join(copy.root, 'frontend/src/probe-wrong-name.tsx');
    writeFileSync(
      probe,
      ["import { SchemaForm } from './form/SchemaForm';", 'export const Probe = () => <SchemaForm guildId="1" section="pols" />;'].join(
        '\n',
      ),
    );
    try {
      const tsc = await copy.run('node_modules/.bin/tsc', ['-p', 'frontend/tsconfig.json']);
      expect(tsc.code).not.toBe(0);
      expect(tsc.output).toContain('"pols"');
    } finally {
      rmSync(probe);
    }
  }, 120_000);

  describe('the running app', () => {
    let owner: TestBrowser;
    let guildId = '';

    beforeAll(async () => {
      // The copy's own built app, in a process of its own; PUBLIC_URL defaults to localhost, where the cookies go.
      const started = await startServer('app-server.mjs', { DATA_DIR: dataDir }, copy.root);
      app = started.child;
      url = started.url.replace('127.0.0.1', 'localhost');
      owner = new TestBrowser(url);
      await owner.signIn('demo-owner');
      const guilds = (await owner.json('/api/user')).body.guilds as { id: string; settingsUrl: string }[];
      guildId = guilds.find((g) => g.settingsUrl.startsWith('/manage/'))!.id;
    }, 90_000);

    it('serves the section: defaults at version 0, its schema, its OpenAPI path, and 400 with the schema message', async () => {
      const got = await owner.json(`/api/guild/${guildId}/settings/${SECTION}`);
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({
        success: true,
        section: SECTION,
        version: 0,
        settings: { enabled: false, question: 'What should we play tonight?', channel: null },
      });

      const schema = await owner.json(`/api/schemas/${SECTION}`);
      expect(schema.status).toBe(200);
      expect(schema.body.$id).toBe(SCHEMA.$id);
      const openapi = await owner.json('/api/openapi.json');
      expect(Object.keys(openapi.body.paths)).toContain(`/api/guild/{guildId}/settings/${SECTION}`);

      const bad = await owner.json(`/api/guild/${guildId}/settings/${SECTION}`, {
        method: 'PUT',
        json: { version: 0, settings: { enabled: true, question: TOO_LONG } },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fieldErrors).toEqual([{ path: '/settings/question', message: 'Keep the question to 40 characters' }]);
    });

    it('renders the section in the dashboard: sidebar entry, title, fields from the schema, and a save', async () => {
      browser = await chromium.launch(chromiumLaunchOptions);
      const page = await browser.newPage();
      const authorize = `${url}/api/login`;
      await page.goto(authorize);
      await page.getByRole('button', { name: /\(demo-owner\)/ }).click();
      await page.waitForURL(/\/selector$/);
      await page.goto(`${url}/manage/${guildId}/dashboard`);
      const link = page.getByRole('navigation', { name: 'Server management' }).getByRole('link', { name: 'Polls' });
      await link.click();
      await page.waitForURL(new RegExp(`/manage/${guildId}/polls$`));
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Polls');
      expect(await page.title()).toBe('Polls | Guildhall');
      await expect.poll(() => page.getByText('Ask the server a question and count the answers.').count()).toBeGreaterThan(0);

      const question = page.getByLabel('Default question');
      expect(await question.inputValue()).toBe('What should we play tonight?');
      await question.fill(TOO_LONG);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect.poll(() => page.getByText('Keep the question to 40 characters').count()).toBeGreaterThan(0);

      await question.fill('Which map next?');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect.poll(() => page.getByText('Settings saved successfully!').count()).toBeGreaterThan(0);
      const saved = await owner.json(`/api/guild/${guildId}/settings/${SECTION}`);
      expect(saved.body).toMatchObject({ version: 1, settings: { question: 'Which map next?' } });
    }, 60_000);
  });
});
