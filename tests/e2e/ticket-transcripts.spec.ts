import { readFileSync } from 'node:fs';
import { expect, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// A ticket's transcript from end to end (issue 11 items 6 and 7): simulated in the sandbox viewer, found in the
// guild's transcripts table by its user, downloaded (its html shows the messages, the member's markup as text), and
// deleted after the confirmation. The transcript, general and limits pages pass axe.
const GUILD = '1100000000000010000';

test('simulate a ticket in the sandbox, then find, download and delete its transcript', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);

  await page.goto('/sandbox-viewer');
  const simulate = page.getByRole('button', { name: /^Simulate ticket in Guildhall Community$/ });
  await simulate.click();
  const done = page.getByRole('status').filter({ hasText: /closed; its transcript is saved/ });
  await expect(done).toBeVisible();
  const [, ticketId, userName] = /Ticket ([0-9]+) \(([^)]+)\)/.exec((await done.textContent()) ?? '') ?? [];
  expect(ticketId).toMatch(/^[0-9]{4}$/);
  expect(await axeViolations(page), 'axe on the sandbox viewer after a simulation').toEqual([]);

  await done.getByRole('link', { name: 'Open transcripts' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets/transcript$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket transcripts' })).toBeVisible();
  const table = page.getByRole('table', { name: /Saved transcripts/ });
  await expect(table).toBeVisible();
  expect(await axeViolations(page), 'axe on tickets/transcript').toEqual([]);

  await page.getByRole('searchbox', { name: 'Search transcripts' }).fill(userName!.toUpperCase());
  const row = table.getByRole('row').filter({ hasText: ticketId! });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(userName!);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download transcript ${ticketId}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transcript_[^.]+\.html$/);
  const html = readFileSync((await download.path())!, 'utf8');
  expect(html).toContain('My payment keeps failing');
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  await expect(page.getByText('Transcript downloaded successfully!')).toBeVisible();

  await row.getByRole('button', { name: `Delete transcript ${ticketId}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete transcript?' });
  await expect(dialog).toContainText('cannot be undone');
  expect(await axeViolations(page), 'axe with the delete confirmation open').toEqual([]);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Transcript deleted successfully!')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: ticketId! })).toHaveCount(0);
});

test('the general and limits pages have their Back and pass axe', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);

  await page.goto(`/manage/${GUILD}/tickets/general`);
  await expect(page.getByRole('switch', { name: 'Two-Step Close' })).toBeVisible();
  expect(await axeViolations(page), 'axe on tickets/general').toEqual([]);
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets$`));

  await page.getByRole('link', { name: /^Limiter/ }).click();
  await expect(page.getByLabel(/Max tickets per user/i).first()).toBeVisible();
  expect(await axeViolations(page), 'axe on tickets/limits').toEqual([]);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets$`));
});

test('the transcripts table fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${GUILD}/tickets/transcript`);
  await expect(page.getByRole('searchbox', { name: 'Search transcripts' })).toBeVisible();
  // The page itself never scrolls sideways; a wide table scrolls inside its own box.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), 'axe on tickets/transcript (phone)').toEqual([]);
});
