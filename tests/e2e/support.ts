import { type Page, expect } from '@playwright/test';
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
