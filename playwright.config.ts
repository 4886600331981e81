// Browser tests in Debian's Chromium (no browser download), on a phone and a desktop viewport,
// against the real server with an empty data folder, the local Plaid sandbox and the outbox.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
// One data folder per port, so two runs on different ports never share an outbox.
export const E2E_DATA_DIR = `test-results/e2e-data-${PORT}`;
/** Where the browser tests' server listens (its own webhook URL, issue 27). */
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Debian's Chromium with WebGL through SwiftShader (also used by `npm run bench` and Lighthouse),
 * started through tests/support/browser/chromium, which runs $CHROMIUM_PATH or /usr/bin/chromium
 * without the browser's own omnibox popup page.
 */
export const launchOptions = {
  executablePath: fileURLToPath(new URL('./tests/support/browser/chromium', import.meta.url)),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--enable-unsafe-swiftshader',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

/** Debian's `chromium-headless-shell`: the same Chromium version, built as the old headless shell. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests' Chromium: Debian's headless shell of the same version when it is installed
 * and no `CHROMIUM_PATH` was given. It is the full browser without its windowing and browser UI,
 * and ran the same specs in about a sixth less time on this two-core machine (66 tests: 193 s ->
 * 157 to 164 s), where CI's browser tests are bound by the cores. The benches keep the full
 * browser (`launchOptions`), as a visitor's Chromium is, and so do their figures' history. The
 * visual baselines are made in the shell; without it the browser tests run in the full browser.
 */
export const testLaunchOptions =
  !process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)
    ? { ...launchOptions, executablePath: HEADLESS_SHELL }
    : launchOptions;

/**
 * Specs that check rules and the server's answers through the page, not its layout: they run on
 * the phone only (the harder viewport), which keeps CI under its 30 minutes on a slow day. Every
 * spec about layout, navigation, games, accessibility, room and the visual baselines runs on both.
 */
const RULES_ONLY = [
  'auth.spec.ts',
  'quests.spec.ts',
  'bank.spec.ts',
  'referee.spec.ts',
  'password-reset.spec.ts',
  'state-ownership.spec.ts',
  'achievements.spec.ts',
  'live-updates.spec.ts',
  'progress-sync.spec.ts',
  'home-errors.spec.ts',
  'hardening/bank-faults.spec.ts',
  'build-output.spec.ts',
  'bills.spec.ts',
  'budget-against-income.spec.ts',
  'statement-import.spec.ts',
  'hardening/client-robustness.spec.ts',
].map((f) => `**/tests/e2e/${f}`);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Caret and CSS animations would make pixels depend on time; the games step their own clock.
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      stylePath: 'tests/e2e/visual/screenshot.css',
    },
  },
  reporter: [['list']],
  // Screenshot baselines (tests/e2e/visual) sit beside the specs, one per project, with no OS name:
  // they are made and compared in this machine's Debian Chromium (its headless shell, above) with
  // the flags above.
  snapshotPathTemplate: '{testDir}/{testFileDir}/__screenshots__/{testFileName}/{arg}-{projectName}{ext}',
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its trace (every action with the page's DOM, network and console) and
    // its final screenshot. The trace's screencast is left out: encoding a frame for every paint
    // cost a third of the suite's time here (84 tests: 103 s with it, 79 to 85 s without, 72 to
    // 80 s with no trace at all), on a suite that is bound by its two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: testLaunchOptions,
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true },
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
      testIgnore: RULES_ONLY,
    },
  ],
  webServer: {
    command: `node tests/e2e/start-server.mjs`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      APP_URL: `http://127.0.0.1:${PORT}`,
      AUTH_RATE_LIMIT: '10000',
      // Every browser of the suite shares one address; the limits themselves are API-tested.
      PLAID_SANDBOX_RATE_LIMIT: '10000',
      LOGIN_LOCKOUT_THRESHOLD: '1000',
      PLAID_NOT_READY_MS: '300',
      NODE_ENV: 'test',
    },
  },
});
