import { expect, type Page, test } from './app.js';
import { axeViolations, csrfHeaders, signInThroughChooser } from './support.js';

// Issue 32, item 8: the command palette, keyboard only, in Chromium against the built app (the real backend and the
// Discord sandbox). It searches every section's and field's title and description (generated/search-index.js, from
// the schemas) and the pages the sidebar lists; choosing a field opens its page with its tab open and the field focused.
const GUILD = '1100000000000010000'; // Guildhall Community: owned by demo-owner, bot present

async function openDashboard(page: Page) {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${GUILD}/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Stores AntiNuke on or off as the guild owner, through the API the page uses: its tabs show their fields only when on. */
async function setAntinuke(page: Page, enabled: boolean) {
  const url = `/api/guild/${GUILD}/settings/antinuke`;
  const headers = await csrfHeaders(page);
  const { version, settings } = (await (await page.request.get(url)).json()) as { version: number; settings: object };
  const put = await page.request.put(url, { data: { version, settings: { ...settings, enabled } }, headers });
  expect(put.status(), await put.text()).toBe(200);
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search settings' });
const search = (page: Page) => palette(page).getByRole('combobox');
const chosen = (page: Page) => palette(page).locator('[role="option"][aria-selected="true"]');

test.describe('at 1280x800, keyboard only', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Ctrl+K, three letters of an AntiNuke setting on its Protection tab, arrow, Enter: the tab is open and the setting has focus', async ({
    page,
  }) => {
    await openDashboard(page);
    await setAntinuke(page, true);
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    await expect(search(page)).toBeFocused();
    await page.keyboard.type('web');
    // The transcripts' Webhook URL starts with the letters; AntiNuke's Anti Webhook is the next one down.
    await expect(chosen(page)).toContainText('Webhook URL');
    await page.keyboard.press('ArrowDown');
    await expect(chosen(page)).toContainText('Anti Webhook');
    await expect(chosen(page)).toContainText('Protection');
    await expect(search(page)).toHaveAttribute('aria-activedescendant', (await chosen(page).getAttribute('id'))!);
    await page.keyboard.press('Enter');

    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/antinuke\\?field=%2Fmodules%2Fanti_webhook$`));
    await expect(page.getByRole('tab', { name: 'Protection' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('switch', { name: 'Anti Webhook', exact: true })).toBeFocused();
    await setAntinuke(page, false);
  });

  test("a field on the welcome page's Advanced tab opens with that tab selected and the field focused", async ({ page }) => {
    await openDashboard(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('author ic');
    await expect(chosen(page)).toContainText('Author icon URL');
    await expect(chosen(page)).toContainText('Embed');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/welcome\\?field=%2Fwelcome%2Fembed%2Fauthor%2FiconURL$`));
    await expect(page.getByRole('tab', { name: 'Advanced' })).toHaveAttribute('aria-selected', 'true');
    const welcome = page.locator('[data-greeting="welcome"]');
    await expect(welcome.getByRole('textbox', { name: 'Author icon URL' })).toBeFocused();
  });

  test('a page that is not a settings section opens from the palette too', async ({ page }) => {
    await openDashboard(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('backup');
    await expect(chosen(page)).toContainText('Backup & Transfer');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/transfer$`));
    await expect(palette(page)).toBeHidden();
  });

  test('Escape closes the palette and gives focus back to what had it; the open palette passes axe', async ({ page }) => {
    await openDashboard(page);
    const features = page.getByRole('searchbox', { name: 'Search features' }).first();
    await features.focus();
    await page.keyboard.press('Control+k');
    await expect(search(page)).toBeFocused();
    await page.keyboard.type('greet');
    await expect(palette(page).getByRole('option').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(features).toBeFocused();
  });
});

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search button opens the palette, and a setting found there opens focused', async ({ page }) => {
    await openDashboard(page);
    const button = page.getByRole('button', { name: 'Search settings' });
    await expect(button).toBeVisible();
    await button.click();
    await expect(search(page)).toBeFocused();
    await page.keyboard.type('prefix');
    await expect(chosen(page)).toContainText('Bot prefix');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/basic\\?field=%2Fprefix$`));
    await expect(page.getByRole('textbox', { name: 'Bot prefix' })).toBeFocused();
  });
});
