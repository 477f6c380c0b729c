import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/bench/support.mjs';

// End to end against what `npm start` serves (built backend + built frontend), in Debian's Chromium. Each worker starts
// its own app (tests/e2e/app.ts): its own free port and data folder, so the two workers, one per core, share nothing.
// Not more: on this 2-core machine a third worker made two tests miss their timeouts (the run is CPU-bound). A file's
// tests run in order in one worker (fullyParallel off): they build on each other's state.
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
