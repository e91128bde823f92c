import { defineConfig } from 'vitest/config';

// The suite always runs on embedded PGlite and, when TEST_DATABASE_URL is set, a second time on
// PostgreSQL. Each test file gets a fresh database (see test/helpers/database.ts).
const shared = {
  include: ['test/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    pool: 'forks',
    projects: [
      { test: { ...shared, name: 'pglite', env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...shared, name: 'postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
