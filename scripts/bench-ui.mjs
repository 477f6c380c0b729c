#!/usr/bin/env node
// `npm run bench:ui`: what the browser feels, measured outside the test suites (a slow machine must not fail a test).
//  - keystroke-to-paint on every settings page (each section of the table): Debian's Chromium, signed in as
//    demo-owner against the built app (PGlite in a temp DATA_DIR, the Discord sandbox), typing into the first text
//    field of the page's form, or where the section's row of MEASURE says so, into the field it names after storing
//    the state it names (AntiNuke: the whitelist's search box with 100 whitelisted users); budget: median <= 16 ms
//    (one frame at 60 Hz).
//  - keystroke-to-paint in the ticket panel editor (tickets/panel), with a panel whose every embed field is filled: the
//    advanced embed editor's title and the settings dialog's title (which redraws the small preview); same budget.
//  - keystroke-to-paint in the embed builder (embeds) with 10 embeds x 25 fields loaded from a saved embed: the 10th
//    embed's title and its 25th field's value (each redraws that embed's preview and the counters); same budget.
//  - JavaScript per public route: the entry chunk and the route's page chunk with everything they import statically,
//    each file gzip-compressed on its own as a browser fetches it, read from Vite's manifest; budget: 120 KB.
// Builds the app first unless backend/dist and frontend/dist are newer than their sources. Prints a table per figure
// and a JSON line; exits 1 when a figure is over budget.
/* global window, performance, requestAnimationFrame -- used in functions Playwright evaluates in the page */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { sections, sectionNames } from '@guildhall/generated/sections';
import { SANDBOX_MEMBER_IDS } from '../backend/dist/sandbox/seed.js';
import ts from 'typescript';
import { routeScripts } from './bench/route-scripts.mjs';
import { chromiumLaunchOptions, startServer, stopServer } from './bench/support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const KEYSTROKE_BUDGET_MS = 16;
const ROUTE_BUDGET_KB = 120;
const TEXT_KEYS = 'abcdefghijklmnopqrstuvwxyz0123';
const KEY_COUNT = TEXT_KEYS.length;

// 1. The build: reuse it when it is newer than everything it is built from.
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target)
    .filter((name) => name !== 'node_modules')
    .reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}
