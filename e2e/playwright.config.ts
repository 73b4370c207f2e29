import { defineConfig, devices } from '@playwright/test';

// The suite runs against the built shell and remotes served by a backend that the global setup
// starts on port 18080 (E2E_PORT) with its own fresh database (see support/global-setup.ts).
export const E2E_PORT = Number(process.env.E2E_PORT) || 18080;

/** Debian's Chromium; the test tools never download a browser of their own. */
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // On a loaded shared 2-core machine a page of the built suite can take over 10 s to render its
  // heading; a test that fails once is run again and reported as flaky, one that fails twice fails.
  retries: 1,
  workers: 2,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    screenshot: 'only-on-failure',
    // A trace is recorded on the retry only: recording one for every test (DOM snapshots and
    // screencast frames at each action, thrown away when it passes) took about a quarter of the
    // time of the accessibility and responsive tests. A test that fails twice keeps the trace of
    // its second run.
    trace: 'on-first-retry',
    actionTimeout: 20_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
});
