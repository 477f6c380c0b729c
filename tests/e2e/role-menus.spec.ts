import { expect, type Page, test } from './app.js';
import { axeViolations, csrfHeaders, signInThroughChooser } from './support.js';

// Reaction Roles as a new admin meets it, against the real backend (collections API, PGlite, the Discord sandbox):
// the empty state, a button menu in unique mode with three roles, the pre-flight warning for a role above the bot's
// and its fix, deploy; axe on every state, and the list and editor at a phone's width.
const GUILD = '1100000000000010000'; // Guildhall Community (sandboxes/discord/src/seed.ts)
const GENERAL = '1100000000000010106'; // #general, a text channel

interface Role {
  id: string;
  name: string;
  position: number;
  managed: boolean;
}

/**
 * The seeded roles the test needs, read from the guild rather than written here: three ordinary roles below the bot's
 * highest (Red, Green and Blue when the seed has them) and one above it (Staff).
 */
async function seededRoles(page: Page) {
  const { roles } = (await (await page.request.get(`/api/guild/${GUILD}/roles`)).json()) as { roles: Role[] };
  const bot = roles.filter((r) => r.managed).sort((a, b) => b.position - a.position)[0]!;
  const ordinary = roles.filter((r) => !r.managed && r.id !== GUILD);
  const below = ordinary.filter((r) => r.position < bot.position).sort((a, b) => a.position - b.position);
  const preferred = ['Red', 'Green', 'Blue'].map((name) => below.find((r) => r.name === name)).filter((r): r is Role => !!r);
  const three = preferred.length === 3 ? preferred : below.slice(0, 3);
  const above = ordinary.find((r) => r.position > bot.position);
  expect(three, 'three ordinary roles below the bot').toHaveLength(3);
  expect(above, 'an ordinary role above the bot').toBeDefined();
  return { below: three, above: above! };
}

test.beforeAll(async ({ browser, app }) => {
  const page = await browser.newPage({ baseURL: app.url });
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  const headers = await csrfHeaders(page);
  const list = await (await page.request.get(`/api/guild/${GUILD}/collections/role-menus`)).json();
  for (const { id } of list.items as { id: string }[]) {
    expect((await page.request.delete(`/api/guild/${GUILD}/collections/role-menus/${id}`, { headers })).status()).toBe(200);
  }
  await page.close();
});

/** The page fits the viewport's width: nothing scrolls sideways. */
async function fitsWidth(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'no sideways scrolling').toBeLessThanOrEqual(client);
}

test('an admin creates a button menu in unique mode, fixes the role above the bot, deploys it; axe finds nothing', async ({ page }) => {
  const title = `E2E Colours ${Date.now()}`;
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  const { below, above } = await seededRoles(page);

  await page.goto(`/manage/${GUILD}/reactionroles`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reaction Roles' })).toBeVisible();
  await expect(page).toHaveTitle(/Reaction Roles/);
  await expect(page.getByRole('heading', { name: 'No role menus yet' })).toBeVisible();
  expect(await axeViolations(page), 'axe on the empty state').toEqual([]);

  await page.getByRole('button', { name: 'Create a menu' }).click();
  const editor = page.getByRole('region', { name: 'New role menu' });
  await expect(editor).toBeVisible();
  await editor.getByLabel('Menu name').fill(title);
  await editor.getByLabel('Channel', { exact: true }).selectOption(GENERAL);
  await editor.getByLabel('Mode').selectOption({ label: 'Unique' });
  const roles = [above, below[0]!, below[1]!];
  for (const [i, role] of roles.entries()) {
    await editor.getByRole('button', { name: 'Add option' }).click();
    const option = editor.getByRole('group', { name: new RegExp(`^Option ${i + 1}`) });
    await option.getByLabel('Role').selectOption(role.id);
    await option.getByLabel('Label').fill(role.name);
  }
  // The preview draws the three buttons as Discord would; a select's fields are not shown for buttons.
  const preview = page.locator('[data-menu-preview="buttons"]');
  await expect(preview.locator('[data-button]')).toHaveText(roles.map((r) => r.name));
  await expect(editor.getByRole('group', { name: /^Option 1/ }).getByLabel('Description')).toHaveCount(0);
  expect(await axeViolations(page), 'axe on the editor').toEqual([]);
  await editor.getByRole('button', { name: 'Save menu' }).click();
  await expect(page.getByText('Menu saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to role menus' }).click();

  // The card, and the pre-flight warning for the role above the bot's: Deploy waits for the fix.
  const card = page.getByRole('article', { name: title, exact: true });
  await expect(card.locator('[data-state="draft"]')).toHaveText('Draft');
  await expect(card.getByText('#general')).toBeVisible();
  await expect(card.locator('[data-option-count]')).toHaveText('3');
  await expect(card.locator('[data-warning="blocking"]').first()).toBeVisible();
  await expect(card.getByRole('button', { name: `Deploy ${title}` })).toBeDisabled();
  expect(await axeViolations(page), 'axe on the warnings').toEqual([]);

  // Fix: the first option takes another role, below the bot's.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('region', { name: `Edit ${title}` });
  const first = edit.getByRole('group', { name: /^Option 1/ });
  await first.getByLabel('Role').selectOption(below[2]!.id);
  await first.getByLabel('Label').fill(below[2]!.name);
  await edit.getByRole('button', { name: 'Save menu' }).click();
  await expect(page.getByText('Menu saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to role menus' }).click();
  await expect(card.locator('[data-warning="blocking"]')).toHaveCount(0);

  await card.getByRole('button', { name: `Deploy ${title}` }).click();
  await expect(page.getByText('Menu deployed.')).toBeVisible();
  await expect(card.locator('[data-state="deployed"]')).toHaveText('Deployed');
  await expect(card.getByRole('button', { name: `Redeploy ${title}` })).toBeEnabled();
  expect(await axeViolations(page), 'axe on the deployed list').toEqual([]);

  // A phone: the list and the editor fit its width, and axe still finds nothing.
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsWidth(page);
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('region', { name: `Edit ${title}` })).toBeVisible();
  await fitsWidth(page);
  expect(await axeViolations(page), 'axe on the editor at a phone width').toEqual([]);
});
