import { sectionPages } from '@guildhall/generated/section-pages';
import { expect, type Page, test } from './app.js';
import { buyPremium, removeAllItems, signInThroughChooser } from './support.js';

// Issue 32, item 7: unsaved changes are never lost silently. Leaving a settings page, the panel editor, a role-menu
// editor or the Embed Builder with changes not yet saved asks first, for a link of the sidebar, the browser's Back
// button and closing or reloading the tab; after a save (or undoing the change) nothing asks. At 1280x800, where the
// sidebar is in view. Guildhall Community (sandboxes/discord/src/seed.ts), as its owner.
const GUILD = '1100000000000010000';
const GENERAL = '1100000000000010106'; // #general, a text channel

test.use({ viewport: { width: 1280, height: 800 } });

// The Embed Builder is a premium feature: the owner buys Basic for the guild first, through the payment sandbox.
test.beforeAll(async ({ browser, app }) => {
  const page = await browser.newPage({ baseURL: app.url });
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await buyPremium(page, { plan: 'basic', duration: '1 month', guild: 'Guildhall Community' });
  await page.close();
});

const sidebarLink = (page: Page, name: RegExp) => page.getByRole('link', { name }).first();
const leaveQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });

/** Records the browser's own dialogs (beforeunload), accepting them. */
function browserDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.type());
    void dialog.accept();
  });
  return seen;
}

/** Opens a manage page the way a person does, by a link (of the sidebar), so the browser's Back stays inside the app. */
async function openByLink(page: Page, from: string, link: RegExp, heading: string | RegExp) {
  await page.goto(`/manage/${GUILD}/${from}`);
  await sidebarLink(page, link).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('a settings page asks before a sidebar link, Back, reload or closing the tab leaves an unsaved prefix; Stay keeps it, Leave goes, and after Save nothing asks', async ({
  page,
}) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  const dialogs = browserDialogs(page);
  await openByLink(page, 'moderation', /^Server Settings/, 'Server Settings');
  const prefix = page.locator('input[id$="prefix"]');
  await expect(prefix).toBeVisible();
  // What another spec of this worker saved before, or the default: the edits below differ from it.
  const saved = await prefix.inputValue();
  const [first, second] = ['?', '!'].map((c) => (c === saved ? `${c}${c}` : c));

  // Nothing changed: the sidebar leaves at once.
  await sidebarLink(page, /^Moderation/).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/moderation$`));
  await sidebarLink(page, /^Server Settings/).click();
  await expect(prefix).toHaveValue(saved);

  // A changed prefix: the sidebar asks; Stay has the focus, and Escape stays too.
  await prefix.click();
  await prefix.fill(first!);
  await sidebarLink(page, /^Moderation/).click();
  const ask = leaveQuestion(page);
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('not saved');
  await expect(ask.getByRole('button', { name: 'Stay' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/basic$`));
  await expect(prefix).toHaveValue(first!);

  // Stay by the keyboard (Enter on the focused Stay), then Leave by the keyboard (Tab to Leave, Enter).
  await sidebarLink(page, /^Moderation/).click();
  await expect(ask).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(prefix).toHaveValue(first!);
  await sidebarLink(page, /^Moderation/).click();
  await expect(ask).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'Leave' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/moderation$`));
  await expect(ask).toHaveCount(0);

  // The browser's Back: asked on the page, Stay keeps the edit where it was, Leave goes back.
  await sidebarLink(page, /^Server Settings/).click();
  await expect(prefix).toHaveValue(saved);
  await prefix.click();
  await prefix.fill(second!);
  await page.goBack();
  await expect(ask).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/basic$`));
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/basic$`));
  await expect(prefix).toHaveValue(second!);
  await page.goBack();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/moderation$`));

  // Reloading the tab: the browser asks (beforeunload).
  await page.goForward();
  await expect(prefix).toHaveValue(saved);
  await prefix.click();
  await prefix.fill(second!);
  expect(dialogs).toEqual([]);
  await page.reload();
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(prefix).toHaveValue(saved);

  // Undoing the change by hand is not a change.
  await prefix.click();
  await prefix.fill(second!);
  await prefix.fill(saved);
  await sidebarLink(page, /^Moderation/).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/moderation$`));

  // Saved: neither the sidebar, Back, nor a reload asks.
  await sidebarLink(page, /^Server Settings/).click();
  await prefix.click();
  await prefix.fill(second!);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.reload();
  await expect(prefix).toHaveValue(second!);
  await sidebarLink(page, /^Moderation/).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/moderation$`));
  await page.goBack();
  await expect(prefix).toHaveValue(second!);
  expect(dialogs).toEqual(['beforeunload']);
  await expect(ask).toHaveCount(0);

  // Closing the tab with a change: the browser asks.
  await prefix.click();
  await prefix.fill(saved);
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(dialogs).toEqual(['beforeunload', 'beforeunload']);
});

