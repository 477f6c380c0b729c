import { sectionPages } from '@guildhall/generated/section-pages';
import { MANAGE_PATHS } from '../../frontend/src/manage-paths.js';
import { expect, type Page, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// Every manage page, read from the route table's own sources (the pages that are not sections, and every section's
// page), so a page added there is checked here with no edit. Seeded in sandboxes/discord/src/seed.ts: demo-owner owns
// Guildhall Community. Nothing is saved: the pages are only drawn and read.
const GUILD = '1100000000000010000';
const PATHS = [...MANAGE_PATHS, ...Object.values(sectionPages).map((section) => section.path)];

/** What axeViolations reports of each violated rule. */
type Violations = { id: string; impact: string; help: string; nodes: string[] }[];

/** The violations as a reader of the failure wants them: each rule's id, what it asks, and where it failed. */
function described(where: string, violations: Violations): string {
  const lines = violations.map((v) => `  ${v.id} (${v.impact}: ${v.help}) at ${v.nodes.join(' | ')}`);
  return `axe on ${where}:\n${lines.join('\n')}`;
}

/** The page is drawn: its h1 is shown and nothing on it is still loading (a spinner says 'Loading ...'). */
async function drawn(page: Page, path: string) {
  await expect(page.getByRole('heading', { level: 1 }).first(), `the h1 of ${path}`).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/ }), `${path} still loading`).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** Colour transitions (buttons, links) finished: axe reads the colours the theme settles on, not one mid-way. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

/** axe finds nothing on the page as it is now; soft, so one run names every page's violations, not only the first's. */
async function expectAxeClean(page: Page, where: string) {
  await settled(page);
  const violations = await axeViolations(page);
  expect.soft(violations, described(where, violations)).toEqual([]);
}

/**
 * Runs `check` in the dark theme (the default), then in the light one, switched by the header's toggle as a person
 * would, and back: a colour pair that fails in one theme only is still found.
 */
async function inBothThemes(page: Page, check: (theme: string) => Promise<void>) {
  await check('dark theme');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await settled(page);
  await check('light theme');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\blight\b/);
  await settled(page);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    test(`every manage page is axe clean at ${size}, in both themes`, async ({ page }) => {
      test.setTimeout(30_000 + PATHS.length * 10_000);
      expect(PATHS.length, 'the manage pages read from their tables').toBeGreaterThan(15);
      await signInThroughChooser(page, 'demo-owner');
      await expect(page).toHaveURL(/\/selector$/);
      for (const path of PATHS) {
        await page.goto(`/manage/${GUILD}/${path}`);
        await drawn(page, path);
        await inBothThemes(page, (theme) => expectAxeClean(page, `/${path} at ${size}, ${theme}`));
      }

      // The sidebar's moments: on a phone it is a drawer opened from the header (a modal: the header's theme toggle is
      // behind it, so it is opened anew in each theme), and its server switcher opens the list of the user's servers.
      const phone = viewport.width < 768;
      await page.goto(`/manage/${GUILD}/dashboard`);
      await drawn(page, 'dashboard');
      await inBothThemes(page, async (theme) => {
        const menu = page.getByRole('dialog', { name: 'Server menu' });
        if (phone) {
          await page.getByRole('button', { name: 'Open server menu' }).click();
          await expect(menu.getByRole('link').first()).toBeVisible();
          await expectAxeClean(page, `the server menu drawer at ${size}, ${theme}`);
        }
        const switcher = page.getByRole('button', { name: /Switch server/ });
        await switcher.click();
        await expect(page.getByRole('listbox', { name: 'Your Servers' }).getByRole('option').first()).toBeVisible();
        await expectAxeClean(page, `the server switcher's list at ${size}, ${theme}`);
        await switcher.click();
        await expect(page.getByRole('listbox')).toHaveCount(0);
        if (phone) {
          await menu.getByRole('button', { name: 'Close server menu' }).click();
          await expect(menu).toHaveCount(0);
        }
      });
    });
  });
}
