import { type Browser, expect, type Page, test } from './app.js';
import { axeViolations, buyPremium, signInThroughChooser, storeSettings } from './support.js';

// Issue 32, items 1 to 3 as a person sees them, in Chromium against the built app and the Discord sandbox: the manage
// sidebar fits at 1280x800 (sub-pages nested in collapsible groups, one current entry, the bottom links pinned, a cue
// when the list scrolls), the premium state of Embeds Configuration after a plan is bought, and what people without
// full rights see (a whitelisted-only member on the dashboard, a member without access on AntiNuke).
const GUILD = '1100000000000010000'; // Guildhall Community: owned by demo-owner, bot present, on the free tier
const PIXEL = '1100000000000020000'; // Pixel Painters: owned by demo-owner, bot present; no other spec needs its plan free
const DEMO_MEMBER = '1100000000000000103';

test.use({ viewport: { width: 1280, height: 800 } });

const sidebar = (page: Page) => page.getByRole('complementary').getByRole('navigation', { name: 'Server management' });
/** A sidebar entry by the name it shows (a premium one the free tier locks adds why to its accessible name). */
const entryLink = (page: Page, name: string) =>
  sidebar(page)
    .getByRole('link')
    .filter({ hasText: new RegExp(`^\\s*${name}$`) });

/** The top-level entries at 1280x800: every one of them, and the two bottom links. */
const TOP_LEVEL = [
  'Dashboard',
  'Bot Personalizer',
  'Server Settings',
  'Change History',
  'Backup & Transfer',
  'Dashboard Access',
  'Levels',
  'Reaction Roles',
  'Welcome Configuration',
  'Ticket Management',
  'Antinuke Configuration',
  'Embeds Configuration',
  'Scheduled Messages',
  'Moderation',
  'Join DMs',
  'Add more servers',
  'Contact support',
];
const TICKET_PAGES = ['Ticket general settings', 'Ticket limits', 'Ticket categories', 'Ticket transcripts', 'Ticket Panels'];

async function signIn(page: Page, username: string) {
  await signInThroughChooser(page, username);
  await expect(page).toHaveURL(/\/selector$/);
}

/** Stores the AntiNuke document as the guild owner, in a context of its own (the schema's defaults fill the rest). */
const arrangeAntinuke = (browser: Browser, settings: Record<string, unknown>) => storeSettings(browser, GUILD, 'antinuke', settings);