test('the panel editor asks before Back or Close drop an unsaved panel, and not once it is saved', async ({ page }) => {
  const title = `E2E Unsaved ${Date.now()}`;
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  // The plan allows 2 panels and this test creates one: start from none, whatever other files of this worker left.
  await removeAllItems(page, GUILD, 'panels');
  const dialogs = browserDialogs(page);
  await openByLink(page, 'tickets', /^Panels/, 'Ticket Panels');
  await expect(page.getByText('Loading ticket panels...')).toHaveCount(0);

  await page.getByRole('button', { name: 'Create Panel' }).click();
  const advanced = page.getByRole('dialog', { name: 'Advanced Embed Editor' });
  await advanced.getByLabel('Panel title').fill(title);
  // Back while the advanced editor holds the typing: asked there too.
  await page.goBack();
  const ask = leaveQuestion(page);
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(advanced.getByLabel('Panel title')).toHaveValue(title);
  await advanced.getByRole('button', { name: 'Save' }).click();
  const editor = page.getByRole('dialog', { name: 'New Panel' });
  await expect(editor.getByText('Unsaved changes')).toBeVisible();

  // Back: asked over the editor; Stay keeps the panel being written.
  await page.goBack();
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Stay' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(editor).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets/panel$`));

  // Reloading asks too.
  await page.reload();
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(page.getByText('Loading ticket panels...')).toHaveCount(0);
  expect(await page.getByRole('article', { name: title }).count()).toBe(0);

  // Auto-save off: Close would drop the change, so it asks; after Save it closes at once.
  await page.getByRole('button', { name: 'Create Panel' }).click();
  await advanced.getByLabel('Panel title').fill(title);
  await advanced.getByRole('button', { name: 'Save' }).click();
  await editor.getByLabel('Panel channel').selectOption(GENERAL);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Panel saved successfully!')).toBeVisible();
  const edit = page.getByRole('dialog', { name: 'Edit Panel' });
  await edit.getByRole('checkbox', { name: 'Auto-save' }).uncheck();
  await edit.getByLabel('Panel title').fill(`${title} v2`);
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(edit.getByLabel('Panel title')).toHaveValue(`${title} v2`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Saved', { exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/tickets$`));
  await expect(ask).toHaveCount(0);
  expect(dialogs).toEqual(['beforeunload']);
});

test('a role-menu editor asks before a sidebar link or its Back leaves an unsaved menu, and not after Save menu', async ({ page }) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await openByLink(page, 'moderation', /^Reaction Roles/, 'Reaction Roles');
  // The header's button, there whether the list is empty (which adds 'Create a menu') or holds another spec's menus.
  await page.getByRole('button', { name: 'Create menu', exact: true }).click();
  const editor = page.getByRole('region', { name: 'New role menu' });
  await editor.getByLabel('Menu name').fill('E2E Unsaved menu');

  await sidebarLink(page, /^Moderation/).click();
  const ask = leaveQuestion(page);
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(editor.getByLabel('Menu name')).toHaveValue('E2E Unsaved menu');
  await page.getByRole('button', { name: 'Back to role menus' }).click();
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toBeVisible();

  await editor.getByLabel('Channel', { exact: true }).selectOption(GENERAL);
  await editor.getByRole('button', { name: 'Add option' }).click();
  const option = editor.getByRole('group', { name: /^Option 1/ });
  await option.getByLabel('Role').selectOption({ index: 1 });
  await option.getByLabel('Label').fill('First');
  await editor.getByRole('button', { name: 'Save menu' }).click();
  await expect(page.getByText('Menu saved.')).toBeVisible();
  await sidebarLink(page, /^Moderation/).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/moderation$`));
  await expect(ask).toHaveCount(0);
});

test('the Embed Builder asks before a sidebar link leaves an unsent message; Leave goes, and a saved draft leaves at once', async ({
  page,
}) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await openByLink(page, 'moderation', /^Embeds Configuration|^Custom Embeds|^Embed Builder/, 'Embed Builder');
  const text = page.getByLabel('Message text (optional)');
  await text.fill('Unsaved words');

  await sidebarLink(page, /^Moderation/).click();
  const ask = leaveQuestion(page);
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/moderation$`));

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Embed Builder' })).toBeVisible();
  await text.fill('Words kept as a draft');
  await page.getByLabel('Draft name').fill('E2E unsaved draft');
  await page.getByRole('button', { name: 'Save as new draft' }).click();
  await expect(page.getByText("Saved draft 'E2E unsaved draft'")).toBeVisible();
  await sidebarLink(page, /^Moderation/).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/moderation$`));
  await expect(ask).toHaveCount(0);
});

test('the Welcome page (its own drafts, one per greeting) asks before a sidebar link leaves an unsaved message, and not after its Save', async ({
  page,
}) => {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await openByLink(page, 'moderation', /^Welcome Configuration/, 'Welcome Configuration');
  const welcome = page.locator('[data-greeting="welcome"]');
  const content = welcome.getByLabel('Welcome message', { exact: true });
  await content.fill(`Hello {member.mention} ${Date.now()}`);

  await sidebarLink(page, /^Moderation/).click();
  const ask = leaveQuestion(page);
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/welcome$`));

  await welcome.getByRole('button', { name: 'Save Welcome Settings' }).click();
  await expect(welcome.getByRole('status')).toHaveText('Welcome settings updated successfully');
  await sidebarLink(page, /^Moderation/).click();
  await expect(page).toHaveURL(new RegExp(`/manage/${GUILD}/moderation$`));
  await expect(ask).toHaveCount(0);
});

test('every settings page just opened is not dirty: reloading it asks nothing', async ({ page }) => {
  test.setTimeout(120_000); // a dozen pages, each opened and reloaded
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  const dialogs = browserDialogs(page);
  for (const { path } of Object.values(sectionPages)) {
    await page.goto(`/manage/${GUILD}/${path}`);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Unsaved changes', { exact: true }), path).toHaveCount(0);
    // A click first: Chromium asks before unload only on a page the person has used.
    await heading.click({ force: true });
    await page.reload();
    await expect(heading).toBeVisible();
    expect(dialogs, `${path} asked before reload`).toEqual([]);
  }
});
