import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { compiledServerArgs, mailSink, servers } from './e2e/servers.ts';
import { visitorUserAgent } from './e2e/helpers.ts';
import { e2eFirstOwnerToken } from './e2e/staff-helpers.ts';

/**
 * End-to-end tests in Debian's Chromium against the built server (storefront and API both
 * compiled by `npm run build`, run as `npm run serve` runs them), each on a fresh PGlite
 * directory. Offers depend on the weekday, so each server's clock is frozen (CLOCK_NOW) and the
 * tests freeze the browser's to the same instant (e2e/helpers.ts).
 */

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Visitors in the tests have already answered the cookie question (refused), so the modal does not
 * cover what a test clicks; e2e/cookie-consent.spec.ts starts from an empty storage.
 */
const answeredCookies = {
  cookies: [],
  origins: Object.values(servers).map(({ port }) => ({ origin: `http://localhost:${port}`, localStorage: [{ name: 'cookie-consent', value: 'false' }] })),
};

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
    userAgent: visitorUserAgent,
    storageState: answeredCookies,
    launchOptions: {
      executablePath: chromium,
      args: [
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
  webServer: [
    // A real SMTP server receiving the e-mails (codes, order confirmations), read by the tests over HTTP.
    { command: 'node --import tsx e2e/smtp-sink.ts', url: `http://127.0.0.1:${mailSink.httpPort}/health`, timeout: 30_000, reuseExistingServer: false },
    ...Object.values(servers).map((server) => ({
      // The compiled server, as in production (docs/decisions/024): `npm run build` makes it before the tests.
      command: [process.execPath, ...compiledServerArgs].map((part) => JSON.stringify(part)).join(' '),
      url: `http://localhost:${server.port}/v2/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      // The server's warnings and errors (LOG_LEVEL=warn, JSON on stdout) appear in the test log beside a failure.
      stdout: 'pipe' as const,
      env: {
        PORT: String(server.port),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'resto-e2e-')),
        LOG_LEVEL: 'warn',
        // As in production (npm run serve): React's production build renders the pages (docs/decisions/009, production mode).
        NODE_ENV: 'production',
        DATABASE_URL: '',
        CLOCK_NOW: server.now,
        SMTP_URL: `smtp://127.0.0.1:${mailSink.smtpPort}`,
        MAIL_FROM: 'Chez Margot <no-reply@chez-margot.example>',
        // Card payments with the test processor, asked for explicitly (docs/decisions/014: off in production otherwise).
        PAYMENT_TEST_MODE: '1',
        // The tests place many orders from 127.0.0.1: the request limits of docs/decisions/014, multiplied.
        RATE_LIMIT_FACTOR: '1000',
        // The first owner's link token known in advance: e2e/staff-helpers.ts signs staff in with it (docs/decisions/020).
        STAFF_FIRST_OWNER_TOKEN: e2eFirstOwnerToken,
        ...('env' in server ? server.env : {}),
      },
    })),
  ],
});
