import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
process.env.E2E_PORT = String(port);
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  // Generous, because these tests check behaviour, not speed (that is bench/ and
  // Lighthouse). The same suite took 4.5 minutes on one CI host and 19 on another
  // (2026-11-25: an AMD EPYC host, Chromium 156.0.8078.108, two workers), where a
  // sign-in and a booking took over 30 s and many tests ran out of time. On 2026-11-27
  // the slowest test took 29 s on a fast host and 78 s on a slow one, which ran one
  // test out of 90 s: 150 s leaves a slow host room. A step that hangs still fails
  // within the expect timeout below.
  timeout: 150_000,
  expect: {
    timeout: 20_000,
    // The visual guards (visual.spec.ts): a difference in 1% of the pixels fails, which
    // a moved block or a new colour makes and anti-aliasing does not.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' },
  },
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}-{projectName}{ext}',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]]
    : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace keeps the DOM at every step of a failed test, without the screencast: its
    // screenshots made the suite a third slower (22 tests: 2.2 min against 2.5-2.9 on
    // 2 cores). A failed test still leaves one screenshot of where it stopped.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      // What a width cannot change runs on the desktop only: stored scripts shown as
      // text, and the admin's moderation flows (their screens are checked at this width
      // in accessibility.spec.ts). Together some 4 minutes of a CI run.
      testIgnore: ['**/stored-script.spec.ts', '**/moderation.spec.ts'],
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 812 },
        browserName: 'chromium',
      },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    env: { PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
