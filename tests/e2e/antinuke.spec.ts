import { SNOWFLAKE } from '@guildhall/common/discord/ids';
import { type Browser, expect, type Page, test } from './app.js';
import { axeViolations, signInAsMember, signInThroughChooser, storeSettings } from './support.js';

// The AntiNuke page in Chromium against the built app: the real backend and the Discord sandbox, no route faked.
// Nobody else's e2e file uses the antinuke section, but the specs share one server and store: every test below first
// stores, as the guild owner over HTTP, the AntiNuke document it starts from (`arrange`), so none depends on the order.
const GUILD = '1100000000000010000'; // Guildhall Community: owned by demo-owner, bot present
const DEMO_MEMBER = '1100000000000000103';
const DEMO_EXTRA = '1100000000000000104';
const AVA_CHEN = '1100000000000000201'; // seeded ordinary members of the guild, with avatars
const SOFIA_ROSSI = '1100000000000000203';
const NOBODY = '1234567890123456789'; // no user has this id
const SETTINGS = `/api/guild/${GUILD}/settings/antinuke`;
const TABS = ['General', 'Protection', 'Users', 'Permissions', 'Logs'];

/**
 * Stores `settings` (the schema's defaults fill the rest) as the AntiNuke document, signed in as the guild owner in a
 * context of its own, through the API the page uses (with its CSRF header). Returns what the server then reports.
 */
const arrange = (browser: Browser, settings: Record<string, unknown>) => storeSettings(browser, GUILD, 'antinuke', settings);

/** What the server has stored, read as the guild owner. */
async function stored(browser: Browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInThroughChooser(page, 'demo-owner');
    await expect(page).toHaveURL(/\/selector$/);
    return ((await (await page.request.get(SETTINGS)).json()) as { settings: Record<string, any> }).settings;
  } finally {
    await context.close();
  }
}

/** Opens the page by URL (extra owners and whitelisted users may not find the guild in /selector). */
async function openAntinuke(page: Page) {
  await page.goto(`/manage/${GUILD}/antinuke`);
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
}

async function signIn(page: Page, username: string) {
  await signInThroughChooser(page, username);
  await expect(page).toHaveURL(/\/selector$/);
}

const badge = (page: Page) => page.locator('[data-access-level]');
const userList = (page: Page, name: string) => page.getByRole('list', { name, exact: true });

