import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium.ts';

// Overridable so two runs on one machine never collide.
const port = Number(process.env.E2E_PORT ?? 4319);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 4325);
// The build to run (npm run build with the same BUILD_DIR); default dist.
const buildDir = process.env.BUILD_DIR ?? 'dist';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optistok-e2e-'));

/** Debian's chromium, launched with the flags this machine needs. */
const chromium = { executablePath: chromiumPath, args: chromiumArgs };

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${port}`, launchOptions: chromium, trace: 'off' },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /mobile\..*spec\.ts/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 }, launchOptions: chromium },
      testMatch: /mobile\..*spec\.ts/,
    },
  ],
  // The production build on a fresh embedded database with demo data.
  webServer: {
    command: `sh scripts/serve.sh ${buildDir}/server/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.resolve(buildDir, 'web'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The browser is the only "proxy": each test names its own client address (e2e/fixtures.ts).
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO_DATA: 'true',
      APP_URL: `http://127.0.0.1:${port}`,
      // Mail goes to the SMTP catcher the journeys start on loopback (e2e/support/mail-catcher.ts).
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DEMO_PASSWORD: 'Demo!Optik2026',
      ADMIN_EMAIL: 'admin@e2e.optistok.local',
      ADMIN_PASSWORD: 'Admin!Optik2026',
    },
  },
});
