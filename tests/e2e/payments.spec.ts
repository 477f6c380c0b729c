import { expect, test } from './app.js';
import { axeViolations, signInThroughChooser } from './support.js';

// Buying premium end to end (issue 13): a new user picks a plan and a duration signed out, signs in, fills the
// purchase form, pays on the payment sandbox's checkout (our Razorpay adapter talks to it over HTTP; its signed
// webhook and the signed callback confirm the order), lands on 'Payment Successful', and sees the plan on the
// dashboard. Night Owls (owned by demo-extra, bot present) is a guild no other e2e file writes to.
const NIGHT_OWLS = '1100000000000040000';

test('a new user buys Standard for 3 months: plan, sign-in, form, sandbox checkout, success, plan on the dashboard', async ({ page }) => {
  await page.goto('/premium');
  await page.getByRole('link', { name: 'Get Started with Standard' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Continue with Discord' }).click();
  await page.getByRole('button', { name: /\(demo-extra\)/ }).click();
  await expect(page).toHaveURL(/\/plans\/standard$/);
  expect(await axeViolations(page), 'plan page').toEqual([]);

  const durations = page.getByRole('group', { name: 'Choose a duration' });
  await expect(durations.getByRole('radio', { name: /3 months/ })).toBeChecked();
  await page.getByRole('link', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/premium\/standard\/quarterly\/process$/);
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('₹269');

  // Only servers demo-extra manages with the bot in them are offered; the first is preselected.
  const server = page.getByLabel('Server');
  await expect(server.locator('option', { hasText: 'Night Owls' })).toHaveCount(1);
  await expect(server.locator('option', { hasText: 'Quiet Library' })).toHaveCount(0);
  await expect(page.getByLabel('Email')).not.toHaveValue('');
  await expect(page.getByLabel('Discord User ID')).toHaveValue('1100000000000000104');
  expect(await axeViolations(page), 'purchase form').toEqual([]);

  await server.selectOption(NIGHT_OWLS);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/razorpay\/checkout\/plink_[A-Za-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('₹269');
  expect(await axeViolations(page), 'sandbox checkout').toEqual([]);
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('button', { name: 'Pay ₹269' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/premium\/payment\/success\?order=ord_/);
  const details = page.getByRole('main').locator('dl');
  for (const text of ['Standard', '3 months', NIGHT_OWLS, '₹269']) await expect(details).toContainText(text);
  expect(await axeViolations(page), 'success page').toEqual([]);

  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/selector$/);
  await expect(page.getByRole('main')).toContainText('Standard');
  await page.goto(`/manage/${NIGHT_OWLS}/dashboard`);
  await expect(page.getByRole('main')).toContainText('Standard');
  expect(await axeViolations(page), 'dashboard with the plan').toEqual([]);
});

test('a failed payment lands on Payment Failed, and Try Again leads back to the plan', async ({ page }) => {
  await signInThroughChooser(page, 'demo-extra');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto('/premium/basic/monthly/process');
  await page.getByLabel('Server').selectOption(NIGHT_OWLS);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/razorpay\/checkout\//);
  await page.getByRole('button', { name: 'Fail payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("We couldn't process your payment. Don't worry, no charges were made.")).toBeVisible();
  expect(await axeViolations(page), 'failed page').toEqual([]);
});

test('pending: leaving the checkout shows Payment Processing, which follows the order', async ({ page }) => {
  await signInThroughChooser(page, 'demo-extra');
  await expect(page).toHaveURL(/\/selector$/);
  await page.goto('/premium/unlimited/monthly/process');
  await page.getByLabel('Server').selectOption(NIGHT_OWLS);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/razorpay\/checkout\//);
  await page.getByRole('button', { name: 'Leave pending' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Processing' })).toBeVisible();
  expect(await axeViolations(page), 'pending page').toEqual([]);
});
