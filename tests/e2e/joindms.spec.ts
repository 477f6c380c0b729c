import { expect, type Page, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// Join DMs (issue 12): configure, send a test, see the stats move, then a member joins in the sandbox viewer and the
// counters move again. Nobody else's e2e file touches the joindms section.
const GUILD = '1100000000000010000';
const NAME = 'Guildhall Community';

const stat = (page: Page, label: string) => page.locator(`[data-stat="${label}"]`);
async function totalSent(page: Page): Promise<number> {
  await expect(stat(page, 'Total Sent')).toHaveText(/^[0-9]+$/);
  return Number(await stat(page, 'Total Sent').textContent());
}

test('configure Join DM, send a test, see the stats change, simulate a member join and see the counters move; axe passes', async ({
  page,
}) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(`/manage/${GUILD}/joindms`);
  await expect(page.getByRole('heading', { name: 'Welcome Messages' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Send Join DMs' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('heading', { name: 'Disabled Mode' })).toBeVisible();
  expect(await axeViolations(page), 'axe on the Join DM page').toEqual([]);

  // Switch it on, write a text and an embed title, save.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Welcome messages are active')).toBeVisible();
  await page.getByLabel('Message Type').selectOption({ label: 'Text + Embed' });
  await page.getByLabel('Message Text').fill('Hello {member.mention}, welcome to {server.name}!');
  await page.getByLabel('Embed Title').fill('Welcome {member.name}!');
  const preview = page.getByRole('region', { name: 'Live Preview' });
  await expect(preview).toContainText(`welcome to ${NAME}!`);
  await expect(preview).toContainText('Welcome Demo Owner!');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();

  // Send Test: the DM arrives and the statistics count it.
  const before = await totalSent(page);
  await page.getByRole('button', { name: 'Send Test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test DM sent!' })).toBeVisible();
  await expect(stat(page, 'Total Sent')).toHaveText(String(before + 1));
  await expect(page.getByText(/^Last sent /)).toBeVisible();

  // A member joins in the sandbox: the bot DMs them and reports it.
  await page.goto('/sandbox-viewer');
  await page.getByRole('button', { name: `Simulate member join in ${NAME}` }).click();
  const joined = page.getByRole('status').filter({ hasText: /joined and got the Join DM/ });
  await expect(joined).toBeVisible();
  await joined.getByRole('link', { name: 'Open Join DMs' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/joindms$`));
  await expect(stat(page, 'Total Sent')).toHaveText(String(before + 2));
  await expect(stat(page, 'Successful')).not.toHaveText('0');

  // A phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Welcome Messages' })).toBeVisible();
  expect(await axeViolations(page), 'axe on the Join DM page at 390 px').toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(0);
});
