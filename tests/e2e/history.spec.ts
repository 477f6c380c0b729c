import { expect, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// Configuration history (issue 14): change a setting twice, open History from the settings page, see both changes
// field by field under the schema's titles, revert the first, and see the page and the timeline follow. Night Owls
// (owned by demo-extra) is a guild whose Server Settings no other e2e file changes.
const NIGHT_OWLS = '1100000000000040000';

test('two saves show in History with field titles; reverting the first restores its field and is itself recorded', async ({ page }) => {
  await signInThroughChooser(page, 'demo-extra');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${NIGHT_OWLS}/basic`);
  const prefix = page.locator('input[id$="prefix"]');
  await expect(prefix).toHaveValue('.');

  await prefix.fill('!');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved successfully!' })).toBeVisible();
  await page.getByRole('switch', { name: 'Invite tracking' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved successfully!' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${NIGHT_OWLS}/history\\?section=basic`));
  await expect(page.getByRole('heading', { level: 1, name: 'Change History' })).toBeVisible();
  const entries = page.getByRole('article');
  await expect(entries).toHaveCount(2);
  // Newest first: the invite tracking change, then the prefix change; each field under its schema title.
  await expect(entries.nth(0)).toContainText('Invite tracking');
  await expect(entries.nth(0)).toContainText('Demo Extra');
  await expect(entries.nth(1)).toContainText('Bot prefix');
  await expect(entries.nth(1)).not.toContainText('/prefix');
  expect(await axeViolations(page), 'history page').toEqual([]);

  await entries
    .nth(1)
    .getByRole('button', { name: /Revert this change/ })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  expect(await axeViolations(page), 'revert dialog').toEqual([]);
  await confirm.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(page.getByText(/Change #\d+ reverted\./)).toBeVisible();
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText(/reverted change #\d+/);
  await expect(entries.nth(0)).toContainText('Bot prefix');

  await page.goto(`/manage/${NIGHT_OWLS}/basic`);
  await expect(prefix).toHaveValue('.');
  // The later change to another field stays.
  await expect(page.getByRole('switch', { name: 'Invite tracking' })).toHaveAttribute('aria-checked', 'true');
});