const at = (...parts) => path.join(root, ...parts);
const shared = Math.max(newest(at('generated')), newest(at('common')));
const frontendSources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newest(at('frontend', p)));
const frontendFresh = newest(at('frontend/dist/.vite/manifest.json')) > Math.max(shared, ...frontendSources);
const backendFresh = newest(at('backend/dist/main.js')) > Math.max(shared, newest(at('backend/src')));
if (!frontendFresh || !backendFresh) {
  console.log('bench:ui: building the app (frontend/dist or backend/dist is older than its sources)');
  if (spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

// 2. JavaScript per public route, from the manifest. public-paths.ts is pure data: strip its types and import it.
const publicPathsSource = readFileSync(at('frontend/src/public-paths.ts'), 'utf8');
const { outputText } = ts.transpileModule(publicPathsSource, {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
});
const { PUBLIC_PATHS, PUBLIC_PAGE_MODULES } = await import(`data:text/javascript,${encodeURIComponent(outputText)}`);

const dist = at('frontend/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;
const routes = routeScripts(manifest, PUBLIC_PATHS, PUBLIC_PAGE_MODULES).map(({ route, files }) => {
  const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
  return { route, kb: Math.round(kb * 100) / 100, files: files.length };
});

// 3. Keystroke-to-paint on every settings page, in Chromium against the running app.

/** A settings page's URL: its row's path below /manage/{guildId}/ (schemas/sections.json). */
const pageUrl = (name, guildId) => `/manage/${guildId}/${sections[name].path}`;

/**
 * The form's first field a person types into (text, number, textarea; not a select's search box). Fields that show
 * only behind a switch (Levels' message while XP is off) are revealed by turning the form's switches on in order.
 */
async function firstTextField(form, where) {
  const fields = form
    .locator('input[type="text"]:not([role="combobox"]), input[type="number"], textarea')
    .and(form.locator(':not([readonly]):not([disabled])'))
    .filter({ visible: true });
  const switches = form.locator('[role="switch"][aria-checked="false"]').filter({ visible: true });
  for (;;) {
    if ((await fields.count()) > 0) return fields.first();
    if ((await switches.count()) === 0) throw new Error(`${where}: its form has no field to type into`);
    await switches.first().click();
    await form.page().waitForTimeout(200);
  }
}

/** Saves a section's settings as `change` makes them from the stored ones, through the API (with the CSRF header). */
async function storeSettings(page, guildId, section, change) {
  const url = `/api/guild/${guildId}/settings/${section}`;
  const { version, settings } = await (await page.request.get(url)).json();
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const saved = await page.request.put(url, { data: { version, settings: change(settings) }, headers: { 'X-XSRF-TOKEN': token } });
  if (!saved.ok()) throw new Error(`storing ${section} settings: ${saved.status()} ${await saved.text()}`);
}

/**
 * `count` user ids: the sandbox's seeded members first (shown with name and avatar), then ids of the right format that
 * resolve to nobody (shown as 'Unknown User ({id})'), as a large real list would hold both.
 */
function userIds(count) {
  const members = Object.values(SANDBOX_MEMBER_IDS).slice(0, count);
  const unknown = Array.from({ length: count - members.length }, (_, i) => (1_199_000_000_000_000_000n + BigInt(i)).toString());
  return [...members, ...unknown];
}

/**
 * How to measure a section when its form's first text field is not the one that tells (the default, `firstTextField`):
 * `state` is what is stored before the page opens, `field` finds the field to type into on the opened page.
 */
const MEASURE = {
  // The largest form at its largest: on (off, its tabs show a notice), 100 whitelisted users, typing into the
  // whitelist's search box (Users tab).
  antinuke: {
    state: 'on, 100 whitelisted users',
    seed: (page, guildId) => storeSettings(page, guildId, 'antinuke', (s) => ({ ...s, enabled: true, whitelist: userIds(100) })),
    field: async (form) => {
      await form.getByRole('tab', { name: 'Users' }).click();
      const rows = form.locator('ul[aria-label="Whitelisted Users"]');
      // Typing is measured against the full list with its names resolved (the unknown ids say so once resolved).
      await rows.locator('> li').nth(99).waitFor({ timeout: 15_000 });
      await rows.getByText('Unknown User (').first().waitFor({ timeout: 15_000 });
      const widget = form.locator('[data-user-list]').filter({ has: form.page().locator('ul[aria-label="Whitelisted Users"]') });
      return widget.getByRole('combobox');
    },
  },
  // Its page is lists and buttons; the one text field is the Add Category dialog's new name.
  'ticket-categories': {
    state: 'defaults, Add Category dialog open',
    open: (page) => page.getByRole('button', { name: 'Add to Open Categories' }).click(),
    field: async (form) => form.getByLabel('New category name'),
  },
};

/**
 * performance.now() at keydown to the next animation frame after the field shows the new value (React has rendered
 * the field and everything that follows from it, e.g. the live preview, by then).
 */
async function keystrokeToPaint(page, field) {
  // A number field takes digits only: type one and erase it, so every key changes what the field shows.
  const keys =
    (await field.getAttribute('type')) === 'number'
      ? Array.from({ length: KEY_COUNT }, (_, i) => (i % 2 ? 'Backspace' : '7'))
      : [...TEXT_KEYS];
  await field.click();
  await field.fill('');
  await field.evaluate((el) => {
    const samples = [];
    window.__keystrokes = samples;
    el.addEventListener(
      'keydown',
      () => {
        const t0 = performance.now();
        const before = el.value.length;
        const frame = () => (el.value.length !== before ? samples.push(performance.now() - t0) : requestAnimationFrame(frame));
        requestAnimationFrame(frame);
      },
      { capture: true },
    );
  });
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(100);
  const samples = (await page.evaluate(() => window.__keystrokes)).slice().sort((a, b) => a - b);
  if (samples.length < keys.length) throw new Error(`only ${samples.length} of ${keys.length} keystrokes reached the screen`);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    median: round(samples[Math.floor(samples.length / 2)]),
    mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
    max: round(samples.at(-1)),
    n: samples.length,
  };
}

/** A panel with every embed field filled near what people write (long description, URLs, footers). */
function filledPanel(channelId) {
  const text = (words) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');
  return {
    title: 'Support Ticket for the whole community',
    description: `**How to get help**\n${text(300)}\n- one\n- two\n> quoted`,
    color: '#1ABC9C',
    channel_id: channelId,
    button_label: 'Create a support ticket',
    button_emoji: '🎫',
    close_button: true,
    close_button_label: 'Close this ticket',
    close_button_emoji: '🔒',
    footer: text(60),
    footerIcon: 'https://cdn.discordapp.com/embed/avatars/0.png',
    image: 'https://cdn.discordapp.com/embed/avatars/1.png',
    thumbnail: 'https://cdn.discordapp.com/embed/avatars/2.png',
    open_title: 'Ticket Created',
    open_description: text(200),
    open_color: '#43B581',
    open_footer: text(40),
    open_footerIcon: 'https://cdn.discordapp.com/embed/avatars/3.png',
    open_image: 'https://cdn.discordapp.com/embed/avatars/4.png',
    open_thumbnail: 'https://cdn.discordapp.com/embed/avatars/5.png',
  };
}

/** Stores the filled panel through the collections API (with the CSRF header); its title names it on the page. */
async function storePanel(page, guildId) {
  const channels = (await (await page.request.get(`/api/guild/${guildId}/channels`)).json()).channels;
  const text = channels.find((c) => c.type === 0);
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const item = filledPanel(text.id);
  const saved = await page.request.post(`/api/guild/${guildId}/collections/panels`, { data: { item }, headers: { 'X-XSRF-TOKEN': token } });
  if (!saved.ok()) throw new Error(`storing a panel: ${saved.status()} ${await saved.text()}`);
  return item.title;
}

/** The panel editor's two typing places, each opened fresh from the panels page. */
const PANEL_EDITOR = [
  {
    section: 'panel-editor (advanced)',
    field: async (page, title) => {
      await page
        .getByRole('button', { name: `Edit ${title}` })
        .first()
        .click();
      await page.getByRole('button', { name: 'Open Advanced Editor' }).click();
      return page.getByRole('dialog', { name: 'Advanced Embed Editor' }).getByLabel('Panel title');
    },
  },
  {
    section: 'panel-editor (settings, small preview)',
    field: async (page, title) => {
      await page
        .getByRole('button', { name: `Edit ${title}` })
        .first()
        .click();
      return page.getByRole('dialog', { name: 'Edit Panel' }).getByLabel('Panel title');
    },
  },
];

/** The heaviest message the builder holds: 10 embeds of 25 fields each (about 3,400 characters, under the 6,000). */
function fullMessage() {
  const none = { url: '', timestamp: null, author: { name: '', url: '', icon_url: '' }, thumbnail: { url: '' }, image: { url: '' } };
  const embeds = Array.from({ length: 10 }, (_, e) => ({
    ...none,
    title: `Embed ${e + 1}`,
    description: 'Short text',
    color: '#5865F2',
    fields: Array.from({ length: 25 }, (_, f) => ({ name: `F${f + 1}`, value: `value ${e}-${f}`, inline: f % 3 !== 0 })),
    footer: { text: '', icon_url: '' },
  }));
  return { content: 'Bench', embeds };
}

const BENCH_DRAFT = 'Bench 10 x 25';

/** Stores the full message as a saved embed (the builder loads it from its list). */
async function storeSavedEmbed(page, guildId) {
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const item = { name: BENCH_DRAFT, message: fullMessage() };
  const saved = await page.request.post(`/api/guild/${guildId}/collections/embeds`, { data: { item }, headers: { 'X-XSRF-TOKEN': token } });
  if (!saved.ok()) throw new Error(`storing a saved embed: ${saved.status()} ${await saved.text()}`);
}

/** Custom Embeds is a premium feature: buys Basic for the guild through the payment sandbox, as a person would. */
async function buyPremium(page, guildId, user) {
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const order = { planType: 'basic', period: 'monthly', guildId, email: user.email ?? 'bench@example.com', discordId: user.id, amount: 89 };
  const created = await page.request.post('/api/payments/create', { data: order, headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) } });
  if (!created.ok()) throw new Error(`buying premium: ${created.status()} ${await created.text()}`);
  await page.goto((await created.json()).paymentUrl);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 15_000 });
}

