import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Projects: `unit` never touches I/O, `db` runs against real PostgreSQL
// (DATABASE_URL when set, otherwise an embedded server started once), `sdk`
// starts real servers and drives them with the real Unleash SDKs over HTTP,
// `renderer` tests the console in happy-dom, `e2e` drives it in Chromium.
export default defineConfig({
  test: {
    // The timings reporter keeps each file's wall time for `npm run test:timings` and prints
    // the slowest files after a full run (CI's log).
    reporters: ['default', './tests/helpers/timings-reporter.ts'],
    // Three files at a time on this 2-core machine: most test time is waiting (PostgreSQL, a
    // spawned server, Chromium), and vitest's default (cores - 1 = one worker) left a core idle.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          // One module graph per worker, not per file: importing the server per file was 75% of
          // this project's time. Files share no state but what they set up and tear down.
          isolate: false,
          include: [
            'server/**/*.test.ts',
            'main/**/*.test.ts',
            'tests/spec/**/*.test.ts',
            'scripts/compat/**/*.test.ts',
          ],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db',
          // As for unit: each file clones its own database and starts its own app, so loading
          // the modules once per worker loses no isolation that matters (16 files: 97 s → 27 s).
          isolate: false,
          include: ['server/**/*.db.test.ts', 'tests/**/*.db.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['tests/helpers/db-global-setup.ts', 'tests/helpers/server-bundle-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A poll's default second is too short beside two other busy workers.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // The console's component and logic tests: happy-dom, no server (a fake fetch answers).
        plugins: [react()],
        test: {
          name: 'renderer',
          // Testing Library unmounts after each test; the module graph (Mantine, React) loads
          // once per worker instead of once per file (270 s → 41 s).
          isolate: false,
          include: ['renderer/**/*.test.tsx', 'renderer/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'happy-dom',
          setupFiles: ['renderer/src/test-utils/setup.ts'],
          // A dialog filled field by field takes ~1 s alone; beside the db and e2e projects on two
          // cores one stretched past the default 5 s.
          testTimeout: 15_000,
        },
      },
      {
        // The built console in Debian's Chromium (playwright-core) against the real headless server.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          // One module graph per worker, so one Chromium per worker (support.ts workerBrowser);
          // every file starts its own server on its own database and its tests their own contexts.
          isolate: false,
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: [
            'tests/helpers/db-global-setup.ts',
            'tests/helpers/server-bundle-setup.ts',
            'tests/e2e/build-console.ts',
          ],
          // Each test is a whole workflow in a browser; CI's two cores running three of them beside
          // the db files stretched a 55 s workflow past 120 s.
          testTimeout: 240_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // electron-builder --linux dir with a stand-in Electron (shared/STACK-NOTES.md §4). It
        // rebuilds dist/, which no other test reads (their server and console builds live in
        // node_modules/.cache), so it runs beside them: last and alone it left a core idle ~100 s.
        test: {
          name: 'packaging',
          include: ['tests/packaging/**/*.pkg.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
