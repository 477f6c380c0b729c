import { expect, type Page, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// Seeded in sandboxes/discord/src/seed.ts. The e2e files share one server and database: these tests use the
// greeting, moderation and levels sections (nobody else does) and never save the basic section.
const GUILD = '1100000000000010000';
const WELCOME_CHANNEL = '1100000000000010102'; // #welcome
const OWNER_ID = '1100000000000000101'; // demo-owner

async function signedIn(page: Page, path: string) {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(path);
}

function recordWrites(page: Page) {
  const writes: string[] = [];
  page.on('request', (r) => r.method() !== 'GET' && r.url().includes('/api/') && writes.push(`${r.method()} ${r.url()}`));
  return writes;
}

test.describe('dashboard', () => {
  test('shows the bot online, the three statistics, and Refresh count asks the server again', async ({ page }) => {
    await signedIn(page, `/manage/${GUILD}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Guildhall Community' })).toBeVisible();
    await expect(page.getByText('Bot Online')).toBeVisible();
    await expect(page.locator('[data-stat="Guild Members"]')).toHaveText(/^\d+$/);
    await expect(page.locator('[data-stat="Bot Users"]')).toHaveText(/^\d+$/);
    await expect(page.locator('[data-stat="Bot Guilds"]')).toHaveText(/^\d+$/);

    const stats = await (await page.request.get(`/api/guild/${GUILD}/stats`)).json();
    await expect(page.locator('[data-stat="Guild Members"]')).toHaveText(String(stats.stats.memberCount));
    const bot = await (await page.request.get('/api/debug/bot-status')).json();
    const users = bot.guilds.reduce((n: number, g: { memberCount: number }) => n + g.memberCount, 0);
    await expect(page.locator('[data-stat="Bot Users"]')).toHaveText(users.toLocaleString('en-US'));
    await expect(page.locator('[data-stat="Bot Guilds"]')).toHaveText(String(bot.guildCount));

    const refreshed = page.waitForRequest((r) => r.url().endsWith(`/api/guild/${GUILD}/stats`));
    await page.getByRole('button', { name: 'Refresh count' }).click();
    await refreshed;
    await expect(page.getByRole('button', { name: 'Refresh count' })).toBeEnabled();

    await expect(page.getByRole('link', { name: 'Server Settings' }).first()).toHaveAttribute('href', `/manage/${GUILD}/basic`);
    await expect(page.getByRole('link', { name: 'Invite Bot' })).toHaveAttribute('href', '/invite');
    for (const name of ['Welcome Message', 'Ticket Management', 'Antinuke Protection', 'Level Progression']) {
      await expect(page.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: new RegExp(name) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Welcome Configuration.*Popular/ })).toHaveAttribute('href', `/manage/${GUILD}/welcome`);
    await expect(page.getByRole('link', { name: /Levels.*New/ })).toHaveAttribute('href', `/manage/${GUILD}/progression`);
    // Guildhall Community is on the free tier: the premium feature leads to the plans instead (issue 13).
    await expect(page.getByRole('link', { name: /Custom Embeds.*Locked/ })).toHaveAttribute('href', '/premium');
    expect(await axeViolations(page)).toEqual([]);
  });

  test("says 'Failed to load dashboard data' when the statistics cannot be loaded", async ({ page }) => {
    await page.route('**/api/debug/bot-status', (route) =>
      route.fulfill({ status: 502, json: { success: false, error: 'Discord is down' } }),
    );
    await signedIn(page, `/manage/${GUILD}/dashboard`);
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data' })).toBeVisible();
    await expect(page.getByText('Bot Offline')).toBeVisible();
  });
});

test.describe('moderation', () => {
  test('a warning threshold of 11 is refused at the field and nothing is saved; the commands show the prefix', async ({ page }) => {
    await signedIn(page, `/manage/${GUILD}/moderation`);
    const threshold = page.getByLabel('Warning threshold');
    await expect(threshold).toBeVisible();
    await expect(page.getByRole('region', { name: 'Moderation commands' }).getByText(/^\S+warn @member \[reason\]$/)).toBeVisible();
    const writes = recordWrites(page);
    await threshold.fill('11');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('[data-invalid]').getByRole('alert')).toHaveText('Warning threshold must be between 1 and 10');
    expect(writes).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('levels', () => {
  test('the level-up preview follows the typing, and the XP options hide while ranking is off', async ({ page }) => {
    await signedIn(page, `/manage/${GUILD}/progression`);
    const ranking = page.getByRole('switch', { name: 'XP and levels' });
    await expect(ranking).toBeVisible();
    const message = page.getByLabel('Level-up message');
    const preview = page.getByTestId('levelup-preview');
    if ((await ranking.getAttribute('aria-checked')) === 'true') await ranking.click();
    await expect(message).toBeHidden();
    await expect(page.getByLabel('Level-up channel')).toBeHidden();
    await expect(preview).toContainText('Turn XP and levels on');

    await ranking.click();
    await expect(message).toBeVisible();
    await expect(page.getByLabel('Level-up channel')).toBeVisible();
    await message.fill('GG {member:name}! Level {level} of {server} ({count} members)');
    await expect(preview).toContainText('GG Demo Owner! Level 5 of Guildhall Community (100 members)');
    await message.pressSequentially(' {user}');
    await expect(preview).toContainText('(100 members) @Demo Owner');
    expect(await axeViolations(page)).toEqual([]);

    // An emptied message leaves the draft without one: the page and its preview must survive it.
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await message.fill('');
    await message.blur();
    await expect(preview).toBeVisible();
    await expect(message).toBeVisible();
    expect(errors).toEqual([]);
    await message.fill('Back to level {level}');
    await expect(preview).toContainText('Back to level 5');

    await ranking.click();
    await expect(message).toBeHidden();
    await expect(preview).toContainText('Turn XP and levels on');
    await expect(page.getByText('Level n needs n² × 100 XP (level squared times 100).')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  });
});

test.describe('welcome', () => {
  test('enable, pick a channel, write with placeholders, save, Send Preview: the bot posts it in the sandbox channel', async ({ page }) => {
    await signedIn(page, `/manage/${GUILD}/welcome`);
    const welcome = page.locator('[data-greeting="welcome"]');
    const toggle = welcome.getByRole('switch', { name: 'Enable welcome messages' });
    await expect(toggle).toBeVisible();
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    await welcome.getByLabel('Welcome channel', { exact: true }).selectOption({ label: '#welcome' });
    const stamp = `e2e-${Date.now()}`;
    const content = welcome.getByLabel('Welcome message', { exact: true });
    await content.fill(`Hello {member.mention}, welcome to **{server.name}**! ${stamp}`);
    await expect(welcome.getByText(`${`Hello {member.mention}, welcome to **{server.name}**! ${stamp}`.length}/2000`)).toBeVisible();
    await welcome.getByLabel('Message type').selectOption({ label: 'Both' });
    // The live preview fills the placeholders for the signed-in user and the guild.
    await expect(welcome.locator('[data-greeting-preview] [data-content]')).toHaveText(
      `Hello @Demo Owner, welcome to Guildhall Community! ${stamp}`,
    );
    await welcome.getByRole('button', { name: 'Save Welcome Settings' }).click();
    await expect(welcome.getByRole('status')).toHaveText('Welcome settings updated successfully');
    await expect(welcome.getByText('Unsaved changes')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Preview' }).click();
    const card = page.locator('[data-preview="welcome"]');
    await card.getByRole('button', { name: 'Send Preview' }).click();
    await expect(card.getByRole('status')).toHaveText('Welcome preview sent to #welcome');

    // What the sandbox keeps: the bot's message in #welcome, placeholders filled.
    const store = await (await page.request.get(`/sandbox/discord/viewer/channels/${WELCOME_CHANNEL}/messages`)).json();
    const posted = store.messages.find((m: { content: string }) => m.content.includes(stamp));
    expect(posted.content).toBe(`Hello <@${OWNER_ID}>, welcome to **Guildhall Community**! ${stamp}`);
    expect(posted.author.bot).toBe(true);
    expect(posted.embeds[0]).toMatchObject({ title: 'Welcome to Guildhall Community!', color: 0x068add });

    // And a person sees it in the viewer, drawn as Discord draws it.
    await page.goto(`/sandbox-viewer?channel=${WELCOME_CHANNEL}`);
    const shown = page.locator('[data-discord-message]').filter({ hasText: stamp });
    await expect(shown).toBeVisible();
    await expect(shown.locator('[data-content]')).toHaveText(`Hello @Demo Owner, welcome to Guildhall Community! ${stamp}`);
    await expect(shown.locator('[data-content] strong')).toHaveText('Guildhall Community');
    await expect(shown.locator('[data-embed-title]')).toHaveText('Welcome to Guildhall Community!');
    expect(await axeViolations(page)).toEqual([]);
  });

  test("an enabled greeting without a channel says 'Please select a channel' at the field and saves nothing", async ({ page }) => {
    await signedIn(page, `/manage/${GUILD}/welcome`);
    const farewell = page.locator('[data-greeting="farewell"]');
    const toggle = farewell.getByRole('switch', { name: 'Enable farewell messages' });
    await expect(toggle).toBeVisible();
    await farewell.getByLabel('Farewell channel', { exact: true }).selectOption('');
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    const writes = recordWrites(page);
    await farewell.getByRole('button', { name: 'Save Farewell Settings' }).click();
    await expect(farewell.locator('[data-invalid]').getByRole('alert')).toHaveText('Please select a channel');
    expect(writes).toEqual([]);
  });

  test('Send Preview is disabled while the greeting is disabled; the tabs, sections and placeholder panel work', async ({ page }) => {
    await signedIn(page, `/manage/${GUILD}/welcome`);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Configuration' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', `/manage/${GUILD}/dashboard`);

    // Placeholders: collapsed at first, each with a copy button.
    const panel = page.getByRole('button', { name: /Placeholders/ });
    await expect(panel).toHaveAttribute('aria-expanded', 'false');
    await panel.click();
    for (const name of [
      'member.name',
      'member.tag',
      'member.mention',
      'member.joinedAt',
      'server.name',
      'server.members',
      'server.boostTier',
    ]) {
      await expect(page.getByRole('button', { name: `Copy {${name}}` })).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);

    // Sections collapse and expand.
    const section = page.getByRole('button', { name: /^Farewell Message/ });
    await expect(section).toHaveAttribute('aria-expanded', 'true');
    await section.click();
    await expect(page.getByLabel('Farewell channel', { exact: true })).toBeHidden();
    await section.click();
    await expect(page.getByLabel('Farewell channel', { exact: true })).toBeVisible();

    // Advanced: the embed with image and author.
    await page.getByRole('tab', { name: 'Advanced' }).click();
    const embed = page.locator('[data-greeting="farewell"]');
    await expect(embed.getByLabel('Image URL')).toBeVisible();
    await expect(embed.getByLabel('Author name')).toBeVisible();
    await expect(embed.getByRole('switch', { name: "Show the member's avatar" })).toHaveAttribute('aria-checked', 'true');
    await expect(embed.getByLabel('Embed colour')).toHaveValue('#ED4245');
    await embed.getByLabel('Image URL').fill('not a url');
    await embed.getByRole('button', { name: 'Save Farewell Embed' }).click();
    await expect(embed.locator('[data-invalid]').getByRole('alert')).toContainText('Image URL must start with http:// or https://');
    expect(await axeViolations(page)).toEqual([]);

    // Preview: farewell is disabled, so its Send Preview is too.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const card = page.locator('[data-preview="farewell"]');
    await expect(card.getByRole('button', { name: 'Send Preview' })).toBeDisabled();
    await expect(card.getByText('Enable farewell messages, choose a channel and save to send a preview.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  // How fast each key paints is a figure of `npm run bench:ui`; that every key reaches the field is a rule.
  test('typing the welcome message key by key shows every key in the field, as on Server Settings', async ({ page }) => {
    await signedIn(page, `/manage/${GUILD}/welcome`);
    const textarea = page.locator('[data-greeting="welcome"] textarea');
    await textarea.fill('');
    await textarea.pressSequentially('Welcome {member.name} to the server!');
    await expect(textarea).toHaveValue('Welcome {member.name} to the server!');
    await page.goto(`/manage/${GUILD}/basic`);
    const prefix = page.locator('input[id$="prefix"]');
    await prefix.fill('');
    await prefix.pressSequentially('abcdefghijklmnopqrstuvwxyz0123');
    await expect(prefix).toHaveValue('abcdefghijklmnopqrstuvwxyz0123');
  });
});
