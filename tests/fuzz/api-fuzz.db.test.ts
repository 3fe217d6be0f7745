import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/src/app/build-app';
import { loadConfig } from '../../server/src/config';
import type { App } from '../../server/src/http/app-type';
import { createLogger } from '../../server/src/lib/logger';
import { TEST_ADMIN_TOKEN } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { runFuzz, summarise } from './fuzz-run';
import { seedFuzzData } from './fuzz-seed';

/**
 * Issue 12 §3: schema-driven fuzzing of every operation in /docs/openapi.json. No input may
 * produce a 5xx or a hang; every refusal has Unleash's error shape and leaves the database as
 * it was. `npm run fuzz -- --requests=100000` runs the same check for longer (scripts/fuzz.mjs).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 12);
const TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000);

describe('API fuzzing', () => {
  let database: TestDatabase;
  let app: App;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = {
      ...loadConfig({ INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN }),
      // Buffered SDK metrics stay in memory: their flush would write during refused requests.
      metricsFlushIntervalSeconds: 3_600,
    };
    // The server's error log tells why a 5xx happened; the fuzz report carries it.
    const capture = new Writable({
      write(chunk, _encoding, next) {
        const line = JSON.parse(String(chunk)) as {
          err?: { type?: string; message?: string; stack?: string };
        };
        if (line.err)
          serverErrors.push(
            `${line.err.type}: ${line.err.message} ${line.err.stack?.split('\n').slice(1, 4).join(' ')}`,
          );
        next();
      },
    });
    app = await buildApp({ config, db: database.db, logger: createLogger('error', capture) });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  test(
    `${REQUESTS} generated requests: no 5xx, no hang, refusals in Unleash's shape leave the database unchanged`,
    async () => {
      const seeded = await seedFuzzData(app, TEST_ADMIN_TOKEN);
      const result = await runFuzz({
        app,
        db: database.db,
        adminToken: TEST_ADMIN_TOKEN,
        requests: REQUESTS,
        seed: SEED,
        timeoutMs: TIMEOUT_MS,
        seededValues: seeded.values,
        beforeRound: async () => {
          await seedFuzzData(app, TEST_ADMIN_TOKEN);
        },
        takeServerError: () => serverErrors.splice(0).at(-1),
        onFailure: (failure) => {
          if (process.env.FUZZ_PROGRESS) console.log(`fuzz failure: ${summarise([failure])[0]}`);
        },
        onProgress: (done, failures) => {
          if (process.env.FUZZ_PROGRESS && done % 2_000 === 0) {
            console.log(`fuzz: ${done} requests, ${failures} failures`);
          }
        },
      });
      console.log(
        `fuzz: ${result.requests} requests over ${result.operations} operations in ${result.milliseconds} ms, statuses ${JSON.stringify(result.byStatus)}, time ${JSON.stringify(result.timings)}, ${result.failures.length} failures`,
      );
      const summary = summarise(result.failures);
      for (const line of summary) console.log(line);
      expect(result.requests).toBe(REQUESTS);
      expect(result.byStatus['200'] ?? 0).toBeGreaterThan(REQUESTS / 20);
      expect(summary).toEqual([]);
    },
    REQUESTS * 200 + 60_000,
  );
});
