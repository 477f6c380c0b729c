import type { Locator } from '@playwright/test';
import { expect, type Page, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// Issue 32, the public pages as a person sees them: items 4 (the success page without an order), 5 (phones: the plan
// page's feature table, the docs search placeholder, the header's name beside the theme toggle) and 6 (the footer's
// alignment, the home page's promises). Each test runs at the viewport where the defect was seen.

test.beforeEach(async ({ page }) => {
  // The CDN is outside this machine's network: failing fast shows the fallback icons.
  await page.route('https://cdn.discordapp.com/**', (route) => route.abort());
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `a box for ${String(locator)}`).not.toBeNull();
  return found!;
}

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the success page opened without an order says there is nothing to confirm, with a way back, also after a reload', async ({
    page,
  }) => {
    await page.goto('/premium/payment/success');
    for (let visit = 0; visit < 2; visit++) {
      await expect(page.getByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeVisible();
      await expect(page).toHaveTitle(/^No payment to confirm \| Guildhall$/);
      const main = page.getByRole('main');
      await expect(main).not.toContainText('Payment Successful');
      await expect(main).not.toContainText('subscription is active');
      await expect(main.locator('dl')).toHaveCount(0); // no details that are all "—"
      await expect(main.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/premium');
      await expect(main.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
      expect(await axeViolations(page)).toEqual([]);
      await page.reload();
    }
    await page.getByRole('main').getByRole('link', { name: 'See the plans' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible();
  });

  test('the success page naming an order that is not there confirms nothing either', async ({ page }) => {
    await signInThroughChooser(page, 'demo-member');
    await expect(page).toHaveURL(/\/selector$/);
    await page.goto('/premium/payment/success?order=ord_nosuchorder1');
    await expect(page.getByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('subscription is active');
    await expect(page.getByRole('main').getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/premium');
  });

  test('the footer has the content’s width and centring', async ({ page }) => {
    // Each page's content column: the home page's sections, the features and docs pages' own columns.
    const columns: [string, (page: Page) => Locator][] = [
      ['/', (p) => p.locator('section[aria-labelledby="features-heading"]')],
      ['/features', (p) => p.getByRole('main').locator('> div').first()],
      ['/docs', (p) => p.getByRole('main').locator('> div').first()],
    ];
    for (const [path, column] of columns) {
      await page.goto(path);
      // The page is a lazy chunk: until it is drawn, main's first child is the loading spinner's full-width box.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const footerColumn = page.getByRole('contentinfo').locator('> div');
      await expect(footerColumn).toBeVisible();
      const content = await box(column(page));
      const footer = await box(footerColumn);
      // Centred: as much room on each side as the content has (1280 is wider than the column).
      expect({ path, left: Math.round(footer.x), width: Math.round(footer.width) }).toEqual({
        path,
        left: Math.round(content.x),
        width: Math.round(content.width),
      });
      expect(footer.x, path).toBeGreaterThan(16);
    }
  });

  test('the home page says what the product does: no leaderboards or filters, every section named, six cards and 99.9% uptime', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main).not.toContainText(/leaderboard|filter|ranking/i);
    const cards = page.locator('section[aria-labelledby="features-heading"] li');
    await expect(cards).toHaveCount(6);
    const said = (await cards.allInnerTexts()).join('\n');
    for (const section of [
      /moderation/i,
      /AntiNuke/,
      /tickets?/i,
      /welcome/i,
      /farewell|goodbye/i,
      /Join DMs?/,
      /levels?/i,
      /reaction roles?/i,
      /embeds?/i,
      /scheduled messages?/i,
      /personali[sz]er/i,
    ])
      expect(said, String(section)).toMatch(section);
    await expect(page.getByText('99.9%', { exact: true })).toBeVisible();
  });
});

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the plan page shows every plan’s column of the feature table on a phone', async ({ page }) => {
    for (const plan of ['basic', 'unlimited']) {
      await page.goto(`/plans/${plan}`);
      const table = page.getByRole('table', { name: 'Feature limits of the Basic, Standard and Unlimited plans' });
      await table.scrollIntoViewIfNeeded();
      const region = page.getByRole('region', { name: 'Feature limits table' });
      // Nothing hidden sideways in the table's own box.
      const [scrollWidth, clientWidth] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect({ plan, scrollWidth }).toEqual({ plan, scrollWidth: clientWidth });
      const area = await box(region);
      for (const name of ['Feature', 'Basic', 'Standard', 'Unlimited']) {
        const header = await box(table.getByRole('columnheader', { name, exact: true }));
        expect({ plan, name, inside: header.x >= area.x && header.x + header.width <= area.x + area.width }).toEqual({
          plan,
          name,
          inside: true,
        });
      }
      // Every cell's text is whole within its cell (no value cut or spilling into the next column).
      const spilling = await table
        .locator('td, th')
        .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent));
      expect({ plan, spilling }).toEqual({ plan, spilling: [] });
      await expect(table.getByRole('row').filter({ hasText: 'Scrims Tag Check' }).getByRole('cell')).toHaveText(['2', '4', '—Not shown']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  test('the docs search placeholder is fully visible on a phone', async ({ page }) => {
    await page.goto('/docs');
    const search = page.getByRole('searchbox', { name: 'Search commands' });
    await expect(search).toBeVisible();
    const { placeholder, textWidth, room } = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      return {
        placeholder: input.placeholder,
        textWidth: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    expect(placeholder.length).toBeGreaterThan(5);
    expect(textWidth, `"${placeholder}" in ${room}px`).toBeLessThanOrEqual(room);
    // And it still finds commands.
    await search.fill('whitelist');
    await expect(page.getByRole('status')).toHaveText('3 commands found');
  });

  /** The header's name (brand) and the theme toggle do not overlap, and all of the header is on screen. */
  async function expectHeaderFits(page: Page, where: string) {
    const header = page.getByRole('banner');
    // The name as drawn: its link's box may be narrower than its text (a shrunk flex item lets the text spill out).
    const brand = await header.getByRole('link', { name: 'Guildhall' }).evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      const box = link.getBoundingClientRect();
      return { right: Math.max(box.right, range.getBoundingClientRect().right), spills: link.scrollWidth > link.clientWidth };
    });
    const toggle = await box(header.getByRole('button', { name: /^Switch to (light|dark) theme$/ }));
    expect({ where, ...brand, clear: brand.right <= toggle.x }).toEqual({ where, right: brand.right, spills: false, clear: true });
    const overflowing = await header.evaluate((el) =>
      [...el.querySelectorAll('a, button')]
        .filter((item) => {
          const r = item.getBoundingClientRect();
          return r.width > 0 && (r.left < 0 || r.right > window.innerWidth);
        })
        .map((item) => item.getAttribute('aria-label') ?? item.textContent),
    );
    expect({ where, overflowing }).toEqual({ where, overflowing: [] });
  }

  test('the header’s name does not run into the theme toggle, signed out and signed in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expectHeaderFits(page, 'signed out');
    await signInThroughChooser(page, 'demo-owner');
    await expect(page).toHaveURL(/\/selector$/);
    for (const path of ['/', '/docs']) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('button', { name: /Demo Owner/ })).toBeVisible();
      await expectHeaderFits(page, `signed in, ${path}`);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });
});
