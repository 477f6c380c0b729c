import { type Browser, type Page, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Signs in through the sandbox's chooser page, as a person would. */
export async function signInThroughChooser(page: Page, username: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Discord' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Discord sandbox');
  await page.getByRole('button', { name: new RegExp(`\\(${username}\\)`) }).click();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the page, WCAG 2.0-2.2 A and AA rules; returns the violations. */
export async function axeViolations(page: Page) {
  // Evaluated through the debugging protocol: the app's CSP (rightly) forbids inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n: any) => n.target.join(' ')).slice(0, 5),
    }));
  });
}

/** Signs in as a seeded ordinary member (not one of the chooser's demo buttons) through the chooser's member list. */
export async function signInAsMember(page: Page, username: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Discord' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Discord sandbox');
  await page.getByLabel('Member', { exact: true }).selectOption(username);
  await page.getByRole('button', { name: 'Continue as this member' }).click();
  await expect(page).not.toHaveURL(/\/sandbox\//);
}

/**
 * Buys a plan for a guild as a person would, from the plan page through the payment sandbox's checkout (Pay), and waits
 * for 'Payment Successful'. The page must be signed in as someone who manages the guild.
 */
export async function buyPremium(page: Page, options: { plan: 'basic' | 'standard' | 'unlimited'; duration: string; guild: string }) {
  await page.goto(`/plans/${options.plan}`);
  await page.getByRole('group', { name: 'Choose a duration' }).getByText(options.duration, { exact: true }).click();
  await page.getByRole('link', { name: 'Continue to Payment' }).click();
  const server = page.getByLabel('Server');
  await server.selectOption((await server.locator('option', { hasText: options.guild }).getAttribute('value'))!);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/razorpay\/checkout\/plink_/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible({ timeout: 15_000 });
}

/**
 * The CSRF header for API calls made beside the page. Read once the page's own requests are done: the first answer
 * after sign-in replaces the token, and a token read before it lands no longer matches the cookie sent (403).
 */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  await page.waitForLoadState('networkidle');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(token, 'the CSRF cookie').toMatch(/^\S{16,}$/);
  return { 'X-XSRF-TOKEN': decodeURIComponent(token!) };
}

/**
 * Stores `settings` as the guild's `section` document (the schema's defaults fill the rest), signed in as demo-owner
 * (the sandbox guilds' owner) in a context of its own, through the API the pages use with its CSRF header.
 */
export async function storeSettings(browser: Browser, guildId: string, section: string, settings: Record<string, unknown>) {
  const url = `/api/guild/${guildId}/settings/${section}`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInThroughChooser(page, 'demo-owner');
    await expect(page).toHaveURL(/\/selector$/);
    const headers = await csrfHeaders(page);
    const current = await page.request.get(url);
    expect(current.status()).toBe(200);
    const { version } = (await current.json()) as { version: number };
    const put = await page.request.put(url, { data: { version, settings }, headers });
    expect(put.status(), await put.text()).toBe(200);
  } finally {
    await context.close();
  }
}

/**
 * Deletes every item of a guild's collection (ticket panels, say) through the API, as the signed-in `page`: a test
 * that creates items under a plan's limit starts from none, whatever other files of its worker left behind.
 */
export async function removeAllItems(page: Page, guildId: string, collection: string) {
  const url = `/api/guild/${guildId}/collections/${collection}`;
  const headers = await csrfHeaders(page);
  const list = await page.request.get(url);
  expect(list.status()).toBe(200);
  for (const { id } of (await list.json()).items as { id: string }[])
    expect((await page.request.delete(`${url}/${id}`, { headers })).status()).toBe(200);
}
