import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from './app.js';
import { axeViolations, csrfHeaders, signInThroughChooser } from './support.js';

// The Bot Personalizer as a new admin uses it (issue 29): a nickname and an avatar, previewed, saved and applied to
// Discord (the sandbox), seen on the bot's next message in the sandbox viewer, then the global profile again; axe in
// both preview themes; a phone. Seeded in sandboxes/discord/src/seed.ts. The e2e files share one server and database
// per worker: this file changes the personalizer section (nobody else does) and puts the greeting section it borrows
// for Send Preview back as it found it.
const GUILD = '1100000000000010000';
const WELCOME_CHANNEL = '1100000000000010102'; // #welcome
const PAGE = `/manage/${GUILD}/personalizer`;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of `size`×`size` pixels (RGB, a diagonal gradient), as an image editor would write it. */
function png(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3); // each row starts with filter type 0
    for (let x = 0; x < size; x++) rows.set([(x * 2) & 0xff, (y * 2) & 0xff, 0x88], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signedIn(page: Page, path: string) {
  await signInThroughChooser(page, 'demo-owner');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto(path);
}

/** The greeting section's document, changed by `change`, saved through the API; returns what was there before. */
async function changeGreeting(page: Page, change: (settings: Record<string, any>) => void): Promise<Record<string, unknown>> {
  const url = `/api/guild/${GUILD}/settings/greeting`;
  const current = (await (await page.request.get(url)).json()) as { version: number; settings: Record<string, any> };
  const before = structuredClone(current.settings);
  change(current.settings);
  const put = await page.request.put(url, {
    data: { version: current.version, settings: current.settings },
    headers: await csrfHeaders(page),
  });
  expect(put.status(), await put.text()).toBe(200);
  return before;
}

test.describe('the Bot Personalizer', () => {
  test('a new admin sets a nickname and an avatar, sees the preview, saves, applies, sees the bot’s next message under them, then resets', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const nick = `Helper ${Date.now() % 100000}`;
    const avatar = png(128);
    const imageId = createHash('sha256').update(avatar).digest('hex');

    await signedIn(page, PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Bot Personalizer' })).toBeVisible();
    // The sidebar's entry is the page, placed after the Dashboard and before Server Settings.
    const entries = await page.getByRole('navigation', { name: 'Server management' }).getByRole('link').allTextContents();
    const at = (name: string) => entries.findIndex((e) => e.includes(name));
    expect(at('Bot Personalizer')).toBe(at('Dashboard') + 1);
    expect(at('Server Settings')).toBe(at('Bot Personalizer') + 1);
    await expect(page.getByText('Coming Soon')).toHaveCount(0);

    // The nickname and the avatar, picked from a file: the preview follows before anything is saved.
    await page.getByLabel('Nickname').fill(nick);
    const preview = page.locator('[data-personalizer-preview]');
    await expect(preview.locator('[data-preview-name]')).toHaveText(nick);
    await page.locator('[data-image-file="avatar"]').setInputFiles({ name: 'bot-avatar.png', mimeType: 'image/png', buffer: avatar });
    const field = page.locator('[data-image-upload="avatar"]');
    await expect(field.getByRole('img', { name: 'Avatar: the uploaded image' })).toHaveAttribute(
      'src',
      `/api/guild/${GUILD}/images/${imageId}`,
    );
    await expect(field.locator('[data-image-info]')).toContainText('PNG · 128×128');
    await expect(preview.locator('[data-preview-avatar]')).toHaveAttribute('src', `/api/guild/${GUILD}/images/${imageId}`);
    // Shown from our storage: the picture really loads.
    expect(
      await preview.locator('[data-preview-avatar]').evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).toBe(128);
    await page.getByRole('tab', { name: 'Message' }).click();
    await expect(preview.locator('[data-discord-message]')).toContainText(nick);

    // Apply waits for a save.
    await expect(page.getByRole('button', { name: 'Apply to Discord' })).toBeDisabled();
    await expect(page.getByText('Save your changes first')).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await page.getByRole('button', { name: 'Apply to Discord' }).click();
    const outcome = page.locator('[data-outcomes="apply"]');
    await expect(outcome).toContainText('Apply done');
    await expect(outcome.locator('[data-field-outcome="nick"]')).toHaveAttribute('data-outcome', 'applied');
    await expect(outcome.locator('[data-field-outcome="avatar"]')).toHaveAttribute('data-outcome', 'applied');

    // The bot's next message: Send Preview of the welcome message, seen in the sandbox viewer under the new name and avatar.
    const stamp = `personalizer-${Date.now()}`;
    const greeting = await changeGreeting(page, (settings) => {
      settings.welcome = { ...settings.welcome, enabled: true, channel: WELCOME_CHANNEL, type: 'message', content: `Hello from ${stamp}` };
    });
    try {
      await page.goto(`/manage/${GUILD}/welcome`);
      await page.getByRole('tab', { name: 'Preview' }).click();
      const card = page.locator('[data-preview="welcome"]');
      await card.getByRole('button', { name: 'Send Preview' }).click();
      await expect(card.getByRole('status')).toHaveText('Welcome preview sent to #welcome');

      await page.goto(`/sandbox-viewer?channel=${WELCOME_CHANNEL}`);
      const shown = page.locator('[data-discord-message]').filter({ hasText: stamp });
      await expect(shown).toBeVisible();
      await expect(shown).toContainText(nick);
      const picture = shown.locator('img').first();
      await expect(picture).toHaveAttribute('src', new RegExp(`/guilds/${GUILD}/users/\\d+/avatars/`));
      expect(await picture.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(128);
    } finally {
      await changeGreeting(page, (settings) => Object.assign(settings, greeting));
    }

    // Back to the global profile: asked first, then every field cleared in Discord; the saved profile stays.
    await page.goto(PAGE);
    await page.getByRole('button', { name: 'Use the global profile' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Use the global profile?' });
    await dialog.getByRole('button', { name: 'Use the global profile' }).click();
    const reset = page.locator('[data-outcomes="reset"]');
    await expect(reset).toContainText('Reset done');
    for (const f of ['nick', 'avatar', 'banner', 'bio'])
      await expect(reset.locator(`[data-field-outcome="${f}"]`)).toHaveAttribute('data-outcome', 'cleared');
    await expect(page.getByLabel('Nickname')).toHaveValue(nick);
    await expect(page.locator('[data-pending-field="nick"]')).toBeVisible();
  });

  test('has no axe violations in either preview theme, and works on a phone with the preview below the form', async ({ page }) => {
    await signedIn(page, PAGE);
    await expect(page.getByLabel('Nickname')).toBeVisible();
    await expect(page.locator('[data-personalizer-preview]')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // The theme switch is a radio group drawn as a segmented control: its labels are what one clicks.
    const theme = page.getByRole('group', { name: 'Preview theme' });
    await theme.getByText('Light', { exact: true }).click();
    await expect(theme.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(page.locator('[data-personalizer-preview="light"]')).toBeVisible();
    for (const view of ['Message', 'Member list', 'Profile card']) {
      await page.getByRole('tab', { name: view }).click();
      expect(await axeViolations(page), `${view}, light`).toEqual([]);
    }
    await theme.getByRole('radio', { name: 'Light' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await page.getByRole('tab', { name: 'Message' }).click();
    await expect(page.locator('[data-personalizer-preview] [data-discord-message]')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    const nick = page.getByLabel('Nickname');
    await nick.fill('Phone Bot');
    const preview = page.locator('[data-personalizer-preview]');
    await preview.scrollIntoViewIfNeeded();
    await expect(preview.locator('[data-discord-message]')).toContainText('Phone Bot');
    const form = (await nick.boundingBox())!;
    const shown = (await preview.boundingBox())!;
    expect(shown.y).toBeGreaterThan(form.y);
    expect(shown.x + shown.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Keyboard: the avatar's picker button is reached with Tab from the nickname (Replace once the saved profile has
    // one, as the test before left it).
    await nick.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /^(Choose|Replace) image for Avatar$/ })).toBeFocused();
  });
});
