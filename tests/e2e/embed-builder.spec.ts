import { readFileSync } from 'node:fs';
import { expect, test } from './app.js';
import { axeViolations, buyPremium, signInThroughChooser } from './support.js';

// The Embed Builder against the real backend (issue 12): build, save as a draft in the guild's saved embeds, reload,
// load, export; axe on every tab; a phone layout. Retro Arcade (demo-admin is Administrator there through a role) is
// a guild no other e2e file writes to. The last test sends through the embed API, fetches back by link and updates.
const GUILD = '1100000000000050000';
const TABS = ['Message Content', 'Embed Content', 'Author', 'Fields', 'Images', 'Footer', 'Edit Embed'];

// Custom Embeds is a premium feature (issue 13): demo-admin buys Basic for Retro Arcade through the payment sandbox first.
test.beforeAll(async ({ browser, app }) => {
  const page = await browser.newPage({ baseURL: app.url });
  await signInThroughChooser(page, 'demo-admin');
  await expect(page).toHaveURL(/\/selector$/);
  await buyPremium(page, { plan: 'basic', duration: '1 month', guild: 'Retro Arcade' });
  await page.close();
});

async function open(page: import('./app.js').Page) {
  await page.goto(`/manage/${GUILD}/embeds`);
  await expect(page.getByRole('heading', { level: 1, name: 'Embed Builder' })).toBeVisible();
}

