import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { servers } from './e2e/servers.ts';

/**
 * End-to-end tests in Debian's Chromium against the built server, each on a fresh PGlite
 * directory. Offers depend on the weekday, so each server's clock is frozen (CLOCK_NOW) and the
 * tests freeze the browser's to the same instant (e2e/helpers.ts).
 */

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../../test-results/playwright.json' }]] : 'list',
  use: {
    baseURL: `http://localhost:${servers.sunday.port}`,
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: Object.values(servers).map((server) => ({
    command: 'node --import tsx ../api/src/server.ts',
    url: `http://localhost:${server.port}/v2/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(server.port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'resto-e2e-')),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      CLOCK_NOW: server.now,
      ...('env' in server ? server.env : {}),
    },
  })),
});
