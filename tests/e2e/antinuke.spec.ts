import { expect, type Page, type Route, test } from '@playwright/test';
import { axeViolations, signInThroughChooser } from './support';

// The AntiNuke page in Chromium against the built app, signed in as the seeded guild owner. Nobody else's e2e file
// uses the antinuke section.
const GUILD = '1100000000000010000';
const OWNER_ACCESS = {
  level: 'owner',
  label: 'Guild Owner',
  message: 'You are the owner of this server.',
  capabilities: {
    view: true,
    editSettings: true,
    manageModules: true,
    manageWhitelist: true,
    manageExtraOwners: true,
    manageBypassRole: true,
  },
  denied: {},
};
const SEARCHABLE = [{ id: '1100000000000000104', username: 'demo-extra', discriminator: '0', avatar: null, global_name: 'Demo Extra' }];

/**
 * The page's contract routes as the backend answers them; where this build of the backend does not serve one yet
 * (an answer without `access`, a 404 for search, lookup, pre-flight), the contract's shape stands in, so the page can
 * be checked in a browser before the backend work lands. Once it lands, every answer is the server's own.
 */
async function contractFallbacks(page: Page) {
  const passOr = (fallback: (route: Route) => Promise<void>) => async (route: Route) => {
    const response = await route.fetch();
    if (response.status() !== 404) return route.fulfill({ response });
    return fallback(route);
  };
  await page.route(`**/api/guild/${GUILD}/settings/antinuke`, async (route) => {
    const response = await route.fetch();
    if (route.request().method() !== 'GET' || !response.ok()) return route.fulfill({ response });
    const body = await response.json();
    return route.fulfill({ response, json: body.access ? body : { ...body, access: OWNER_ACCESS } });
  });
  await page.route(
    `**/api/guild/${GUILD}/search-users?*`,
    passOr((route) => {
      const q = new URL(route.request().url()).searchParams.get('q') ?? '';
      return route.fulfill({ json: { success: true, users: SEARCHABLE.filter((u) => u.username.startsWith(q)) } });
    }),
  );
  await page.route(
    `**/api/guild/${GUILD}/users?*`,
    passOr((route) => {
      const ids = (new URL(route.request().url()).searchParams.get('ids') ?? '').split(',');
      return route.fulfill({ json: { success: true, users: SEARCHABLE.filter((u) => ids.includes(u.id)) } });
    }),
  );
  await page.route(
    `**/api/guild/${GUILD}/antinuke/preflight`,
    passOr((route) => route.fulfill({ json: { success: true, warnings: [] } })),
  );
}

async function openAntinuke(page: Page) {
  await contractFallbacks(page);
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${GUILD}/antinuke`);
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
}

test.describe('AntiNuke', () => {
  test('every tab passes axe, and the tabs move with the arrow keys', async ({ page }) => {
    await openAntinuke(page);
    await expect(page.getByText('Guild Owner')).toBeVisible();
    // Turned on (unsaved) so the other tabs show their fields, not the disabled panel.
    const enabled = page.getByRole('switch', { name: 'Enable AntiNuke' });
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await page.getByRole('tab', { name: 'General' }).focus();
    for (const name of ['General', 'Protection', 'Users', 'Permissions', 'Logs']) {
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name })).toBeFocused();
      expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
      await page.keyboard.press('ArrowRight');
    }
  });

  test('adds a whitelisted user from the suggestions with the keyboard, and saves', async ({ page }) => {
    await openAntinuke(page);
    const enabled = page.getByRole('switch', { name: 'Enable AntiNuke' });
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await page.getByRole('tab', { name: 'Users' }).click();
    const box = page.getByRole('combobox', { name: 'Whitelisted Users' });
    await box.fill('demo');
    await expect(page.getByRole('option', { name: /Demo Extra/ })).toBeVisible();
    expect(await axeViolations(page), 'axe with the suggestions open').toEqual([]);
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page.getByRole('list', { name: 'Whitelisted Users' }).getByText('Demo Extra')).toBeVisible();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('AntiNuke settings saved successfully!')).toBeVisible();
  });

  test('fits a phone: the tabs wrap instead of widening the page', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openAntinuke(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('tab', { name: 'Logs' })).toBeInViewport();
  });

  test("opens 'Access Denied' for a member without access, inside the manage layout", async ({ page }) => {
    await signInThroughChooser(page, 'demo-member');
    await expect(page).toHaveURL(/\/selector$/);
    await page.goto(`/manage/${GUILD}/antinuke`);
    const dialog = page.getByRole('alertdialog', { name: 'Access Denied' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Insufficient Permissions')).toBeVisible();
    await expect(page.getByText('No Access')).toBeVisible();
    expect(await axeViolations(page), 'axe with the modal open').toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});
