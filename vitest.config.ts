import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The suite always runs on embedded PGlite and, when TEST_DATABASE_URL is set, a second time on
// PostgreSQL. Each test file gets a fresh database (see test/helpers/database.ts).
const shared = {
  include: ['test/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['test/global-setup.ts'],
};

// Files that open no database (the satellite's process pool works without the service): the
// postgres project would only run them again, unchanged. Tests of PGlite itself skip themselves
// there (`describe.skipIf(usingPostgres())`).
const DATABASE_FREE = ['test/satellite/servers/**'];

export default defineConfig({
  // `#satellite` (package.json `imports`) resolves to the satellite's sources, not its build.
  resolve: { conditions: ['groundstation-source'] },
  ssr: {
    resolve: { conditions: ['groundstation-source'], externalConditions: ['groundstation-source'] },
  },
  test: {
    pool: 'forks',
    // Vitest's default, one fewer than the cores, is a single file at a time on two cores. Test
    // files wait on PostgreSQL, child processes, Chromium and timers much of the time, so two at a
    // time finish the suite in about half the time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true as const, test: { ...shared, name: 'pglite', env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                ...shared,
                name: 'postgres',
                env: { TEST_DB: 'postgres' },
                exclude: [...configDefaults.exclude, ...DATABASE_FREE],
              },
            },
          ]
        : []),
    ],
  },
});