test('builds a 3-embed message with fields, saves it as a draft, loads it after a reload and exports it', async ({ page }) => {
  await signInThroughChooser(page, 'demo-admin');
  await expect(page).toHaveURL(/\/selector$/);
  await open(page);
  const strip = page.getByRole('group', { name: 'Embeds of the message' });
  await page.getByRole('button', { name: 'Add Embed' }).click();
  await expect(strip.getByRole('button', { name: 'Embed 3', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('tab', { name: 'Embed Content' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Launch schedule');
  await page.getByLabel('Description', { exact: true }).fill('Everything happens **this week**.');
  await page.getByRole('tab', { name: 'Fields' }).click();
  for (const [name, value] of [
    ['Monday', 'Kick-off'],
    ['Friday', 'Party'],
  ]) {
    await page.getByLabel('Field name', { exact: true }).fill(name!);
    await page.getByLabel('Field value', { exact: true }).fill(value!);
    await page.getByRole('checkbox', { name: 'Inline' }).last().check();
    await page.getByRole('button', { name: 'Add Field' }).click();
  }
  const preview = page.getByRole('region', { name: /Live Preview/ });
  await expect(preview.locator('[data-preview-embed="2"] [data-embed-field][data-inline]')).toHaveCount(2);
  await expect(preview.getByText('Total embeds: 3/10')).toBeVisible();

  await page.getByLabel('Draft name').fill('E2E launch post');
  await page.getByRole('button', { name: 'Save as new draft' }).click();
  await expect(page.getByText("Saved draft 'E2E launch post'")).toBeVisible();
  expect(await axeViolations(page), 'axe with the toast shown').toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Embed Builder' })).toBeVisible();
  await expect(strip.getByRole('button', { name: /^Embed \d+$/ })).toHaveCount(2);
  const saved = page.getByRole('list', { name: 'Saved embeds' });
  await saved.getByRole('group', { name: 'Actions for E2E launch post' }).getByRole('button', { name: 'Load' }).click();
  await expect(strip.getByRole('button', { name: /^Embed \d+$/ })).toHaveCount(3);
  await expect(preview.locator('[data-preview-embed="2"]')).toContainText('Launch schedule');
  await expect(preview.locator('[data-preview-embed="2"] [data-embed-field]')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await saved.getByRole('group', { name: 'Actions for E2E launch post' }).getByRole('button', { name: 'Export' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported.embeds).toHaveLength(3);
  expect(exported.embeds[0].color).toBe(0x5865f2);
  expect(exported.embeds[2]).toMatchObject({
    title: 'Launch schedule',
    fields: [
      { name: 'Monday', value: 'Kick-off', inline: true },
      { name: 'Friday', value: 'Party', inline: true },
    ],
  });
});

test('every tab of the signed-in page passes axe', async ({ page }) => {
  await signInThroughChooser(page, 'demo-admin');
  await expect(page).toHaveURL(/\/selector$/);
  await open(page);
  for (const name of TABS) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    expect(await axeViolations(page), `axe on the ${name} tab`).toEqual([]);
  }
});

test('works on a 390 px phone: nothing wider than the screen, tabs and preview reachable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughChooser(page, 'demo-admin');
  await expect(page).toHaveURL(/\/selector$/);
  await open(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Message Content' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Edit Embed' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Fetch Embed' })).toBeVisible();
  await page.getByRole('tab', { name: 'Fields' }).click();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole('region', { name: /Live Preview/ }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: /Live Preview/ }).locator('[data-embed]')).toHaveCount(2);
  expect(await axeViolations(page), 'axe on the phone layout').toEqual([]);
});

test('sends a 3-embed message to a channel, sees it in the sandbox viewer, fetches it back by link, edits a field and updates it', async ({
  page,
}) => {
  const HIGH_SCORES = '1100000000000050103'; // #high-scores, a text channel of Retro Arcade
  await signInThroughChooser(page, 'demo-admin');
  await expect(page).toHaveURL(/\/selector$/);
  await open(page);

  // A third embed with two fields, next to the two default ones.
  await page.getByRole('button', { name: 'Add Embed' }).click();
  await page.getByRole('tab', { name: 'Embed Content' }).click();
  await page.getByLabel('Title', { exact: true }).fill('High score rules');
  await page.getByRole('tab', { name: 'Fields' }).click();
  for (const [name, value] of [
    ['Season', 'Autumn cup'],
    ['Prize', 'A golden joystick'],
  ]) {
    await page.getByLabel('Field name', { exact: true }).fill(name!);
    await page.getByLabel('Field value', { exact: true }).fill(value!);
    await page.getByRole('button', { name: 'Add Field' }).click();
  }

  // Sent by the bot to #high-scores.
  await page.getByLabel('Channel', { exact: true }).check();
  await page.getByLabel('Text channel').selectOption(HIGH_SCORES);
  await page.getByRole('button', { name: 'Send 3 Embeds' }).click();
  await expect(page.getByText('Embed sent successfully!')).toBeVisible();
  const store = await (await page.request.get(`/sandbox/discord/viewer/channels/${HIGH_SCORES}/messages`)).json();
  const sent = store.messages.at(-1);
  expect(sent.embeds).toHaveLength(3);
  expect(sent.embeds[2]).toMatchObject({
    title: 'High score rules',
    fields: [{ name: 'Season' }, { name: 'Prize', value: 'A golden joystick' }],
  });

  // A person sees it in the sandbox viewer.
  await page.goto(`/sandbox-viewer?channel=${HIGH_SCORES}`);
  const shown = page.locator(`[data-discord-message="${sent.id}"]`);
  await expect(shown.locator('[data-embed-title]').filter({ hasText: 'High score rules' })).toBeVisible();

  // Back in the builder: fetched by its link, a field changed, and the message updated in place.
  await open(page);
  await page.getByRole('tab', { name: 'Edit Embed' }).click();
  await page.getByLabel(/Message ID/).fill(`https://discord.com/channels/${GUILD}/${HIGH_SCORES}/${sent.id}`);
  await page.getByRole('button', { name: 'Fetch Embed' }).click();
  await expect(page.getByText('Embed loaded successfully!')).toBeVisible();
  await expect(page.getByText('Editing Message', { exact: true })).toBeVisible();
  await page.getByRole('group', { name: 'Embeds of the message' }).getByRole('button', { name: 'Embed 3', exact: true }).click();
  await page.getByRole('tab', { name: 'Fields' }).click();
  await page.getByLabel('Field 2 value').fill('Two golden joysticks');
  expect(await axeViolations(page), 'axe in edit mode').toEqual([]);
  await page.getByRole('tab', { name: 'Edit Embed' }).click();
  await page.getByRole('button', { name: 'Update Existing Embed' }).click();
  await expect(page.getByText('Embed updated successfully!')).toBeVisible();

  const after = await (await page.request.get(`/sandbox/discord/viewer/channels/${HIGH_SCORES}/messages`)).json();
  const edited = after.messages.find((m: { id: string }) => m.id === sent.id);
  expect(edited.embeds[2].fields[1]).toMatchObject({ name: 'Prize', value: 'Two golden joysticks' });
  expect(after.messages).toHaveLength(store.messages.length);
});
