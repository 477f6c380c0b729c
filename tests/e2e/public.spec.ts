import { expect, type Page, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

/** The description index.html carries before a page sets its own. */
const DEFAULT_DESCRIPTION =
  'Guildhall: moderation, AntiNuke protection, tickets, welcome messages, levels and more for your Discord server.';

/** Every public page of the spec: where it is, its h1, and words of its title. */
const PAGES: { path: string; heading: string | RegExp; title: RegExp }[] = [
  { path: '/', heading: /Your Discord server/, title: /^Guildhall: the all-in-one Discord bot$/ },
  { path: '/dev', heading: 'Meet the developers', title: /^Developer team \| Guildhall$/ },
  { path: '/features', heading: 'Features', title: /^Features \| Guildhall$/ },
  { path: '/docs', heading: 'Documentation', title: /^Documentation \| Guildhall$/ },
  { path: '/faq', heading: 'Frequently asked questions', title: /^FAQ \| Guildhall$/ },
  { path: '/invite', heading: 'Invite Guildhall', title: /^Invite Guildhall$/ },
  { path: '/contact', heading: 'Contact us', title: /^Contact us \| Guildhall$/ },
  { path: '/terms', heading: 'Terms of Service', title: /^Terms of Service \| Guildhall$/ },
  { path: '/privacy', heading: 'Privacy Policy', title: /^Privacy Policy \| Guildhall$/ },
  { path: '/cookies', heading: 'Cookie Policy', title: /^Cookie Policy \| Guildhall$/ },
  { path: '/cookie-policy', heading: 'Cookie Policy', title: /^Cookie Policy \| Guildhall$/ },
  { path: '/pricing', heading: 'Pricing Policy', title: /^Pricing Policy \| Guildhall$/ },
  { path: '/shipping', heading: 'Shipping Policy', title: /^Shipping Policy \| Guildhall$/ },
  { path: '/refund', heading: 'Cancellation and Refund Policy', title: /^Cancellation and Refund Policy \| Guildhall$/ },
  { path: '/premium', heading: 'Premium', title: /^Premium \| Guildhall$/ },
  { path: '/plans/standard', heading: 'Standard plan', title: /^Standard plan \| Guildhall$/ },
  { path: '/premium/standard/quarterly/process', heading: 'Order summary', title: /^Order summary \| Guildhall$/ },
  {
    path: '/premium/payment/success?planType=standard&period=yearly&guildId=1100000000000010000&amount=1499',
    heading: 'Payment Successful',
    title: /^Payment Successful \| Guildhall$/,
  },
  // Opened with no order at all, it confirms nothing (issue 32).
  { path: '/premium/payment/success', heading: 'No payment to confirm', title: /^No payment to confirm \| Guildhall$/ },
  { path: '/premium/payment/failed', heading: 'Payment Failed', title: /^Payment Failed \| Guildhall$/ },
  { path: '/premium/payment/pending', heading: 'Payment Processing', title: /^Payment Processing \| Guildhall$/ },
];

/** Twelve servers, largest first: more than the API ever sends, to check the page itself keeps only the first 9. */
const TWELVE = Array.from({ length: 12 }, (_, i) => ({
  id: String(1200000000000000000n + BigInt(i)),
  name: `Server ${i + 1}`,
  iconURL: i % 2 ? null : `https://cdn.discordapp.com/icons/${1200000000000000000n + BigInt(i)}/abc.png?size=128`,
  memberCount: 50_000 - i * 1000,
  boostLevel: i % 4,
  boostCount: 20 - i,
}));

const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

test.beforeEach(async ({ page }) => {
  // The CDN is outside this machine's network: failing fast shows the fallback icons.
  await page.route('https://cdn.discordapp.com/**', (route) => route.abort());
});

test.describe('every public page', () => {
  for (const { path, heading, title } of PAGES) {
    test(`${path} has its heading, title and meta description, and no WCAG 2.2 AA violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      const meta = await description(page);
      expect(meta?.length).toBeGreaterThan(40);
      expect(meta).not.toBe(DEFAULT_DESCRIPTION);
      if (path === '/') await expect(page.getByRole('list', { name: 'Top servers' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('on a phone the pages have no WCAG 2.2 AA violation either, and no sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', '/docs', '/contact', '/plans/basic', '/premium', '/refund']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
      // Nothing wider than the phone: wide tables scroll inside their own box.
      expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: 390 });
    }
  });

  test('each page sets a title and description of its own', async ({ page }) => {
    const seen = new Map<string, string>();
    for (const { path } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const key = `${await page.title()} / ${await description(page)}`;
      expect(seen.get(key), `${path} repeats ${seen.get(key)}`).toBeUndefined();
      if (!['/cookies', '/cookie-policy'].includes(path)) seen.set(key, path);
    }
  });
});

test.describe('home', () => {
  test('shows the hero: Vote link and Verified badge to the bot listing, 99.9% uptime, six feature cards and a docs link', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /^Vote/ })).toHaveAttribute('href', /^https:\/\/top\.gg\/bot\/.+\/vote$/);
    await expect(page.getByRole('link', { name: /Verified bot/ })).toHaveAttribute('href', /^https:\/\/top\.gg\/bot\//);
    await expect(page.getByText('99.9%', { exact: true })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="features-heading"] li')).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'Read the documentation' })).toHaveAttribute('href', '/docs');
  });

  test('ranks the real top servers from the API, largest first: 9 cards, ranks 1 to 3 highlighted', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Top servers' }).getByRole('listitem');
    // The sandbox's bot is in 10 guilds; the smallest (Quiet Harbor, 4 members) is the one left out.
    await expect(cards).toHaveCount(9);
    await expect(cards).toContainText([
      'Guildhall Community',
      'Cozy Café',
      'Star Forge',
      'Tide Pool',
      'Night Owls',
      'Retro Arcade',
      'Pixel Painters',
      'Lantern Club',
      'Paper Planes',
    ]);
    await expect(page.getByText('Quiet Harbor', { exact: true })).toHaveCount(0);
    for (let i = 0; i < 9; i++) {
      if (i < 3) await expect(cards.nth(i)).toHaveAttribute('data-highlighted', 'true');
      else await expect(cards.nth(i)).not.toHaveAttribute('data-highlighted');
    }
    await expect(cards.first()).toContainText('Guildhall Community');
    await expect(cards.first()).toContainText('members');
    await expect(cards.first()).toContainText('Level 2 · 9 boosts');
    // No icon reaches the page from the CDN here: each shows the fallback image.
    await cards.first().scrollIntoViewIfNeeded(); // icons load lazily
    await expect(cards.first().locator('img')).toHaveAttribute('src', '/default-icon.svg');
  });

  test('shows the first 9 of 12 top servers, ranks 1 to 3 highlighted', async ({ page }) => {
    await page.route('**/api/top-servers', (route) => route.fulfill({ status: 200, json: TWELVE }));
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Top servers' }).getByRole('listitem');
    await expect(cards).toHaveCount(9);
    await expect(cards.nth(0)).toContainText('Server 1');
    await expect(cards.nth(0)).toContainText('50,000 members');
    await expect(cards.nth(8)).toContainText('Server 9');
    await expect(page.getByText('Server 10', { exact: true })).toHaveCount(0);
    for (let i = 0; i < 9; i++) {
      await expect(cards.nth(i)).toContainText(`Rank ${i + 1}`);
      if (i < 3) await expect(cards.nth(i)).toHaveAttribute('data-highlighted', 'true');
      else await expect(cards.nth(i)).not.toHaveAttribute('data-highlighted');
    }
  });

  test("says 'Failed to load top servers' when the API fails, and Try Again loads them", async ({ page }) => {
    let fail = true;
    await page.route('**/api/top-servers', (route) =>
      fail
        ? route.fulfill({ status: 500, json: { success: false, error: 'Internal server error.' } })
        : route.fulfill({ status: 200, json: TWELVE }),
    );
    await page.goto('/');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load top servers' });
    await expect(alert).toBeVisible();
    fail = false;
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('list', { name: 'Top servers' }).getByRole('listitem')).toHaveCount(9);
  });

  test('refetches the top servers every 5 minutes', async ({ page }) => {
    await page.clock.install();
    let calls = 0;
    await page.route('**/api/top-servers', (route) => {
      calls += 1;
      return route.fulfill({ status: 200, json: TWELVE });
    });
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Top servers' })).toBeVisible();
    expect(calls).toBe(1);
    await page.clock.fastForward('04:50');
    expect(calls).toBe(1);
    await page.clock.fastForward('00:11');
    await expect.poll(() => calls).toBe(2);
  });
});

test.describe('Get Started and plan buttons follow the login rule', () => {
  test('signed out: Get Started Free, Get Started and the plan buttons go to /login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/dev');
    await page.getByRole('link', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/premium');
    for (const plan of ['Basic', 'Standard', 'Unlimited']) {
      await expect(page.getByRole('link', { name: `Get Started with ${plan}` })).toHaveAttribute('href', '/login');
    }
    await page.goto('/plans/standard');
    await expect(page.getByRole('link', { name: 'Continue to Payment' })).toHaveAttribute('href', '/login');
  });

  test('signed out, a plan chosen on /premium is where the visitor lands after signing in', async ({ page }) => {
    await page.goto('/premium');
    await page.getByRole('link', { name: 'Get Started with Standard' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Continue with Discord' }).click();
    await page.getByRole('button', { name: /\(demo-owner\)/ }).click();
    await expect(page).toHaveURL(/\/plans\/standard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Standard plan' })).toBeVisible();
  });

  test('signed in: Get Started goes to /selector, plans to /plans/<name>, and Continue to Payment carries plan, period and price', async ({
    page,
  }) => {
    await signInThroughChooser(page, 'demo-owner');
    await expect(page).toHaveURL(/\/selector$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await expect(page).toHaveURL(/\/selector$/);
    await page.goto('/dev');
    await page.getByRole('link', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(/\/selector$/);

    await page.goto('/premium');
    await expect(page.getByRole('link', { name: 'Get Started with Basic' })).toHaveAttribute('href', '/plans/basic');
    await expect(page.getByRole('link', { name: 'Get Started with Unlimited' })).toHaveAttribute('href', '/plans/unlimited');
    await page.getByRole('link', { name: 'Get Started with Standard' }).click();
    await expect(page).toHaveURL(/\/plans\/standard$/);

    const durations = page.getByRole('group', { name: 'Choose a duration' });
    await expect(durations.getByRole('radio', { name: /3 months/ })).toBeChecked();
    await expect(durations).toContainText('Most Popular');
    await durations.getByText('1 year').click();
    await page.getByRole('link', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/premium\/standard\/yearly\/process$/);
    const summary = page.getByRole('region', { name: 'Your order' });
    await expect(summary).toContainText('Standard');
    await expect(summary).toContainText('1 year');
    await expect(summary).toContainText('₹1,499');
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
  });
});

test.describe('plan page', () => {
  test('shows the feature-limit table and the savings; an unknown plan falls back to Basic', async ({ page }) => {
    await page.goto('/plans/no-such-plan');
    await expect(page.getByRole('heading', { level: 1, name: 'Basic plan' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1); // its own header: no common layout
    await expect(page.getByRole('contentinfo')).toHaveCount(0); // and no site footer
    const durations = page.getByRole('group', { name: 'Choose a duration' });
    await expect(durations).toContainText('Save 33%'); // 179 against 3 x 89
    await expect(durations).toContainText('Save 6%'); // 999 against 12 x 89
    await expect(durations).toContainText('Save 38%'); // lifetime 1999 against 36 x 89
    const table = page.getByRole('table', { name: 'Feature limits of the Basic, Standard and Unlimited plans' });
    const row = (feature: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: feature, exact: true }) });
    await expect(row('Scrims').getByRole('cell')).toHaveText(['6', '8', 'Unlimited']);
    await expect(row('Antinuke Protection').getByRole('cell')).toHaveText(['Included', 'Included', 'Unlimited']);
    await expect(row('Auto Purge').getByRole('cell')).toHaveText(['6', '8', '—Not shown']);
    await page.getByRole('navigation', { name: 'Other plans' }).getByRole('link', { name: 'Unlimited' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unlimited plan' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Choose a duration' })).toContainText('₹6,999');
  });
});

test.describe('documentation', () => {
  test('search filters commands by title and description', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.getByRole('heading', { level: 2, name: 'Getting started' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search commands' });
    await search.fill('whitelist');
    await expect(page.getByRole('status')).toHaveText('3 commands found');
    await expect(page.getByText('/whitelist add <user>')).toBeVisible();
    await expect(page.getByText('/extraowner add <user>')).toBeVisible(); // its description mentions the whitelist
    await expect(page.getByText('/setup', { exact: true })).toHaveCount(0);
    await search.fill('no such command anywhere');
    await expect(page.getByRole('status')).toHaveText('No commands match "no such command anywhere".');
    await search.fill('');
    await expect(page.getByText('/setup', { exact: true })).toBeVisible();
  });

  test('the sidebar chooses a section; copying a command says Copied! for 2 seconds', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The page's timers run on Playwright's clock, so "2 seconds" is measured exactly however loaded the machine is.
    await page.clock.install();
    await page.goto('/docs');
    await page.getByRole('navigation', { name: 'Documentation sections' }).getByRole('button', { name: 'Anti-nuke' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Anti-nuke' })).toBeVisible();
    await expect(page.getByText('Owner only', { exact: true })).toHaveCount(3);
    const copy = page.getByRole('button', { name: 'Copy /whitelist add <user>' });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await copy.click();
    const copied = page.getByRole('button', { name: 'Copied!' });
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('/whitelist add <user>');
    await page.clock.runFor(1900);
    await expect(copied).toBeVisible();
    await page.clock.runFor(200);
    await expect(page.getByRole('button', { name: 'Copy /whitelist add <user>' })).toBeVisible();
  });

  test('on a phone the sections are a dropdown', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/docs');
    await expect(page.getByRole('navigation', { name: 'Documentation sections' })).toBeHidden();
    await page.getByLabel('Section', { exact: true }).selectOption({ label: 'Music' });
    await expect(page.getByRole('heading', { level: 2, name: 'Music' })).toBeVisible();
    await expect(page.getByText('/volume <1-100>')).toBeVisible();
  });

  test('links to contact, the bot listing and the invite page', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: /Bot listing/ })).toHaveAttribute('href', /^https:\/\/top\.gg\//);
    await expect(page.getByRole('main').getByRole('link', { name: 'Invite Guildhall' })).toHaveAttribute('href', '/invite');
  });
});

test.describe('contact form', () => {
  test('rejects a bad e-mail in the browser and at the server, then sends and stores a good message', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: 'support@guildhall.dev' })).toHaveAttribute('href', 'mailto:support@guildhall.dev');
    await expect(page.getByRole('link', { name: /Join the support server/ })).toHaveAttribute('href', /^https:\/\/discord\.gg\//);
    await expect(page.getByRole('main').getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    await expect(page.getByRole('main').getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/docs');
    await expect(page.getByLabel('Subject')).toHaveValue('support');
    expect(await page.getByLabel('Subject').locator('option').allTextContents()).toEqual(['Support', 'Billing', 'Feedback', 'Other']);

    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/contact') && posts.push(r.url()));
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill('Priya');
    const email = form.getByLabel('Email');
    await email.fill('not-an-email');
    await form.getByLabel('Message').fill('How do I set up tickets?');
    await form.getByRole('button', { name: 'Send message' }).click();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    expect(posts).toEqual([]);

    // An address the browser accepts but the schema does not: the server's message shows at the field.
    await email.fill('priya@localhost');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toContainText('Please check the highlighted fields.');

    await email.fill('priya@example.com');
    await form.getByLabel('Subject').selectOption('billing');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send message' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ success: true, id: expect.any(String) });
    await expect(form.getByRole('status')).toContainText('Thank you! Your message has been sent.');
    await expect(form.getByRole('status')).toContainText(body.id.slice(0, 8));
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test('requires a name and a message', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(form.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Message')).toHaveAttribute('required', '');
  });
});

test.describe('information pages', () => {
  test('features: 12 groups, the marketing numbers, and links to invite and docs', async ({ page }) => {
    await page.goto('/features');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(13); // 12 groups and the closing call to action
    const numbers = page.getByRole('list', { name: 'Guildhall in numbers' });
    for (const text of ['500+', '1M+', '99.9%', '24/7']) await expect(numbers).toContainText(text);
    await expect(page.getByRole('main').getByRole('link', { name: 'Invite Guildhall' })).toHaveAttribute('href', '/invite');
    await expect(page.getByRole('main').getByRole('link', { name: 'Read the documentation' })).toHaveAttribute('href', '/docs');
  });

  test('FAQ: six topics, the commands it mentions and the free first month', async ({ page }) => {
    await page.goto('/faq');
    const topics = page.getByRole('navigation', { name: 'FAQ topics' }).getByRole('link');
    await expect(topics).toHaveText(['General', 'Setup', 'Features', 'Troubleshooting', 'Premium', 'Support']);
    await page.getByText('What should I run first?').click();
    await expect(page.getByText('/setup', { exact: true })).toBeVisible();
    await expect(page.getByText('/config', { exact: true })).toBeVisible();
    await page.getByText('Can I try premium for free?').click();
    await expect(page.getByText(/first month can be claimed free through our/)).toBeVisible();
    await page.getByText('How do I trust my co-admins').click();
    await expect(page.getByText('/whitelist add', { exact: true })).toBeVisible();
  });

  test('invite: the authorization link asks for Administrator on the sandbox authorize page; minimum permissions and three rated testimonials', async ({
    page,
  }) => {
    await page.goto('/invite');
    const link = page.getByRole('link', { name: 'Add Guildhall to Discord' });
    const href = await link.getAttribute('href');
    const redirect = await page.request.get(href!, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    const target = new URL(redirect.headers().location!);
    // No Discord credentials here: the invite stays in the sandbox, whose authorize page answers.
    expect(target.pathname).toBe('/sandbox/discord/oauth2/authorize');
    expect((await page.request.get(target.pathname + target.search)).status()).toBe(200);
    expect(target.searchParams.get('permissions')).toBe('8');
    expect(target.searchParams.get('scope')).toBe('bot applications.commands');
    for (const permission of ['Manage Roles', 'Kick Members', 'Ban Members', 'Manage Messages', 'View Audit Log', 'Read/Send Messages']) {
      await expect(page.getByText(permission, { exact: true })).toBeVisible();
    }
    const testimonials = page.getByRole('region', { name: 'What server owners say' }).getByRole('listitem');
    await expect(testimonials).toHaveCount(3);
    await expect(testimonials.getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toHaveCount(3);
  });

  test('terms and privacy: updated December 24, 2024, linking each other, home and the dashboard', async ({ page }) => {
    for (const [path, other] of [
      ['/terms', 'Privacy Policy'],
      ['/privacy', 'Terms of Service'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('main').getByText('Last updated: December 24, 2024')).toBeVisible();
      const related = page.getByRole('navigation', { name: 'Related pages' });
      await expect(related.getByRole('link', { name: other })).toHaveAttribute('href', other === 'Privacy Policy' ? '/privacy' : '/terms');
      await expect(related.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(related.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/selector');
      await expect(page.getByRole('main')).toContainText('13');
    }
  });

  test('cookie policy: one page at /cookies and /cookie-policy, updated June 24, 2025', async ({ page }) => {
    for (const path of ['/cookies', '/cookie-policy']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByText('Last updated: June 24, 2025')).toBeVisible();
      await expect(page.getByRole('main')).toContainText('guildhall.sid');
    }
  });

  test('pricing: the policy reading of the plans, GST, billing periods with automatic discounts, payment methods', async ({ page }) => {
    await page.goto('/pricing');
    const main = page.getByRole('main');
    await expect(main.getByRole('table', { name: 'Plans as described by this policy' })).toContainText('Free');
    await expect(main).toContainText('from ₹169 per month');
    await expect(main).toContainText('from ₹79 per month');
    await expect(main).toContainText('GST is included');
    const periods = main.getByRole('table', { name: 'Billing periods' });
    for (const text of ['7 days', '14 days', '1 month', 'Save 15%', 'Save 25%', 'Save 40%', 'Lifetime'])
      await expect(periods).toContainText(text);
    for (const text of [
      'no promo codes',
      '30 days in advance',
      'Visa, Mastercard, RuPay and American Express',
      'UPI and wallets',
      'Net banking',
    ]) {
      await expect(main).toContainText(text);
    }
  });

  test('shipping: digital delivery and its timings', async ({ page }) => {
    await page.goto('/shipping');
    const main = page.getByRole('main');
    for (const text of ['digital services only', '30 seconds to 2 minutes', '1 to 5 minutes', 'At most 24 hours'])
      await expect(main).toContainText(text);
  });

  test('refund: every window and timing of the policy', async ({ page }) => {
    await page.goto('/refund');
    const main = page.getByRole('main');
    for (const text of [
      'Within 24 hours of purchase',
      'Within 48 hours of purchase',
      'Within 7 days of purchase',
      'Within 30 days of purchase',
      'longer than 72 consecutive hours',
      '1 to 3 business days',
      '24 to 48 hours',
      '5 to 10 business days',
      '2 to 5 business days',
      '3 to 7 business days',
    ]) {
      await expect(main).toContainText(text);
    }
  });

  test('the footer link spelled with a trailing space still reaches the refund policy', async ({ page }) => {
    await page.goto('/refund%20');
    await expect(page).toHaveURL(/\/refund$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cancellation and Refund Policy' })).toBeVisible();
  });
});

test.describe('payment result pages', () => {
  test('success shows plan type, duration, server ID and amount paid, with links to /dashboard and /support', async ({ page }) => {
    await page.goto('/premium/payment/success?planType=standard&period=yearly&guildId=1100000000000010000&amount=1499');
    const details = page.getByRole('main').locator('dl');
    for (const text of ['Standard', '1 year', '1100000000000010000', '₹1,499']) await expect(details).toContainText(text);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: 'Get Support' })).toHaveAttribute('href', '/support');
  });

  test('failed says no charges were made, lists the reasons, and offers Try Again and Contact Support', async ({ page }) => {
    await page.goto('/premium/payment/failed');
    await expect(page.getByText("We couldn't process your payment. Don't worry, no charges were made.")).toBeVisible();
    for (const reason of ['Insufficient funds', 'Bank declined the transaction', 'Network issues'])
      await expect(page.getByText(reason)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/premium');
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
  });
});