test.describe('the manage sidebar at 1280x800', () => {
  test('every entry and both bottom links are in view without scrolling; ticket pages are one closed group', async ({ page }) => {
    await signIn(page, 'demo-owner');
    await page.goto(`/manage/${GUILD}/dashboard`);
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
    for (const name of TOP_LEVEL) await expect(entryLink(page, name), name).toBeInViewport({ ratio: 1 });
    const toggle = nav.getByRole('button', { name: 'Ticket Management pages' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    for (const name of TICKET_PAGES) await expect(nav.getByRole('link', { name, exact: true })).toBeHidden();
    // The group opens and closes from the keyboard.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of TICKET_PAGES) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Ticket limits', exact: true })).toBeHidden();
  });

  test('on a ticket sub-page its group is open and exactly one entry is current; the list shows it scrolls', async ({ page }) => {
    await signIn(page, 'demo-owner');
    await page.goto(`/manage/${GUILD}/tickets/limits`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket limits' })).toBeVisible();
    const nav = sidebar(page);
    await expect(nav.getByRole('button', { name: 'Ticket Management pages' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Ticket limits');
    // The landing itself: the parent alone is current.
    await nav.getByRole('link', { name: 'Ticket Management', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets$`));
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Ticket Management');
    // The panels page sits in the group too.
    await nav.getByRole('link', { name: 'Ticket Panels', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets/panel$`));
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Ticket Panels');

    // With the group open the list may be longer than the sidebar: the bottom links stay in view, and when the list
    // scrolls, a cue says there is more below, and no entry is cut at the bottom edge without it.
    await expect(nav.getByRole('link', { name: 'Add more servers' })).toBeInViewport({ ratio: 1 });
    await expect(nav.getByRole('link', { name: 'Contact support' })).toBeInViewport({ ratio: 1 });
    const list = nav.locator('[data-sidebar-scroll]');
    const overflows = await list.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
    if (overflows) {
      await list.evaluate((el) => el.scrollTo({ top: 0 }));
      await expect(nav.locator('[data-scroll-cue="above"]')).toHaveCount(0);
      await expect(nav.locator('[data-scroll-cue="below"]')).toBeVisible();
      await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect(nav.getByRole('link', { name: 'Join DMs', exact: true })).toBeInViewport({ ratio: 1 });
      await expect(nav.locator('[data-scroll-cue="below"]')).toHaveCount(0);
      await expect(nav.locator('[data-scroll-cue="above"]')).toBeVisible();
    }
    expect(overflows || (await nav.locator('[data-scroll-cue]').count()) === 0).toBe(true);
    expect(await axeViolations(page), 'axe with the group open').toEqual([]);
  });

  test('the feature search finds a nested page and opens its group', async ({ page }) => {
    await signIn(page, 'demo-owner');
    await page.goto(`/manage/${GUILD}/dashboard`);
    const nav = sidebar(page);
    await page.getByPlaceholder('Search features...').fill('transcript');
    await expect(nav.getByRole('button', { name: 'Ticket Management pages' })).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Ticket transcripts', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets/transcript$`));
  });

  test('on a phone the drawer nests the ticket pages too, with its bottom links in view', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'demo-owner');
    await page.goto(`/manage/${GUILD}/tickets/category`);
    await page.getByRole('button', { name: 'Open server menu' }).click();
    const nav = page.getByRole('dialog', { name: 'Server menu' }).getByRole('navigation', { name: 'Server management' });
    await expect(nav.getByRole('button', { name: 'Ticket Management pages' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Ticket categories');
    await expect(nav.getByRole('link', { name: 'Contact support' })).toBeInViewport({ ratio: 1 });
    expect(await axeViolations(page), 'axe on the open drawer').toEqual([]);
    await nav.getByRole('link', { name: 'Moderation', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/moderation$`));
  });
});

test('Embeds Configuration opens, without the upgrade note, once the server has bought Standard', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'demo-owner');
  await page.goto(`/manage/${PIXEL}/dashboard`);
  const nav = sidebar(page);
  // On the free tier: locked, and the note says so.
  await expect(nav.getByRole('link', { name: /^Embeds Configuration \(locked/ })).toHaveAttribute('href', '/premium');
  await nav.getByRole('button', { name: 'About Embeds Configuration' }).click();
  await expect(page.getByRole('tooltip')).toContainText('Upgrade to premium');

  await buyPremium(page, { plan: 'standard', duration: '1 month', guild: 'Pixel Painters' });
  await page.goto(`/manage/${PIXEL}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Standard plan' })).toBeVisible();
  const entry = nav.getByRole('link', { name: 'Embeds Configuration', exact: true });
  await expect(entry).toHaveAttribute('href', `/manage/${PIXEL}/embeds`);
  await nav.getByRole('button', { name: 'About Embeds Configuration' }).click();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Design and send rich embed messages.');
  await expect(tooltip).not.toContainText('Upgrade');
  await expect(tooltip).toContainText('Included in your Standard plan.');
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/manage/${PIXEL}/embeds$`));
});

test.describe('people without full rights', () => {
  test.afterEach(async ({ browser }) => arrangeAntinuke(browser, {}));

  test('a member whitelisted while the app is open sees what they may open on the dashboard, and why, with no dead retry', async ({
    page,
    browser,
  }) => {
    // Signed in first (their list of servers has no Guildhall Community yet), then whitelisted by the owner; they then
    // open the dashboard within the app, as a link would.
    await signIn(page, 'demo-member');
    await arrangeAntinuke(browser, { enabled: true, whitelist: [DEMO_MEMBER] });
    await page.evaluate((url) => {
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/manage/${GUILD}/dashboard`);
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('You do not have access to Dashboard in this server.');
    await expect(page.getByText('Could not load your plan')).toHaveCount(0);
    await expect(page.getByText('Failed to load dashboard data')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    // The switcher names the server; the sidebar lists only the page they may open.
    await expect(page.getByRole('button', { name: /Guildhall Community/ })).toBeVisible();
    await expect(sidebar(page).getByRole('link')).toHaveText(['Antinuke Configuration', 'Add more servers', 'Contact support']);
    await alert.getByRole('link', { name: 'Open Antinuke Configuration' }).click();
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });

  test('a member without access opening AntiNuke sees the server named, no pages that refuse them, and why', async ({ page, browser }) => {
    await arrangeAntinuke(browser, { enabled: true, whitelist: [] });
    await signIn(page, 'demo-member');
    await page.goto(`/manage/${GUILD}/antinuke`);
    await expect(page.getByRole('alertdialog', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /No access/ })).toBeVisible();
    // No entry that would refuse them: the server's reason in its place.
    const nav = sidebar(page);
    await expect(nav.getByRole('link')).toHaveText(['Add more servers', 'Contact support']);
    await expect(nav.getByText('You need the Manage Server or Administrator permission in this server.')).toBeVisible();
    expect(await axeViolations(page), 'axe for a member without access').toEqual([]);
  });
});
