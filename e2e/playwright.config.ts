import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { E2E_ENV } from './support/run-state.ts';

const ci = Boolean(process.env.CI);

// globalSetup starts the server and resolves Chromium, then publishes both through the environment. The worker
// processes read this file again after that, so baseURL and launchOptions below are set where tests run.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // Two shared cores: the server, Chromium and the runner all need some.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  // The longest specs with this default take 15–21 s alone on an idle machine; CI's loaded cores can double that.
  timeout: ci ? 60_000 : 30_000,
  // Under the full CI run two workers, the server and Chromium share two cores; a first page load can take 5 s.
  expect: { timeout: ci ? 10_000 : 5_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env[E2E_ENV.baseUrl],
    browserName: 'chromium',
    headless: true,
    launchOptions: chromiumLaunchOptions(),
    viewport: { width: 1280, height: 800 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    navigationTimeout: 15_000,
    actionTimeout: 10_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
});
