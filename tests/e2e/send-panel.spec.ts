import { expect, test } from './app.js';
import { axeViolations, csrfHeaders, signInThroughChooser } from './support.js';

// The Send Embed Panel dialog (issue 11, item 4) in Chromium against the built app: a panel created through the
// collections API, sent from the Ticket System landing, then seen in the sandbox viewer as Discord would draw it.
// Only panels are written, in #bot-commands' guild; no other e2e file deploys panels.
const GUILD = '1100000000000010000';
const BOT_COMMANDS = '1100000000000010109'; // #bot-commands, a text channel

test('a panel sent from the landing dialog is posted by the bot with its button, and the dialog passes axe', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${GUILD}/tickets`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket System' })).toBeVisible();

  // The panels page is another part of the issue: the panel is made through the API the page uses.
  const title = `Help desk ${Date.now()}`;
  const created = await page.request.post(`/api/guild/${GUILD}/collections/panels`, {
    data: { item: { title, button_label: 'Open a ticket', channel_id: '1100000000000010106' } },
    headers: await csrfHeaders(page),
  });
  expect(created.status()).toBe(201);
  const panelId = (await created.json()).id as string;

  await page.getByRole('button', { name: 'Send Panel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Embed Panel' });
  await expect(dialog.getByLabel('Embed Panel')).toBeVisible();
  // Focus moved into the dialog (its first control) when it opened.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await axeViolations(page), 'axe on the dialog as opened').toEqual([]);

  await dialog.getByLabel('Embed Panel').selectOption({ label: title });
  await dialog.getByLabel('Channel').selectOption({ label: '#bot-commands' });
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('[data-embed-title]')).toHaveText(title);
  await expect(preview.locator('[data-button]')).toHaveText('🎫Open a ticket');
  expect(await axeViolations(page), 'axe on the dialog with its preview').toEqual([]);

  await dialog.getByRole('button', { name: 'Send Panel' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Panel sent successfully to #bot-commands');
  // It closes 2000 ms after the success.
  await expect(dialog).toBeHidden({ timeout: 5_000 });

  // The panel now records the message and its new channel.
  const saved = await (await page.request.get(`/api/guild/${GUILD}/collections/panels/${panelId}`)).json();
  expect(saved.item).toMatchObject({ channel_id: BOT_COMMANDS, deployed: true });
  const store = await (await page.request.get(`/sandbox/discord/viewer/channels/${BOT_COMMANDS}/messages`)).json();
  const posted = store.messages.find((m: { id: string }) => m.id === saved.item.message_id);
  expect(posted.components[0].components[0]).toMatchObject({ label: 'Open a ticket', custom_id: `ticket-panel:${panelId}` });

  // And a person sees it in the viewer: the embed and the button.
  await page.goto(`/sandbox-viewer?channel=${BOT_COMMANDS}`);
  const shown = page.locator(`[data-discord-message="${saved.item.message_id}"]`);
  await expect(shown).toBeVisible();
  await expect(shown.locator('[data-embed-title]')).toHaveText(title);
  await expect(shown.locator('[data-button]')).toHaveText('🎫Open a ticket');
  await expect(shown.locator('[data-button]')).toBeVisible();
});

test('on a phone the dialog fits the screen and its actions stay reachable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${GUILD}/tickets`);
  await page.getByRole('button', { name: 'Send Panel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Embed Panel' });
  await expect(dialog.getByLabel('Embed Panel')).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(700);
  await expect(dialog.getByRole('button', { name: 'Send Panel' })).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  expect(await axeViolations(page), 'axe on the dialog on a phone').toEqual([]);
  // Keyboard only: Tab stays inside the dialog, Escape closes it and focus returns to the button that opened it.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send Panel' })).toBeFocused();
});
