import type { Locator } from '@playwright/test';
import { type Browser, expect, type Page, test } from './app.js';
import { buyPremium, csrfHeaders, removeAllItems, signInThroughChooser, storeSettings } from './support.js';

// Issue 32's manage-page polish as a person sees it, in Chromium against the built app, the Discord sandbox and the
// payment sandbox: the Ticket Panels page's one limit (item 2), phones at 390x844 (item 5: transcripts, back to top,
// the Advanced Embed Editor's tabs, inline embed fields), AntiNuke's Users tab and access badge, and the manage 404
// (item 6). The file runs in order: the panel limit is read on the free tier first, then after buying Standard, and the
// later tests use what Standard opens (the embed builder).
const GUILD = '1100000000000010000'; // Guildhall Community: owned by demo-owner, bot present, free tier at the start
const GENERAL = '1100000000000010106'; // #general, a text channel
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page) {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
}

/** Stores an AntiNuke document as the owner, over the API the page uses, in a context of its own. */
const arrangeAntinuke = (browser: Browser, settings: Record<string, unknown>) => storeSettings(browser, GUILD, 'antinuke', settings);

/** True when nothing fixed (back to top) lies over any part of the element: near every corner and at the centre. */
async function uncovered(target: Locator) {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    // Inside the rounded corners: hit testing follows border-radius.
    const inset = 5;
    const points: [number, number][] = [
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
      [box.left + box.width / 2, box.top + box.height / 2],
    ];
    return points.every(([x, y]) => {
      const top = document.elementFromPoint(x, y);
      return !!top && (top === el || el.contains(top));
    });
  });
}

