import { expect, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// The ticket pages built so far (issue 11): the landing and the three settings sections. Nobody else's e2e file
// uses the ticket sections; this one only reads them.
const GUILD = '1100000000000010000';

test('the Ticket System landing leads to each built ticket page, and every one passes axe', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${GUILD}/tickets`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket System' })).toBeVisible();
  for (const group of ['General Configuration', 'Organization', 'Advanced']) {
    await expect(page.getByRole('region', { name: group })).toBeVisible();
  }
  expect(await axeViolations(page), 'axe on the landing').toEqual([]);

  const pages = [
    { card: 'General Settings', path: 'general', field: 'Two-Step Close' },
    { card: 'Limiter', path: 'limits', field: 'Max tickets per user' },
    { card: 'Transcripts', path: 'transcript', field: 'Retention' },
  ];
  for (const { card, path, field } of pages) {
    await page.goto(`/manage/${GUILD}/tickets`);
    await page.getByRole('link', { name: new RegExp(`^${card}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets/${path}$`));
    await expect(page.getByLabel(new RegExp(field, 'i')).first()).toBeVisible();
    expect(await axeViolations(page), `axe on tickets/${path}`).toEqual([]);
  }
});
