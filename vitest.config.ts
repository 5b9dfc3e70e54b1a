import { configDefaults, defineConfig } from 'vitest/config';

// PostgreSQL-only tests (`*.pg.test.ts`) run in the PostgreSQL pass alone: DATABASE_URL set.
const postgres = (process.env.DATABASE_URL ?? '').trim() !== '';

/** Unit (domain) and integration (API over real HTTP on PGlite, or PostgreSQL with DATABASE_URL). Playwright specs are not Vitest's. */
export default defineConfig({
  test: {
    projects: [
      // Property tests (fast-check, thousands of runs) take a few seconds of CPU: Vitest's 5 s default
      // tripped on a busy two-core machine; the limit is there to catch a hang, not to time them.
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'copy', include: ['packages/copy/src/**/*.test.ts'] } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/app/**/*.test.ts', 'apps/web/*.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: postgres ? configDefaults.exclude : [...configDefaults.exclude, '**/*.pg.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
