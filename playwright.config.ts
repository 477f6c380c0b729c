import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/bench/support.mjs';

// End to end against what `npm start` serves (built backend + built frontend), in Debian's Chromium. Each worker starts
// its own app (tests/e2e/app.ts): its own port (E2E_PORT, E2E_PORT + 1) and data folder, so the two workers, one per
// core, share nothing. A file's tests run in order in one worker (fullyParallel off): they build on each other's state.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON ?? 'test-results/e2e.json' }]] : [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
