// Screenshots of the manage area as a person sees it (issue 32): the sidebar and three pages, at a laptop's 1280x800
// and a phone's 390x844, signed in as demo-owner on the sandbox guild it manages, against the built app
// (`npm run build` first). Pictures for a review or a closing note, not a test: nothing compares them.
//   node scripts/screenshots.mjs [out-dir]     (default docs/screenshots)
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, startServer, stopServer } from './bench/support.mjs';

const out = path.resolve(process.argv[2] ?? 'docs/screenshots');
mkdirSync(out, { recursive: true });

const SIZES = [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
/** The pages, by path below /manage/:guildId/: a ticket sub-page (the nested sidebar's open group), AntiNuke, Welcome. */
const PAGES = [
  { name: 'ticket-limits', path: 'tickets/limits' },
  { name: 'antinuke', path: 'antinuke' },
  { name: 'welcome', path: 'welcome' },
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-screenshots-'));
const app = await startServer('app-server.mjs', { DATA_DIR: dataDir });
const browser = await chromium.launch(chromiumLaunchOptions);
const written = [];
try {
  // PUBLIC_URL defaults to http://localhost:$PORT; the session cookie must be set on that host for the callback.
  const baseURL = app.url.replace('127.0.0.1', 'localhost');
  for (const size of SIZES) {
    const context = await browser.newContext({ baseURL, viewport: size.viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/api/login');
    const authorize = new URL(page.url());
    authorize.searchParams.set('login_as', 'demo-owner');
    await page.goto(authorize.toString());
    await page.waitForURL(/\/selector$/);
    const user = await (await page.request.get('/api/user')).json();
    const guild = user.guilds.find((g) => g.settingsUrl.startsWith('/manage/'));
    if (!guild) throw new Error('demo-owner has no server to manage');
    for (const shot of PAGES) {
      await page.goto(`/manage/${guild.id}/${shot.path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const file = path.join(out, `${size.name}-${shot.name}.png`);
      await page.screenshot({ path: file });
      written.push(file);
    }
    if (size.name === 'phone') {
      // On a phone the sidebar is a drawer: opened from the header's menu button, on the ticket sub-page.
      await page.goto(`/manage/${guild.id}/${PAGES[0].path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('button', { name: /menu/i }).first().click();
      await page.getByRole('dialog', { name: 'Server menu' }).waitFor();
      const file = path.join(out, 'phone-sidebar.png');
      await page.screenshot({ path: file });
      written.push(file);
    } else {
      const file = path.join(out, 'laptop-sidebar.png');
      await page.goto(`/manage/${guild.id}/${PAGES[0].path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.locator('aside').first().screenshot({ path: file });
      written.push(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}
for (const file of written) console.log(path.relative(process.cwd(), file));
