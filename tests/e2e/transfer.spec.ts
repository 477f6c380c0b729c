import { expect, test, type Page } from './app.js';
import { axeViolations, csrfHeaders, signInThroughChooser } from './support.js';

// Backup & Transfer's clone carries collection items (issue 28): a role menu of Guildhall Community, chosen on its own
// (no section), is cloned through the page to Pixel Painters with its channel and role mapped, and arrives as a new,
// undeployed menu there. Then the engine's history of that item: History names its fields by the role-menu schema's
// titles, and Revert through the History page restores it. The menus are deleted at the end, so the other files this
// worker runs find both guilds' role menus as they were.
const COMMUNITY = '1100000000000010000';
const PIXEL = '1100000000000020000';
const ids = (guild: string, offset: number) => (BigInt(guild) + BigInt(offset)).toString();
const COMMUNITY_GENERAL = ids(COMMUNITY, 106);
const COMMUNITY_REGULAR = ids(COMMUNITY, 205);
const PIXEL_SHOWCASE = ids(PIXEL, 103);
const PIXEL_ARTIST = ids(PIXEL, 202);

type Menu = { id: string; version: number; item: Record<string, any> };
const menusOf = async (page: Page, guild: string): Promise<Menu[]> =>
  (await (await page.request.get(`/api/guild/${guild}/collections/role-menus`)).json()).items;

// Serial: the second test reads the menu the first one cloned (it does not run when the first failed).
test.describe.configure({ mode: 'serial' });

let copyId = '';
let sourceId = '';

test('a role menu cloned through Backup & Transfer arrives in the other server as a new, undeployed menu', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${COMMUNITY}/transfer`);
  const headers = await csrfHeaders(page);
  const created = await page.request.post(`/api/guild/${COMMUNITY}/collections/role-menus`, {
    headers,
    data: {
      item: {
        title: 'Colour roles',
        channel_id: COMMUNITY_GENERAL,
        kind: 'buttons',
        options: [{ role_id: COMMUNITY_REGULAR, label: 'Regular' }],
      },
    },
  });
  expect(created.status()).toBe(201);
  sourceId = (await created.json()).id;
  const before = await menusOf(page, PIXEL);
  await page.reload();

  await page.getByRole('combobox', { name: 'Target server' }).selectOption({ label: 'Pixel Painters' });
  for (const box of await page.getByRole('group', { name: 'Sections to copy' }).getByRole('checkbox').all()) await box.uncheck();
  const items = page.getByRole('group', { name: 'Items to copy' });
  // Other files may have left a menu in Community (role-menus.spec.ts keeps its deployed one): count what is there.
  const held = (await menusOf(page, COMMUNITY)).length;
  const collection = items.getByRole('checkbox', { name: `Role Menus (${held})` });
  await expect(collection).toBeVisible();
  await items.getByRole('checkbox', { name: 'Colour roles' }).check();
  // The collection's box is checked once every one of its items is.
  if (held === 1) await expect(collection).toBeChecked();
  await page.getByRole('button', { name: 'Preview' }).click();

  await expect(page.getByRole('region', { name: 'New items' })).toContainText('Role Menus: Colour roles');
  const channel = page.getByRole('combobox', { name: /#general/ });
  await expect(channel).toHaveAccessibleName(/Used by \/role-menus\/0\/channel_id/);
  await channel.selectOption({ label: '#showcase' });
  await page.getByRole('combobox', { name: /@Regular/ }).selectOption({ label: '@Artist' });
  expect(await axeViolations(page), 'clone with items').toEqual([]);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Settings cloned to Pixel Painters.')).toBeVisible();

  const after = await menusOf(page, PIXEL);
  expect(after).toHaveLength(before.length + 1);
  const copy = after.find((menu) => !before.some((b) => b.id === menu.id))!;
  copyId = copy.id;
  expect(copy.version).toBe(1);
  expect(copy.item).toMatchObject({
    title: 'Colour roles',
    channel_id: PIXEL_SHOWCASE,
    options: [{ role_id: PIXEL_ARTIST, label: 'Regular' }],
    message_id: null,
    deployed: false,
  });
});

test('History names a role menu’s fields by the schema’s titles, and Revert through the page restores the menu', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${PIXEL}/history?collection=role-menus`);
  const headers = await csrfHeaders(page);
  const copy = (await menusOf(page, PIXEL)).find((menu) => menu.id === copyId)!;
  const saved = await page.request.put(`/api/guild/${PIXEL}/collections/role-menus/${copyId}`, {
    headers,
    data: { version: copy.version, item: { ...copy.item, title: 'Colours', reply: false } },
  });
  expect(saved.status()).toBe(200);
  await page.reload();

  await expect(page.getByRole('heading', { level: 1, name: 'Change History' })).toBeVisible();
  const entries = page.getByRole('article');
  await expect(entries).toHaveCount(2);
  // Newest first: the edit, each field under the schema's title; then the clone that created the menu.
  await expect(entries.nth(0)).toContainText('Menu name');
  await expect(entries.nth(0)).toContainText('Private reply');
  await expect(entries.nth(0)).not.toContainText('/title');
  await expect(entries.nth(1)).toContainText('cloned');
  expect(await axeViolations(page), 'role-menu history').toEqual([]);

  await entries
    .nth(0)
    .getByRole('button', { name: /Revert this change/ })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(page.getByText(/Change #\d+ reverted\./)).toBeVisible();
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText(/reverted change #\d+/);
  await expect(entries.nth(0)).toContainText('Menu name');

  const reverted = (await menusOf(page, PIXEL)).find((menu) => menu.id === copyId)!;
  expect(reverted.version).toBe(3);
  expect(reverted.item).toMatchObject({ title: 'Colour roles', reply: true, deployed: false });
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  const headers = await csrfHeaders(page);
  if (copyId) await page.request.delete(`/api/guild/${PIXEL}/collections/role-menus/${copyId}`, { headers });
  if (sourceId) await page.request.delete(`/api/guild/${COMMUNITY}/collections/role-menus/${sourceId}`, { headers });
  await page.close();
});
