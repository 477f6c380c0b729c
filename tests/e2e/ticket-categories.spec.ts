import { expect, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// Issue 11, item 3: an admin sets up ticket categories. Uses Community's categories (Information, Community, Staff, Voice) and
// creates one by name; no other e2e file writes the ticket-categories section.
const GUILD = '1100000000000010000';

test('add an existing category, create one by name, set a default, remove one; axe finds nothing, on a phone too', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${GUILD}/tickets`);
  await page.getByRole('link', { name: /^Categories/ }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets/category$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket categories' })).toBeVisible();
  const open = page.getByRole('region', { name: 'Open Categories' });
  const closed = page.getByRole('region', { name: 'Closed Categories' });
  const server = page.getByRole('region', { name: 'Server Categories' });
  await expect(open.getByText('No open categories yet.')).toBeVisible();
  await expect(server.getByText('Community')).toBeVisible();
  expect(await axeViolations(page), 'axe on the empty page').toEqual([]);

  // An existing category, by keyboard: the dialog takes focus, and Add stays disabled until something is chosen.
  await page.getByRole('button', { name: 'Add to Open Categories' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Existing category')).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Add Category' })).toBeDisabled();
  expect(await axeViolations(page), 'axe with the Add Category dialog open').toEqual([]);
  await dialog.getByLabel('Existing category').selectOption({ label: 'Staff' });
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(dialog).toBeHidden();
  await expect(open.getByRole('listitem').filter({ hasText: 'Staff' })).toContainText('(default)');
  await expect(server.getByRole('listitem').filter({ hasText: 'Staff' })).toContainText('In use: Open');

  // A new category by name: the bot creates it on Discord, and it shows among the server's categories.
  await page.getByRole('button', { name: 'Add to Closed Categories' }).click();
  await dialog.getByLabel('New category name').fill('  Resolved Tickets ');
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(dialog).toBeHidden();
  await expect(closed.getByRole('listitem').filter({ hasText: 'Resolved Tickets' })).toContainText('(default)');
  await expect(server.getByRole('listitem').filter({ hasText: 'Resolved Tickets' })).toContainText('In use: Closed');

  // A second open category, then the star moves to it.
  await page.getByRole('button', { name: 'Add to Open Categories' }).click();
  await expect(dialog.getByLabel('Existing category').locator('option')).toHaveText([
    'Select a category',
    'Information',
    'Community',
    'Voice',
  ]);
  await dialog.getByLabel('Existing category').selectOption({ label: 'Community' });
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(dialog).toBeHidden();
  await open.getByRole('button', { name: 'Set Community as default' }).click();
  await expect(open.getByRole('listitem').filter({ hasText: 'Community' })).toContainText('(default)');
  await expect(open.getByRole('listitem').filter({ hasText: 'Staff' })).not.toContainText('(default)');

  // Remove asks first; the category leaves the list and becomes unused again.
  await open.getByRole('button', { name: 'Remove Staff' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove category?' });
  expect(await axeViolations(page), 'axe with the remove confirmation open').toEqual([]);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(open.getByText('Staff')).toHaveCount(0);
  await expect(server.getByRole('listitem').filter({ hasText: 'Staff' })).toContainText('Not used');

  // Saved: a reload shows the same lists.
  await page.reload();
  await expect(open.getByRole('listitem')).toHaveText([/Community/]);
  await expect(closed.getByRole('listitem')).toHaveText([/Resolved Tickets/]);
  expect(await axeViolations(page), 'axe on the filled page').toEqual([]);

  // A phone: nothing wider than the screen, and still no violations.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(open).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page), 'axe on a phone').toEqual([]);
});
