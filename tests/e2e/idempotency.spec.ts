import { expect, type Page, test } from './app.js';
import { removeAllItems, signInThroughChooser } from './support.js';

// Idempotency-Key end to end (issue 33): the browser's create reaches the server, but its answer is lost on the way
// back. The page sends the same request again with the same key, the server answers the first result, and the guild
// holds one panel, not two.
const GUILD = '1100000000000010000';
const GENERAL = '1100000000000010106'; // #general, a text channel (sandboxes/discord/src/seed.ts)
const PANELS = `/api/guild/${GUILD}/collections/panels`;

async function panelTitles(page: Page): Promise<string[]> {
  const list = await (await page.request.get(PANELS)).json();
  return list.items.map((e: { item: { title: string } }) => e.item.title);
}

// The free tier allows 2 ticket panels: start from none, whatever other files of this worker left behind, and leave
// none behind for the next file.
for (const hook of [test.beforeAll, test.afterAll])
  hook(async ({ browser, app }) => {
    const page = await browser.newPage({ baseURL: app.url });
    await signInThroughChooser(page, 'demo-owner');
    await expect(page).toHaveURL(/\/selector$/);
    await removeAllItems(page, GUILD, 'panels');
    await page.close();
  });

test('a create whose answer the network lost is sent again with the same key, and makes one panel', async ({ page }) => {
  const title = `E2E Once ${Date.now()}`;
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);

  // The panels collection's POSTs: the first reaches the server, then its answer is dropped; the rest pass.
  const creates: { key: string | null; status: 'lost' | 'passed'; answered?: number }[] = [];
  await page.route(`**${PANELS}`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const key = route.request().headers()['idempotency-key'] ?? null;
    if (creates.length === 0) {
      const answer = await route.fetch();
      creates.push({ key, status: 'lost', answered: answer.status() });
      return route.abort('connectionreset');
    }
    creates.push({ key, status: 'passed' });
    return route.continue();
  });

  await page.goto(`/manage/${GUILD}/tickets/panel`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket Panels' })).toBeVisible();
  await expect(page.getByText('Loading ticket panels...')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Panel' }).click();
  const advanced = page.getByRole('dialog', { name: 'Advanced Embed Editor' });
  await advanced.getByLabel('Panel title').fill(title);
  await advanced.getByRole('button', { name: 'Save' }).click();
  const editor = page.getByRole('dialog', { name: 'New Panel' });
  await editor.getByLabel('Panel channel').selectOption(GENERAL);
  // One click: one user action.
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Panel saved successfully!')).toBeVisible();

  // The lost request had run (201); the retry carried the same key.
  expect(creates).toHaveLength(2);
  expect(creates[0]).toMatchObject({ status: 'lost', answered: 201 });
  expect(creates[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(creates[1]).toEqual({ key: creates[0]!.key, status: 'passed' });

  // One panel of that title, in the API and on the page.
  expect((await panelTitles(page)).filter((t) => t === title)).toHaveLength(1);
  await page.getByRole('dialog', { name: 'Edit Panel' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('article', { name: title, exact: true })).toHaveCount(1);
  await page.reload();
  await expect(page.getByText('Loading ticket panels...')).toHaveCount(0);
  await expect(page.getByRole('article', { name: title, exact: true })).toHaveCount(1);
});