/** The embed builder's two typing places, on the 10th embed after loading the full message. */
const EMBED_BUILDER = [
  { section: 'embed-builder (title)', tab: 'Embed Content', field: (page) => page.getByLabel('Title', { exact: true }) },
  { section: 'embed-builder (field 25 value)', tab: 'Fields', field: (page) => page.getByLabel('Field 25 value', { exact: true }) },
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-bench-ui-'));
const app = await startServer('app-server.mjs', { DATA_DIR: dataDir });
let browser;
const pages = [];
try {
  browser = await chromium.launch(chromiumLaunchOptions);
  // PUBLIC_URL defaults to http://localhost:$PORT; the session cookie must be set on that host for the callback.
  const page = await browser.newPage({ baseURL: app.url.replace('127.0.0.1', 'localhost') });
  // The sandbox approves at once with login_as, then the callback signs the browser in.
  await page.goto('/api/login');
  const authorize = new URL(page.url());
  authorize.searchParams.set('login_as', 'demo-owner');
  await page.goto(authorize.toString());
  await page.waitForURL(/\/selector$/);
  const user = await (await page.request.get('/api/user')).json();
  const guild = user.guilds.find((g) => g.settingsUrl.startsWith('/manage/'));
  if (!guild) throw new Error('demo-owner has no server to manage');

  for (const name of sectionNames) {
    const url = pageUrl(name, guild.id);
    const how = MEASURE[name];
    await how?.seed?.(page, guild.id);
    await page.goto(url);
    await how?.open?.(page);
    const form = page.locator('form').first();
    await form.waitFor({ state: 'visible', timeout: 15_000 });
    const field = how ? await how.field(form) : await firstTextField(form, `${url} (section ${name})`);
    const id = await field.getAttribute('id');
    const measured = await keystrokeToPaint(page, field);
    pages.push({ section: name, page: url.replace(guild.id, ':guildId'), field: id, state: how?.state ?? 'defaults', ...measured });
  }

  const panelTitle = await storePanel(page, guild.id);
  for (const scenario of PANEL_EDITOR) {
    const url = `/manage/${guild.id}/tickets/panel`;
    await page.goto(url);
    const field = await scenario.field(page, panelTitle);
    await field.waitFor({ state: 'visible', timeout: 15_000 });
    const measured = await keystrokeToPaint(page, field);
    pages.push({
      section: scenario.section,
      page: url.replace(guild.id, ':guildId'),
      field: await field.getAttribute('id'),
      state: 'every embed field filled',
      ...measured,
    });
  }

  await buyPremium(page, guild.id, user);
  await storeSavedEmbed(page, guild.id);
  for (const scenario of EMBED_BUILDER) {
    const url = `/manage/${guild.id}/embeds`;
    await page.goto(url);
    await page
      .getByRole('group', { name: `Actions for ${BENCH_DRAFT}` })
      .getByRole('button', { name: 'Load' })
      .click();
    await page.getByRole('group', { name: 'Embeds of the message' }).getByRole('button', { name: 'Embed 10', exact: true }).click();
    await page.getByRole('tab', { name: scenario.tab }).click();
    const field = scenario.field(page);
    await field.waitFor({ state: 'visible', timeout: 15_000 });
    const measured = await keystrokeToPaint(page, field);
    pages.push({
      section: scenario.section,
      page: url.replace(guild.id, ':guildId'),
      field: await field.getAttribute('id'),
      state: '10 embeds x 25 fields',
      ...measured,
    });
  }
} finally {
  await browser?.close();
  await stopServer(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}

// 4. The report.
console.log(`\nKeystroke-to-paint per settings page (ms over ${KEY_COUNT} keys each; budget: median <= ${KEYSTROKE_BUDGET_MS})`);
console.table(
  pages.map((p) => ({
    section: p.section,
    page: p.page,
    field: p.field,
    state: p.state,
    median: p.median,
    mean: p.mean,
    max: p.max,
    n: p.n,
  })),
);
console.log(`JavaScript per public route (KB gzip, entry included; budget: ${ROUTE_BUDGET_KB})`);
console.table(routes);
const slowPages = pages.filter((p) => p.median > KEYSTROKE_BUDGET_MS);
const heavyRoutes = routes.filter((r) => r.kb > ROUTE_BUDGET_KB);
console.log(
  JSON.stringify({
    bench: 'ui',
    keystrokeBudgetMs: KEYSTROKE_BUDGET_MS,
    routeBudgetKb: ROUTE_BUDGET_KB,
    keystrokeToPaint: Object.fromEntries(pages.map((p) => [p.section, { median: p.median, mean: p.mean, max: p.max, n: p.n }])),
    publicRouteKb: Object.fromEntries(routes.map((r) => [r.route, r.kb])),
  }),
);
for (const p of slowPages)
  console.error(`over budget: ${p.section} (${p.page}) keystroke-to-paint median ${p.median} ms > ${KEYSTROKE_BUDGET_MS} ms`);
for (const r of heavyRoutes) console.error(`over budget: ${r.route} ${r.kb} KB gzip > ${ROUTE_BUDGET_KB} KB`);
if (slowPages.length || heavyRoutes.length) process.exit(1);
console.log(`within budget: ${pages.length} settings pages, ${routes.length} public routes`);
