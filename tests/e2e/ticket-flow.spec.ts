import { readFileSync } from 'node:fs';
import { SNOWFLAKE } from '@guildhall/common/discord/ids';
import { expect, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// Issue 11's whole ticket flow, as a new admin would do it, in a guild no other e2e file touches (Pixel Painters,
// owned by demo-owner, bot present: sandboxes/discord/src/seed.ts): general settings and limits, a category, a panel made
// in the editor and deployed, the bot's message seen in the sandbox viewer, a simulated ticket, and its transcript
// found and downloaded. axe runs on every ticket page on the way.
const GUILD = '1100000000000020000';
const SHOWCASE = '1100000000000020103'; // #showcase, a text channel

test('a new admin sets up tickets end to end and finds the transcript of the first ticket', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);

  // The landing, from the sidebar.
  await page.goto(`/manage/${GUILD}/dashboard`);
  await page
    .getByRole('link', { name: /^Ticket Management/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket System' })).toBeVisible();
  expect(await axeViolations(page), 'axe on the landing').toEqual([]);

  // General settings: a support team role and auto pin; Save is enabled only once something changed.
  await page.getByRole('link', { name: /^General Settings/ }).click();
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(page.getByRole('switch', { name: 'Auto Pin' })).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Support Team', { exact: true }).selectOption({ label: '@Curator' });
  await page.getByRole('switch', { name: 'Auto Pin' }).click();
  await expect(save).toBeEnabled();
  expect(await axeViolations(page), 'axe on tickets/general').toEqual([]);
  await save.click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Auto Pin' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('link', { name: 'Back', exact: true }).click();

  // Limits: 5 tickets per user.
  await page.getByRole('link', { name: /^Limiter/ }).click();
  const perUser = page.getByLabel(/Max tickets per user/i).first();
  await perUser.fill('5');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Ticket limits saved successfully!')).toBeVisible();
  expect(await axeViolations(page), 'axe on tickets/limits').toEqual([]);
  await page.getByRole('button', { name: 'Back', exact: true }).click();

  // A category for open tickets: the server's Studio.
  await page.getByRole('link', { name: /^Categories/ }).click();
  await page.getByRole('button', { name: 'Add to Open Categories' }).click();
  const add = page.getByRole('dialog', { name: 'Add Category' });
  await add.getByLabel('Existing category').selectOption({ label: 'Studio' });
  await add.getByRole('button', { name: 'Add Category' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('region', { name: 'Open Categories' }).getByRole('listitem')).toHaveText([/Studio.*\(default\)/]);
  expect(await axeViolations(page), 'axe on tickets/category').toEqual([]);
  await page.getByRole('link', { name: 'Back', exact: true }).click();

  // A panel, made in the editor (a new panel opens the advanced editor first), then deployed to #showcase.
  await page.getByRole('link', { name: /^Panels/ }).click();
  await expect(page.getByText('No panels created yet')).toBeVisible();
  expect(await axeViolations(page), 'axe on the empty panels page').toEqual([]);
  await page.getByRole('button', { name: 'Create Panel' }).first().click();
  const advanced = page.getByRole('dialog', { name: 'Advanced Embed Editor' });
  await advanced.getByLabel('Panel title').fill('Art Help Desk');
  await advanced.getByRole('tab', { name: 'Buttons' }).click();
  await advanced.getByLabel('Button label', { exact: true }).fill('Ask the curators');
  await advanced.getByRole('button', { name: 'Save' }).click();
  const editor = page.getByRole('dialog', { name: 'New Panel' });
  await editor.getByLabel('Panel channel').selectOption(SHOWCASE);
  await editor.getByRole('button', { name: 'Deploy' }).click();
  await expect(page.getByText('Panel deployed successfully!')).toBeVisible();
  await page.getByRole('dialog', { name: 'Edit Panel' }).getByRole('button', { name: 'Close' }).click();
  const card = page.getByRole('article', { name: 'Art Help Desk', exact: true });
  await expect(card.getByText('Deployed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Redeploy/ })).toBeVisible();
  expect(await axeViolations(page), 'axe on the panels page with a deployed panel').toEqual([]);

  // What the bot posted, as a person sees it in the sandbox viewer: the embed and the button.
  const panels = await (await page.request.get(`/api/guild/${GUILD}/collections/panels`)).json();
  const panel = panels.items.find((e: { item: { title: string } }) => e.item.title === 'Art Help Desk');
  expect(panel.item.message_id).toMatch(SNOWFLAKE);
  await page.goto(`/sandbox-viewer?channel=${SHOWCASE}`);
  const posted = page.locator(`[data-discord-message="${panel.item.message_id}"]`);
  await expect(posted.locator('[data-embed-title]')).toHaveText('Art Help Desk');
  await expect(posted.locator('[data-button]')).toContainText('Ask the curators');

  // A member opens a ticket, talks, and it is closed: the transcript is saved through the bot API.
  await page.getByRole('button', { name: 'Simulate ticket in Pixel Painters' }).click();
  const done = page.getByRole('status').filter({ hasText: /closed; its transcript is saved/ });
  await expect(done).toBeVisible();
  const [, ticketId, userName] = /Ticket ([0-9]+) \(([^)]+)\)/.exec((await done.textContent()) ?? '') ?? [];
  await done.getByRole('link', { name: 'Open transcripts' }).click();

  // The admin finds it by its user (any case) and downloads it.
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets/transcript$`));
  await page.getByRole('searchbox', { name: 'Search transcripts' }).fill(userName!.toLowerCase());
  const row = page
    .getByRole('table', { name: /Saved transcripts/ })
    .getByRole('row')
    .filter({ hasText: ticketId! });
  await expect(row).toHaveCount(1);
  expect(await axeViolations(page), 'axe on tickets/transcript').toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download transcript ${ticketId}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transcript_[^.]+\.html$/);
  expect(readFileSync((await download.path())!, 'utf8')).toContain(`ticket-${ticketId}`);
  await expect(page.getByText('Transcript downloaded successfully!')).toBeVisible();
});
