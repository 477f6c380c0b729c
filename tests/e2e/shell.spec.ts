import { expect, test } from './app.js';
import { axeViolations, csrfHeaders, signInThroughChooser } from './support.js';

const COMMUNITY = '1100000000000010000'; // demo-owner's guild with the bot (sandbox seed)

test('demo-owner signs in, picks a server, changes the prefix, and a reload shows it', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await expect(page.getByRole('heading', { name: 'Select a server' })).toBeVisible();
  await expect(page.getByText('V1.1.0')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Invite Bot to / })).toHaveCount(1);
  await page.getByRole('link', { name: /^Manage Server .*Community/ }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${COMMUNITY}/dashboard$`));

  await page.getByRole('navigation', { name: 'Server management' }).getByRole('link', { name: 'Server Settings' }).click();
  const prefix = page.getByLabel('Prefix', { exact: false }).first();
  await expect(prefix).toHaveValue('.');
  await prefix.fill('g!');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved successfully!' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Prefix', { exact: false }).first()).toHaveValue('g!');
});

test('a 6-character prefix shows the error at the field and saves nothing', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await page.goto(`/manage/${COMMUNITY}/basic`);
  const prefix = page.getByLabel('Prefix', { exact: false }).first();
  await expect(prefix).toBeVisible();
  const before = await prefix.inputValue();
  const saves: string[] = [];
  page.on('request', (r) => r.method() === 'PUT' && saves.push(r.url()));
  await prefix.fill('123456');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const error = page.locator('[data-invalid]').getByRole('alert');
  await expect(error).toHaveText('Prefix must be 1 to 5 characters');
  expect(saves).toEqual([]);
  await page.reload();
  await expect(page.getByLabel('Prefix', { exact: false }).first()).toHaveValue(before);
});

test('after a refused prefix, fixing it and clicking Save once saves it (the click is not lost to the error leaving)', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await page.goto(`/manage/${COMMUNITY}/basic`);
  const prefix = page.getByLabel('Prefix', { exact: false }).first();
  await prefix.fill('123456');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('[data-invalid]').getByRole('alert')).toHaveText('Prefix must be 1 to 5 characters');
  await prefix.fill('?');
  // The error goes while typing, so the Save button is where the pointer is when the click lands.
  await expect(page.locator('[data-invalid]')).toHaveCount(0);
  const saved = page.waitForRequest((r) => r.method() === 'PUT');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await saved;
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved successfully!' })).toBeVisible();
});

test('a manage URL visited signed out ends, after sign-in, on that page', async ({ page }) => {
  await page.goto(`/manage/${COMMUNITY}/basic`);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe(`/manage/${COMMUNITY}/basic`);
  await page.getByRole('link', { name: 'Continue with Discord' }).click();
  await page.getByRole('button', { name: /\(demo-owner\)/ }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${COMMUNITY}/basic$`));
  await expect(page.getByRole('heading', { name: 'Server Settings' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBeNull();
});

test('demo-member sees no Manage button and is refused on the owner manage URL', async ({ page }) => {
  await signInThroughChooser(page, 'demo-member');
  await expect(page).toHaveURL(/\/selector$/);
  await expect(page.getByText("No servers to display. Make sure you're logged in with the correct account.")).toBeVisible();
  await expect(page.getByRole('link', { name: /Manage Server/ })).toHaveCount(0);
  await page.goto(`/manage/${COMMUNITY}/basic`);
  await expect(page.getByRole('alert')).toContainText('Manage Server or Administrator permission');
});

test('logout returns to /login', async ({ page }) => {
  await signInThroughChooser(page, 'demo-admin');
  await expect(page).toHaveURL(/\/selector$/);
  const signOut = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/logout');
  // The token the logout must carry: the cookie's, read before the logout answer replaces it.
  const { 'X-XSRF-TOKEN': token } = await csrfHeaders(page);
  await page.getByRole('banner').getByRole('button', { name: /admin/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const request = await signOut;
  expect(request.method()).toBe('POST');
  expect(request.headers()['x-xsrf-token']).toBe(token);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/selector');
  await expect(page).toHaveURL(/\/login$/);
});

test('a link to /api/logout only asks "Sign out of Guildhall?": Cancel keeps the session, the button ends it', async ({ page }) => {
  await signInThroughChooser(page, 'demo-admin');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('heading', { name: 'Sign out of Guildhall?' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/selector$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Select a server' })).toBeVisible();

  await page.goto('/logout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/selector');
  await expect(page).toHaveURL(/\/login$/);
});

test('the selector search filters, shows its empty state, and clears', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  const search = page.getByRole('searchbox', { name: 'Search servers' });
  await search.fill('zzzz-no-such-server');
  await expect(page.getByText('No servers match your search. Try adjusting your search criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('link', { name: /Manage Server/ }).first()).toBeVisible();
});

test('two browsers edit the same section: the second save offers the conflict choice and overwrites nothing silently', async ({
  browser,
}) => {
  const a = await browser.newContext();
  const b = await browser.newContext();
  const pa = await a.newPage();
  const pb = await b.newPage();
  for (const p of [pa, pb]) {
    await signInThroughChooser(p, 'demo-owner');
    await p.goto(`/manage/${COMMUNITY}/basic`);
    await expect(p.getByLabel('Prefix', { exact: false }).first()).toBeVisible();
  }
  await pa.getByLabel('Prefix', { exact: false }).first().fill('A!');
  await pa.getByRole('button', { name: 'Save Changes' }).click();
  await expect(pa.getByText('Settings saved successfully!')).toBeVisible();

  await pb.getByLabel('Prefix', { exact: false }).first().fill('B!');
  await pb.getByRole('button', { name: 'Save Changes' }).click();
  const dialog = pb.getByRole('alertdialog', { name: 'These settings changed elsewhere' });
  await expect(dialog).toBeVisible();
  // Nothing was overwritten: A's value is what the server keeps.
  await pa.reload();
  await expect(pa.getByLabel('Prefix', { exact: false }).first()).toHaveValue('A!');
  // B chooses to load A's version.
  await dialog.getByRole('button', { name: 'Load their version' }).click();
  await expect(pb.getByLabel('Prefix', { exact: false }).first()).toHaveValue('A!');
  // And may then overwrite deliberately.
  await pb.getByLabel('Prefix', { exact: false }).first().fill('B!');
  await pb.getByRole('button', { name: 'Save Changes' }).click();
  await expect(pb.getByText('Settings saved successfully!')).toBeVisible();
  await a.close();
  await b.close();
});

test.describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  test('login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome to Guildhall' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('selector, manage layout and Server Settings', async ({ page }) => {
    await signInThroughChooser(page, 'demo-owner');
    await expect(page.getByRole('heading', { name: 'Select a server' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/manage/${COMMUNITY}/basic`);
    await expect(page.getByLabel('Prefix', { exact: false }).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('manage layout', () => {
  test('sidebar search, info tooltip, server switcher and the redirect to basic', async ({ page }) => {
    await signInThroughChooser(page, 'demo-owner');
    await page.goto(`/manage/${COMMUNITY}`);
    await expect(page).toHaveURL(new RegExp(`/manage/${COMMUNITY}/basic$`));
    const nav = page.getByRole('navigation', { name: 'Server management' });
    await expect(nav.getByText('BESIC FEATURES', { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Server Settings' })).toHaveClass(/bg-brand/);

    await page.getByPlaceholder('Search features...').fill('config');
    await expect(nav.getByRole('link')).toHaveText([
      'Welcome Configuration',
      'Antinuke Configuration',
      'Embeds Configuration',
      'Add more servers',
      'Contact support',
    ]);
    await page.getByPlaceholder('Search features...').fill('');

    await nav.getByRole('button', { name: 'About Levels' }).click();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('XP for chatting');
    await expect(tooltip.getByRole('link', { name: 'Learn more about this feature' })).toBeVisible();
    await page.getByRole('heading', { name: 'Server Settings' }).click();
    await expect(tooltip).toHaveCount(0);

    await page.getByRole('button', { name: /Switch server/ }).click();
    const list = page.getByRole('listbox', { name: 'Your Servers' });
    await expect(list).toBeVisible();
    const active = list.getByRole('option', { selected: true });
    await expect(active).toContainText('Active');
    await expect(active).toContainText(COMMUNITY.slice(0, 8));
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
  });

  test('on a phone the header toggle opens the sidebar with a backdrop, and the link list is hidden', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInThroughChooser(page, 'demo-owner');
    await page.goto(`/manage/${COMMUNITY}/basic`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open server menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Server menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Close server menu' }).click();
    await expect(menu).toHaveCount(0);
  });

  test('/manage without a server shows the loading text', async ({ page }) => {
    await signInThroughChooser(page, 'demo-owner');
    await page.goto('/manage');
    await expect(page.getByRole('status')).toContainText('Loading server information...');
  });

  test('the user menu closes on Escape and on an outside click', async ({ page }) => {
    await signInThroughChooser(page, 'demo-owner');
    const trigger = page.getByRole('banner').getByRole('button', { name: /owner/i });
    await trigger.click();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await trigger.click();
    await page.getByRole('heading', { name: 'Select a server' }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('an unknown address shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
  });
});

test.describe('public layout', () => {
  test('the footer links its thirteen pages in order (and /cookie-policy), and hides on the selector', async ({ page }) => {
    await page.goto('/features');
    const links = page.getByRole('navigation', { name: 'Footer' }).getByRole('link');
    // evaluateAll does not wait: the footer must be on the page before its links are read.
    await expect(links).toHaveCount(14);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/features',
      '/dev',
      '/selector',
      '/docs',
      '/contact',
      '/faq',
      '/invite',
      '/privacy',
      '/terms',
      '/cookies',
      '/cookie-policy',
      '/pricing',
      '/shipping',
      '/refund',
    ]);
    await signInThroughChooser(page, 'demo-owner');
    await expect(page).toHaveURL(/\/selector$/);
    await expect(page.getByRole('navigation', { name: 'Footer' })).toHaveCount(0);
  });

  test('back to top appears after 400 px and scrolls up', async ({ page }) => {
    await page.goto('/faq');
    // The page is a lazy chunk: scrolling before it renders would hit a document too short to scroll.
    await expect(page.getByRole('navigation', { name: 'FAQ topics' })).toBeVisible();
    const button = page.getByRole('button', { name: 'Back to top' });
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test('the light theme is one click away and is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveClass(/light/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/light/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});

test('when Discord cannot list the servers, the selector says so and offers to try again', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page.getByRole('heading', { name: 'Select a server' })).toBeVisible();
  let calls = 0;
  await page.route('**/api/user', async (route) => {
    calls += 1;
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({
      response: res,
      json: { ...body, guilds: [], guildsError: 'Discord is rate limiting requests. Try again in 3 seconds.' },
    });
  });
  await page.reload();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("Couldn't load your servers");
  await expect(alert).toContainText('Try again in 3 seconds');
  await page.unroute('**/api/user');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link', { name: /Manage Server/ }).first()).toBeVisible();
  expect(calls).toBeGreaterThan(0);
});
