import { expect, type Page, test } from './app.js';
import { axeViolations, removeAllItems, signInThroughChooser } from './support.js';

// The ticket panels page against the real backend (collections API, PGlite, the Discord sandbox). Panels are created
// here with titles no other e2e file uses; Deploy's e2e comes with the Deploy route.
const GUILD = '1100000000000010000';
const GENERAL = '1100000000000010106'; // #general, a text channel (sandboxes/discord/src/seed.ts)

async function panelTitles(page: Page): Promise<string[]> {
  const list = await (await page.request.get(`/api/guild/${GUILD}/collections/panels`)).json();
  return list.items.map((e: { item: { title: string } }) => e.item.title);
}

// Guildhall Community is on the free tier, which allows 2 ticket panels (issue 13): start from none, so creating one,
// duplicating it and creating another stays within the plan whatever other files left behind.
test.beforeAll(async ({ browser, app }) => {
  const page = await browser.newPage({ baseURL: app.url });
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await removeAllItems(page, GUILD, 'panels');
  await page.close();
});

test('an admin creates a panel in the editor, edits it with auto-save, duplicates and deletes it; axe finds nothing', async ({ page }) => {
  const title = `E2E Help Desk ${Date.now()}`;
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${GUILD}/tickets/panel`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket Panels' })).toBeVisible();
  await expect(page.getByText('Loading ticket panels...')).toHaveCount(0);
  expect(await axeViolations(page), 'axe on the panels list').toEqual([]);

  // A new panel opens the advanced editor first.
  await page.getByRole('button', { name: 'Create Panel' }).click();
  const advanced = page.getByRole('dialog', { name: 'Advanced Embed Editor' });
  await expect(advanced).toBeVisible();
  await advanced.getByLabel('Panel title').fill(title);
  await advanced.getByLabel('Image URL').fill('not a url');
  await expect(advanced.getByText('Please enter a valid URL')).toBeVisible();
  await advanced.getByLabel('Image URL').fill('');
  expect(await axeViolations(page), 'axe on the advanced editor').toEqual([]);
  await advanced.getByRole('tab', { name: 'Preview' }).click();
  await expect(advanced.getByRole('article', { name: `Embed: ${title}` })).toBeVisible();
  expect(await axeViolations(page), 'axe on the advanced editor preview').toEqual([]);
  await advanced.getByRole('button', { name: 'Save' }).click();

  const editor = page.getByRole('dialog', { name: 'New Panel' });
  await expect(editor.getByText('Not saved yet')).toBeVisible();
  await expect(editor.getByText('Unsaved changes')).toBeVisible();
  await editor.getByLabel('Panel channel').selectOption(GENERAL);
  expect(await axeViolations(page), 'axe on the panel editor').toEqual([]);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Panel saved successfully!')).toBeVisible();
  expect(await panelTitles(page)).toContain(title);
  await page.getByRole('dialog', { name: 'Edit Panel' }).getByRole('button', { name: 'Close' }).click();

  const card = page.getByRole('article', { name: title, exact: true });
  await expect(card.getByText('Draft')).toBeVisible();
  await expect(card.getByText('#general')).toBeVisible();

  // Edit: auto-save 3 s after the last change.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Panel' });
  await edit.getByLabel('Panel title').fill(`${title} v2`);
  await expect(edit.getByText('Unsaved changes')).toBeVisible();
  await expect(edit.getByText(/^Last saved /)).toBeVisible({ timeout: 10_000 });
  await expect(edit.getByText('Saved', { exact: true })).toBeVisible();
  expect(await panelTitles(page)).toContain(`${title} v2`);
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Duplicate, then delete the copy (with the confirmation).
  await page.getByRole('button', { name: `Duplicate ${title} v2` }).click();
  const copy = page.getByRole('article', { name: `${title} v2 (Copy)` });
  await expect(copy.getByText('Draft')).toBeVisible();
  await expect(page.getByText('Panel duplicated successfully!')).toBeVisible();
  await copy.getByRole('button', { name: `Delete ${title} v2 (Copy)` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this panel?' });
  await expect(confirm.getByText(/This cannot be undone\./)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Panel deleted successfully!')).toBeVisible();
  await expect(copy).toHaveCount(0);
  expect(await panelTitles(page)).not.toContain(`${title} v2 (Copy)`);
  expect(await axeViolations(page), 'axe on the list with a panel').toEqual([]);
});

test('below 1024 px the advanced editor starts folded and offers Expand All', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${GUILD}/tickets/panel`);
  await page.getByRole('button', { name: 'Create Panel' }).click();
  const advanced = page.getByRole('dialog', { name: 'Advanced Embed Editor' });
  await expect(advanced.getByRole('button', { name: 'Content' })).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await advanced.getByRole('button', { name: 'Expand All' }).click();
  await expect(advanced.getByLabel('Panel title')).toBeVisible();
  expect(await axeViolations(page), 'axe on the narrow advanced editor').toEqual([]);
  await advanced.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