test.describe('at 1280x800', () => {
  test.use({ viewport: DESKTOP });

  test("Ticket Panels shows one limit, the plan's, on the free tier and after buying Standard", async ({ page }) => {
    await signIn(page);
    await removeAllItems(page, GUILD, 'panels');
    const headers = await csrfHeaders(page);
    for (const title of ['Polish desk one', 'Polish desk two']) {
      const created = await page.request.post(`/api/guild/${GUILD}/collections/panels`, {
        data: { item: { title, channel_id: GENERAL } },
        headers,
      });
      expect(created.status(), await created.text()).toBe(201);
    }

    await page.goto(`/manage/${GUILD}/tickets/panel`);
    const limit = page.locator('[data-summary="cap"]');
    await expect(page.locator('[data-summary="total"]')).toHaveText('2');
    // The free tier allows 2: the summary says so, beside the plan's line and its upgrade, never the engine's 100.
    await expect(limit).toHaveText('2');
    await expect(page.locator('[data-plan-limit]')).toContainText('2 of 2 ticket panels on the Free plan. Your plan allows no more.');
    await expect(page.locator('[data-plan-limit]').getByRole('link', { name: /Upgrade to/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Panel' })).toBeDisabled();

    await buyPremium(page, { plan: 'standard', duration: '1 month', guild: 'Guildhall Community' });
    await page.goto(`/manage/${GUILD}/tickets/panel`);
    await expect(limit).toHaveText('4');
    await expect(page.locator('[data-plan-limit]')).toContainText('2 of 4 ticket panels on the Standard plan');
    await expect(page.getByRole('button', { name: 'Create Panel' })).toBeEnabled();
  });

  test("AntiNuke's Users tab drops an add's old error once the settings are saved", async ({ page, browser }) => {
    await arrangeAntinuke(browser, { enabled: true, whitelist: [] });
    await signIn(page);
    await page.goto(`/manage/${GUILD}/antinuke`);
    await page.getByRole('tab', { name: 'Users' }).click();
    const box = page.getByRole('combobox', { name: 'Whitelisted Users' });
    await box.fill('1234');
    await box.press('Enter');
    const refusal = page.getByText('Invalid user ID format. Please enter a valid Discord user ID.');
    await expect(refusal).toBeVisible();

    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('AntiNuke settings saved successfully!')).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  });

  test("AntiNuke's access badge sits in the header's row, and its words in the page's flow", async ({ page }) => {
    await signIn(page);
    await page.goto(`/manage/${GUILD}/antinuke`);
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    const badge = page.locator('[data-access-level]');
    const history = page.locator('main a[href$="/history?section=antinuke"]');
    await expect(badge).toHaveText(/Owner/);
    const [badgeBox, historyBox, headingBox] = await Promise.all([
      badge.boundingBox(),
      history.boundingBox(),
      page.getByRole('heading', { level: 1, name: 'AntiNuke' }).boundingBox(),
    ]);
    // Centred on the same line as History, its neighbour in the header.
    expect(Math.abs(badgeBox!.y + badgeBox!.height / 2 - (historyBox!.y + historyBox!.height / 2))).toBeLessThanOrEqual(2);
    // What the level allows reads as a line of the page, starting where the heading starts.
    const words = page.getByText('You own this server: you have full access to AntiNuke');
    await expect(words).toBeVisible();
    expect(Math.abs((await words.boundingBox())!.x - headingBox!.x)).toBeLessThanOrEqual(2);
  });

  test("the manage 404's way back stays in the guild's dashboard", async ({ page }) => {
    await signIn(page);
    await page.goto(`/manage/${GUILD}/no-such-page`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    const main = page.locator('main');
    // No way out to the marketing home from inside a guild's pages.
    await expect(main.locator('a[href="/"]')).toHaveCount(0);
    await main.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/dashboard$`));
  });
});

test.describe('at 390x844', () => {
  test.use({ viewport: PHONE });

  test('a saved transcript shows its size and actions on a phone, and back to top never covers them', async ({ page }) => {
    await signIn(page);
    await page.goto('/sandbox-viewer');
    await page.getByRole('button', { name: /^Simulate ticket in Guildhall Community$/ }).click();
    const done = page.getByRole('status').filter({ hasText: /closed; its transcript is saved/ });
    await expect(done).toBeVisible();
    const [, ticketId] = /Ticket ([0-9]+) \(/.exec((await done.textContent()) ?? '') ?? [];

    await page.goto(`/manage/${GUILD}/tickets/transcript`);
    await page.getByRole('searchbox', { name: 'Search transcripts' }).fill(ticketId!);
    const download = page.getByRole('button', { name: `Download transcript ${ticketId}` });
    const remove = page.getByRole('button', { name: `Delete transcript ${ticketId}` });
    await expect(download).toBeVisible();
    // Scrolled to the end of the page, as a person reaching the list does: size and both actions are on the screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Far enough down that back to top is offered (past 400 px).
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    const entry = page.locator('[data-transcript]').filter({ hasText: ticketId! });
    await expect(entry.getByText(/^Size/)).toBeInViewport({ ratio: 1 });
    await expect(download).toBeInViewport({ ratio: 1 });
    await expect(remove).toBeInViewport({ ratio: 1 });
    expect(await uncovered(remove), 'back to top over Delete').toBe(true);
    expect(await uncovered(download), 'back to top over Download').toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the Advanced Embed Editor's Preview tab is on the screen of a phone", async ({ page }) => {
    await signIn(page);
    await page.goto(`/manage/${GUILD}/tickets/panel`);
    await page.getByRole('button', { name: 'Create Panel' }).click();
    const advanced = page.getByRole('dialog', { name: 'Advanced Embed Editor' });
    const preview = advanced.getByRole('tab', { name: 'Preview' });
    await expect(advanced.getByRole('tab', { name: 'Ticket Message' })).toBeVisible();
    await expect(preview).toBeInViewport({ ratio: 1 });
    const strip = await advanced.getByRole('tablist', { name: 'Embed editor' }).boundingBox();
    const tab = await preview.boundingBox();
    expect(tab!.x + tab!.width).toBeLessThanOrEqual(strip!.x + strip!.width + 1);
    await preview.click();
    await expect(advanced.getByRole('article', { name: /^Embed/ }).first()).toBeVisible();
    await advanced.getByRole('button', { name: 'Cancel' }).click();
  });

  test("the embed preview's inline fields keep whole words and apart names on a phone", async ({ page }) => {
    await signIn(page);
    await page.goto(`/manage/${GUILD}/embeds`);
    await expect(page.getByRole('heading', { level: 1, name: 'Embed Builder' })).toBeVisible();
    // The builder's second starting embed: six inline fields ("Protection: AntiNuke and auto-moderation", ...).
    const fields = page.getByRole('region', { name: /Live Preview/ }).locator('[data-embed-field][data-inline]');
    await expect(fields).toHaveCount(6);
    await fields.first().scrollIntoViewIfNeeded();
    const report = await fields.evaluateAll((cells) => {
      const broken: string[] = [];
      const walker = (root: Node) => document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (const cell of cells) {
        const text = walker(cell);
        for (let node = text.nextNode(); node; node = text.nextNode()) {
          const words = node.textContent ?? '';
          // Words as a line may break them: at spaces and after hyphens ("auto-moderation").
          for (const match of words.matchAll(/[^\s-]+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            // A word split across lines has one box per line.
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(match[0]);
          }
        }
      }
      const boxes = cells.map((cell) => cell.getBoundingClientRect());
      const overlaps: string[] = [];
      boxes.forEach((a, i) =>
        boxes.slice(i + 1).forEach((b, j) => {
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          if (!apart) overlaps.push(`${i} and ${i + 1 + j}`);
        }),
      );
      const spilled = cells.filter((cell) => [...cell.children].some((child) => child.scrollWidth > child.clientWidth + 1)).length;
      return { broken, overlaps, spilled };
    });
    expect(report.broken, 'words broken across lines').toEqual([]);
    expect(report.overlaps, 'fields drawn over each other').toEqual([]);
    expect(report.spilled, 'fields whose text runs out of their box').toBe(0);
  });
});
