import { defineConfig } from 'vitest/config';

// Three projects: `unit` never touches I/O, `db` runs against real PostgreSQL
// (DATABASE_URL when set, otherwise an embedded server started once), `sdk`
// starts real servers and drives them with the real Unleash SDKs over HTTP.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'main/**/*.test.ts', 'tests/spec/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db',
          include: ['server/**/*.db.test.ts', 'tests/**/*.db.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['tests/helpers/db-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
