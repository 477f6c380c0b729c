import { type Browser, expect, type Page, test } from './app.js';
import { axeViolations, signInAsMember, signInThroughChooser } from './support.js';

// Dashboard Access (issue 30) as an owner uses it, in Chromium against the built app and the Discord sandbox: the
// owner grants the seeded Moderator role write on Welcome and read on Levels (two grants of one role); ava.chen, who
// holds it without Manage Server, finds the server in her selector with her access, edits Welcome, sees Levels view
// only and no other section; the owner revokes, and she loses access once the server's read cache has let it through.
const GUILD = '1100000000000010000'; // Guildhall Community: owned by demo-owner, bot present
const MEMBER = 'ava.chen'; // Ava Chen: holds the seeded Moderator role, no Manage Server
const ACCESS = `/manage/${GUILD}/access`;
const EMPTY = 'Only server managers can use this dashboard. Grant a role or a member access to let them help.';

test.describe.configure({ mode: 'serial' });

async function signInAsOwner(page: Page) {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
}

/** The sidebar's entries, as the member sees them. */
const sidebarEntries = (page: Page) => page.getByRole('navigation', { name: 'Server management' }).getByRole('link');

/** A context of the owner's own, so that the member's session in the test's page stays. */
async function asOwner(browser: Browser, work: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAsOwner(page);
    await work(page);
  } finally {
    await context.close();
  }
}

test('the owner grants the Moderator role write on Welcome and read on Levels, and sees who has what', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto(`/manage/${GUILD}/dashboard`);
  await page.getByRole('navigation', { name: 'Server management' }).getByRole('link', { name: 'Dashboard Access' }).click();
  await expect(page).toHaveURL(new RegExp(`${ACCESS}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Access' })).toBeVisible();
  await expect(page.getByText(EMPTY)).toBeVisible();
  expect(await axeViolations(page), 'empty page').toEqual([]);

  await page.getByRole('button', { name: 'Add role grant' }).click();
  const roleGrant = page.locator('fieldset#dashboard-access_roles [data-array-item="0"]');
  await roleGrant.getByLabel('Role', { exact: true }).selectOption({ label: '@Moderator' });
  await roleGrant.getByLabel('Access', { exact: true }).selectOption({ label: 'Read and write' });
  const roleSections = roleGrant.getByRole('group', { name: 'Sections' });
  await roleSections.getByLabel('All settings', { exact: true }).uncheck();
  await roleSections.getByLabel('Welcome Configuration', { exact: true }).check();

  // A second grant to the same role: read on Levels.
  await page.getByRole('button', { name: 'Add role grant' }).click();
  const readGrant = page.locator('fieldset#dashboard-access_roles [data-array-item="1"]');
  await readGrant.getByLabel('Role', { exact: true }).selectOption({ label: '@Moderator' });
  await readGrant.getByLabel('Access', { exact: true }).selectOption({ label: 'Read only' });
  const readSections = readGrant.getByRole('group', { name: 'Sections' });
  await readSections.getByLabel('All settings', { exact: true }).uncheck();
  await readSections.getByLabel('Levels', { exact: true }).check();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved successfully!' })).toBeVisible();

  // Who has access to what: a row per section, a column per grantee.
  const matrix = page.getByRole('table', { name: 'Who has access to what' });
  await expect(matrix.getByRole('columnheader')).toHaveText(['Section', '@Moderator']);
  const row = (section: string) => matrix.getByRole('row').filter({ has: page.getByRole('rowheader', { name: section, exact: true }) });
  await expect(row('Welcome Configuration').getByRole('cell')).toHaveText(['Write']);
  await expect(row('Levels').getByRole('cell')).toHaveText(['Read']);
  await expect(row('Moderation').getByRole('cell')).toHaveText(['—']);
  expect(await axeViolations(page), 'page with grants').toEqual([]);

  // On a phone the matrix scrolls sideways inside its card; the page itself does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(matrix).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page), 'phone').toEqual([]);
});

test('the member finds the server with her access, edits Welcome, reads Levels and opens nothing else', async ({ page }) => {
  await signInAsMember(page, MEMBER);
  await page.goto('/selector');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Guildhall Community' }) });
  await expect(card.getByText('Read access, Write access')).toBeVisible();
  await card.getByRole('link', { name: 'Open Levels in Guildhall Community' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/progression$`));

  await expect(sidebarEntries(page)).toHaveText(['Levels', 'Welcome Configuration', 'Add more servers', 'Contact support']);

  // Levels: read only, the engine's view-only state.
  await expect(page.getByRole('heading', { level: 1, name: 'Levels' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Only' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(page.getByText('You have read-only access to Levels.')).toBeVisible();

  // Welcome: write.
  await sidebarEntries(page).filter({ hasText: 'Welcome Configuration' }).click();
  const welcome = page.locator('[data-greeting="welcome"]');
  const content = welcome.getByLabel('Welcome message', { exact: true });
  const text = `Welcome {member.mention}, the moderators say hi! ${Date.now()}`;
  await content.fill(text);
  await welcome.getByRole('button', { name: 'Save Welcome Settings' }).click();
  await expect(welcome.getByRole('status')).toHaveText('Welcome settings updated successfully');
  await page.reload();
  await expect(page.locator('[data-greeting="welcome"]').getByLabel('Welcome message', { exact: true })).toHaveValue(text);

  // Anything else: the 403 page, with the way back to a page she may open.
  await page.goto(`/manage/${GUILD}/moderation`);
  await expect(page.getByText('You do not have access to Moderation in this server.')).toBeVisible();
  expect(await axeViolations(page), '403 page').toEqual([]);
  await page.getByRole('link', { name: 'Open Levels' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/progression$`));
});

test('the owner revokes, and the member loses access', async ({ page, browser }) => {
  await signInAsMember(page, MEMBER);
  await page.goto(`/manage/${GUILD}/welcome`);
  await expect(page.locator('[data-greeting="welcome"]')).toBeVisible();

  await asOwner(browser, async (owner) => {
    await owner.goto(ACCESS);
    await owner.getByRole('button', { name: 'Remove role grant 2' }).click();
    await owner.getByRole('button', { name: 'Remove role grant 1' }).click();
    await owner.getByRole('button', { name: 'Save Changes' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Settings saved successfully!' })).toBeVisible();
    await expect(owner.getByText(EMPTY)).toBeVisible();
  });

  // Within the read cache's time to live (READ_CACHE_TTL_MS, 2 s by default): reload until the server refuses.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: /You can't manage this server|You do not have access/ })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('[data-greeting="welcome"]')).toHaveCount(0);
});