test.describe('AntiNuke', () => {
  test('the owner turns AntiNuke on, sets modules, users and the bypass role, saves, and finds it all after a reload', async ({
    page,
    browser,
  }) => {
    // Starts from the defaults: AntiNuke off, no overrides, nobody listed, no bypass role.
    await arrange(browser, {});
    const avatarRequests: string[] = [];
    page.on('request', (request) => avatarRequests.push(request.url()));
    await signIn(page, 'demo-owner');
    await openAntinuke(page);
    await expect(badge(page)).toHaveText(/Guild Owner/);

    // General: on.
    const enabled = page.getByRole('switch', { name: 'Enable AntiNuke' });
    await expect(enabled).toHaveAttribute('aria-checked', 'false');
    await enabled.click();
    await expect(enabled).toHaveAttribute('aria-checked', 'true');

    // Protection: Anti Kick off (its override select goes), and on again; an override for Anti Ban.
    await page.getByRole('tab', { name: 'Protection' }).click();
    const antiKick = page.getByRole('switch', { name: 'Anti Kick' });
    const kickOverride = page.getByLabel('Anti Kick punishment');
    await expect(antiKick).toHaveAttribute('aria-checked', 'true');
    await expect(kickOverride).toBeVisible();
    await antiKick.click();
    await expect(antiKick).toHaveAttribute('aria-checked', 'false');
    await expect(kickOverride).toBeHidden();
    await antiKick.click();
    await expect(antiKick).toHaveAttribute('aria-checked', 'true');
    await expect(kickOverride).toBeVisible();
    const banOverride = page.getByLabel('Anti Ban punishment');
    await expect(banOverride.locator('option:checked')).toHaveText('Use Global (current punishment)');
    await banOverride.selectOption({ label: 'Kick' });
    await expect(banOverride.locator('option:checked')).toHaveText('Kick');

    // Users: a whitelisted user found by name and picked with the keyboard, another by id with 'Add by ID', and an
    // extra owner by id with Enter.
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByText('No users whitelisted')).toBeVisible();
    await expect(page.getByText('No extra owners configured')).toBeVisible();
    const whitelistBox = page.getByRole('combobox', { name: 'Whitelisted Users' });
    await whitelistBox.fill('ava');
    await expect(page.getByRole('option', { name: /Ava Chen/ })).toBeVisible();
    await whitelistBox.press('ArrowDown');
    await expect(page.getByRole('option', { name: /Ava Chen/ })).toHaveAttribute('aria-selected', 'true');
    await whitelistBox.press('Enter');
    const whitelist = userList(page, 'Whitelisted Users');
    await expect(whitelist.getByText('Ava Chen', { exact: true })).toBeVisible();
    await expect(whitelistBox).toHaveValue('');
    await whitelistBox.fill(SOFIA_ROSSI);
    await page.locator('[data-user-list]').filter({ has: whitelistBox }).getByRole('button', { name: 'Add by ID' }).click();
    await expect(whitelist.getByText('Sofia Rossi', { exact: true })).toBeVisible();
    await expect(whitelist.getByRole('listitem')).toHaveCount(2);
    // Each entry shows an avatar: the user's own picture is asked of Discord's CDN (offline, the default icon stands in).
    for (const item of await whitelist.getByRole('listitem').all()) await expect(item.locator('img')).toBeVisible();
    for (const id of [AVA_CHEN, SOFIA_ROSSI]) {
      await expect.poll(() => avatarRequests.some((url) => url.includes(`/avatars/${id}/`)), `avatar of ${id} asked for`).toBe(true);
    }
    // The same user twice, and an id of the wrong length, are refused with the spec's words.
    await whitelistBox.fill(AVA_CHEN);
    await whitelistBox.press('Enter');
    await expect(page.getByText('User is already in the whitelist.')).toBeVisible();
    await whitelistBox.fill('1234');
    await whitelistBox.press('Enter');
    await expect(page.getByText('Invalid user ID format. Please enter a valid Discord user ID.')).toBeVisible();
    await whitelistBox.fill('');
    await expect(whitelist.getByRole('listitem')).toHaveCount(2);
    const ownersBox = page.getByRole('combobox', { name: 'Extra Owners' });
    await ownersBox.fill(DEMO_EXTRA);
    await ownersBox.press('Enter');
    await expect(userList(page, 'Extra Owners').getByText('Demo Extra', { exact: true })).toBeVisible();

    // General: the bot creates the bypass role, and the select shows it.
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByRole('button', { name: 'Create Bypass Role' }).click();
    await expect(page.getByText('Bypass role created successfully!')).toBeVisible();
    const bypass = page.getByLabel('Bypass role');
    await expect(bypass.locator('option:checked')).toHaveText('@AntiNuke Bypass');
    const roleId = await bypass.inputValue();
    expect(roleId).toMatch(SNOWFLAKE);

    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('AntiNuke settings saved successfully!')).toBeVisible();

    // The server holds it...
    const saved = await stored(browser);
    expect(saved).toMatchObject({
      enabled: true,
      bypass_role: roleId,
      module_punishments: { anti_ban: 'KICK' },
      extraowners: [DEMO_EXTRA],
      whitelist: [AVA_CHEN, SOFIA_ROSSI],
    });
    expect(saved.modules.anti_kick).toBe(true);

    // ...and the page shows it after a reload.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Enable AntiNuke' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('Bypass role').locator('option:checked')).toHaveText('@AntiNuke Bypass');
    await page.getByRole('tab', { name: 'Protection' }).click();
    await expect(page.getByRole('switch', { name: 'Anti Kick' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('Anti Ban punishment').locator('option:checked')).toHaveText('Kick');
    await expect(page.getByLabel('Anti Kick punishment').locator('option:checked')).toHaveText('Use Global (current punishment)');
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(userList(page, 'Whitelisted Users').getByText('Ava Chen', { exact: true })).toBeVisible();
    await expect(userList(page, 'Whitelisted Users').getByText('Sofia Rossi', { exact: true })).toBeVisible();
    await expect(userList(page, 'Extra Owners').getByText('Demo Extra', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(page.getByText('@AntiNuke Bypass')).toBeVisible();
  });

  test('every tab passes axe with AntiNuke on, and the tabs move with the arrow keys', async ({ page, browser }) => {
    await arrange(browser, { enabled: true, whitelist: [DEMO_MEMBER], extraowners: [DEMO_EXTRA] });
    await signIn(page, 'demo-owner');
    await openAntinuke(page);
    await expect(page.getByRole('switch', { name: 'Enable AntiNuke' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('tab', { name: 'General' }).focus();
    for (const name of TABS) {
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name })).toBeFocused();
      await expect(page.locator('[data-disabled-panel]')).toHaveCount(0);
      expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
      await page.keyboard.press('ArrowRight');
    }
  });

  test('the suggestions open from a name and pass axe', async ({ page, browser }) => {
    await arrange(browser, { enabled: true });
    await signIn(page, 'demo-owner');
    await openAntinuke(page);
    await page.getByRole('tab', { name: 'Users' }).click();
    const box = page.getByRole('combobox', { name: 'Whitelisted Users' });
    await box.fill('ava');
    await expect(page.getByRole('option', { name: /Ava Chen/ })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(await axeViolations(page), 'axe with the suggestions open').toEqual([]);
  });

  test('an extra owner sees Extra Owners locked and manages the whitelist', async ({ page, browser }) => {
    await arrange(browser, { enabled: true, extraowners: [DEMO_EXTRA], whitelist: [] });
    await signIn(page, 'demo-extra');
    await openAntinuke(page);
    await expect(badge(page)).toHaveText(/Extra Owner/);
    await expect(page.getByRole('switch', { name: 'Enable AntiNuke' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Create Bypass Role' })).toBeEnabled();
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByText('Only the guild owner can manage extra owners')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Extra Owners' })).toBeDisabled();
    await expect(userList(page, 'Extra Owners').getByText('Demo Extra', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Demo Extra' })).toHaveCount(0);
    expect(await axeViolations(page), 'axe on Users, Extra Owners locked').toEqual([]);

    const box = page.getByRole('combobox', { name: 'Whitelisted Users' });
    await expect(box).toBeEnabled();
    await box.fill('ava');
    await expect(page.getByRole('option', { name: /Ava Chen/ })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(userList(page, 'Whitelisted Users').getByText('Ava Chen', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('AntiNuke settings saved successfully!')).toBeVisible();
    expect(await stored(browser)).toMatchObject({ extraowners: [DEMO_EXTRA], whitelist: [AVA_CHEN] });
  });

  test("a whitelisted user sees 'View Only' and a read-only switch", async ({ page, browser }) => {
    // The second id is nobody's: it shows as unknown.
    await arrange(browser, { enabled: true, whitelist: [DEMO_MEMBER, NOBODY] });
    await signIn(page, 'demo-member');
    await openAntinuke(page);
    await expect(badge(page)).toHaveText(/Whitelisted/);
    await expect(page.getByRole('button', { name: 'View Only' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);
    const enabled = page.getByRole('switch', { name: 'Enable AntiNuke' });
    await expect(enabled).toBeDisabled();
    // The overlay sits on the enable toggle's own card.
    await expect(enabled.locator('xpath=..').getByText('Read-only access', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Bypass Role' })).toBeDisabled();
    expect(await axeViolations(page), 'axe on General, read-only').toEqual([]);
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByRole('combobox', { name: 'Whitelisted Users' })).toBeDisabled();
    await expect(page.getByText('Only the guild owner and extra owners can manage the whitelist')).toBeVisible();
    await expect(userList(page, 'Whitelisted Users').getByText('Demo Member', { exact: true })).toBeVisible();
    await expect(userList(page, 'Whitelisted Users').getByText(`Unknown User (${NOBODY})`)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    expect(await axeViolations(page), 'axe on Users, read-only').toEqual([]);
  });

  test("a server admin without an AntiNuke level gets 'Access Denied', which passes axe", async ({ page, browser }) => {
    // demo-admin has Manage Server but is neither owner, extra owner nor whitelisted.
    await arrange(browser, { enabled: true, extraowners: [DEMO_EXTRA], whitelist: [DEMO_MEMBER] });
    await signIn(page, 'demo-admin');
    await page.goto(`/manage/${GUILD}/antinuke`);
    const dialog = page.getByRole('alertdialog', { name: 'Access Denied' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Insufficient Permissions')).toBeVisible();
    await expect(dialog).toContainText('Access denied: Only the guild owner, extra owners and whitelisted users can open AntiNuke.');
    await expect(badge(page)).toHaveText(/No Access/);
    await expect(page.getByRole('tab', { name: 'General' })).toHaveCount(0);
    expect(await axeViolations(page), 'axe with the modal open').toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test("a plain member gets 'Access Denied'", async ({ page, browser }) => {
    await arrange(browser, { enabled: true, whitelist: [DEMO_MEMBER] });
    await signInAsMember(page, 'ethan.nguyen');
    await page.goto(`/manage/${GUILD}/antinuke`);
    const dialog = page.getByRole('alertdialog', { name: 'Access Denied' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Insufficient Permissions')).toBeVisible();
    await expect(badge(page)).toHaveText(/No Access/);
    await expect(page.getByRole('tab', { name: 'General' })).toHaveCount(0);
    // Closed, the modal leaves the dismissible notice with the server's reason.
    await dialog.getByRole('button', { name: 'Close' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Access denied:' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
  });

  test('fits a phone: the tabs wrap instead of widening the page', async ({ page, browser }) => {
    await arrange(browser, { enabled: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'demo-owner');
    await openAntinuke(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('tab', { name: 'Logs' })).toBeInViewport();
  });
});
