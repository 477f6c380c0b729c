import { expect, type Page, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// Scheduled Messages as a new admin meets it, against the real backend (the collection, the schedules API and its
// runner, PGlite, the Discord sandbox): from the sidebar, a message composed with the Embed Builder's parts and planned
// once, a few minutes ahead, in the browser's zone; its next run as the server computes it, in the editor and on the
// card; Run now, the post in the sandbox viewer, the run in the history; axe on every state, and the page and editor at
// a phone's width. (The runner's own firing of a due time is tested with an injected clock: backend/test.)
const GUILD = '1100000000000010000'; // Guildhall Community: demo-admin has Manage Server there (sandboxes/discord/src/seed.ts)
const GENERAL = '1100000000000010106'; // #general, a text channel

/** The page fits the viewport's width: nothing scrolls sideways. */
async function fitsWidth(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'no sideways scrolling').toBeLessThanOrEqual(client);
}

/**
 * A wall-clock time a few minutes ahead in the browser's own zone, as the plan's input takes it, and the instant it
 * names: the next run the server must compute for a once plan at that time.
 */
async function aFewMinutesAhead(page: Page) {
  return page.evaluate(() => {
    const at = new Date(Date.now() + 3 * 60_000);
    at.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    return { local, iso: at.toISOString(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  });
}

test('an admin schedules a message, sees its next run, runs it now, finds the post in the sandbox viewer and the run in the history; axe finds nothing', async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `E2E rules reminder ${stamp}`;
  const title = `Please read the rules ${stamp}`;
  await signInThroughChooser(page, 'demo-admin');
  await expect(page).toHaveURL(/\/selector$/);

  // From the sidebar, as a person finds it.
  await page.goto(`/manage/${GUILD}/dashboard`);
  await page
    .getByRole('link', { name: /^Scheduled Messages/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/schedules$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled Messages' })).toBeVisible();
  await expect(page).toHaveTitle(/Scheduled Messages/);
  expect(await axeViolations(page), 'axe on the list').toEqual([]);

  await page
    .getByRole('button', { name: /^Create (a )?schedule$/ })
    .first()
    .click();
  const editor = page.getByRole('region', { name: 'New scheduled message' });
  await expect(editor).toBeVisible();
  // A new schedule is once, in the browser's zone.
  const when = await aFewMinutesAhead(page);
  await expect(editor.getByLabel('Repeat').locator('option:checked')).toHaveText('Once');
  await expect(editor.getByLabel('Time zone')).toHaveValue(when.zone);
  await editor.getByLabel('Schedule name').fill(name);
  await editor.getByLabel('Channel', { exact: true }).selectOption(GENERAL);
  // The message, with the Embed Builder's tabs and preview.
  await editor.getByRole('tab', { name: 'Embed Content' }).click();
  await editor.getByLabel('Title', { exact: true }).fill(title);
  await editor.getByLabel('Description', { exact: true }).fill('Be kind, stay on topic, and have **fun**.');
  await expect(editor.locator('[data-preview-embed="0"]')).toContainText(title);
  await editor.getByLabel('Date and time').fill(when.local);
  // The next run, computed by the server for the plan as typed.
  const nextRuns = editor.getByRole('list', { name: 'Next runs' });
  await expect(nextRuns.locator('time')).toHaveAttribute('datetime', when.iso);
  await expect(nextRuns.locator('time')).toHaveCount(1);
  expect(await axeViolations(page), 'axe on the editor').toEqual([]);
  await editor.getByRole('button', { name: 'Save schedule' }).click();
  // Saved, the editor is the schedule's own.
  const saved = page.getByRole('region', { name: `Edit ${name}` });
  await expect(saved.getByText('Schedule saved.')).toBeVisible();
  await saved.getByRole('button', { name: 'Back to scheduled messages' }).click();

  // The card: its channel, and the next run the server computes.
  const card = page.getByRole('article', { name, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText('#general')).toBeVisible();
  await expect(card.locator(`[data-next-run="${when.iso}"]`)).toBeVisible();

  // Run now: posted at once, by the bot, in #general.
  await card.getByRole('button', { name: `Run now: ${name}` }).click();
  await expect(card.locator('[data-run-outcome="sent"]')).toBeVisible({ timeout: 15_000 });
  const store = await (await page.request.get(`/sandbox/discord/viewer/channels/${GENERAL}/messages`)).json();
  const posted = (store.messages as { id: string; embeds: { title?: string }[] }[]).filter((m) => m.embeds?.[0]?.title === title);
  expect(posted, 'one message posted by Run now').toHaveLength(1);

  // The run in the history, with the link to its message.
  await card.getByRole('button', { name: /Run history/ }).click();
  const runs = card.getByRole('list', { name: 'Runs' });
  await expect(runs.locator('[data-run="sent"]')).toHaveCount(1);
  await expect(runs.locator('[data-run="sent"]')).toContainText('Run now');
  // The run's link: in sandbox mode, the sandbox viewer's channel it was posted in (on Discord, the message itself).
  const link = runs.getByRole('link', { name: /View message/ });
  await expect(link).toHaveAttribute('href', new RegExp(`/sandbox-viewer\\?channel=${GENERAL}$`));
  expect(await axeViolations(page), 'axe on the card with its history').toEqual([]);

  // A person follows it and sees the post in the sandbox viewer.
  await page.goto((await link.getAttribute('href'))!);
  const shown = page.locator(`[data-discord-message="${posted[0]!.id}"]`);
  await expect(shown.locator('[data-embed-title]').filter({ hasText: title })).toBeVisible();

  // A phone: the list and the editor fit its width, and axe still finds nothing.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/manage/${GUILD}/schedules`);
  await expect(card).toBeVisible();
  await fitsWidth(page);
  expect(await axeViolations(page), 'axe on the list at a phone width').toEqual([]);
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('region', { name: `Edit ${name}` });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(edit.getByRole('list', { name: 'Next runs' }).locator('time')).toHaveAttribute('datetime', when.iso);
  await fitsWidth(page);
  expect(await axeViolations(page), 'axe on the editor at a phone width').toEqual([]);

  // Done with it: deleted (after a confirmation), so its planned run posts nothing into #general while other specs run.
  await edit.getByRole('button', { name: 'Back to scheduled messages' }).click();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this schedule?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText(`"${name}" deleted.`)).toBeVisible();
});
