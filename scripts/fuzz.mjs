// `npm run fuzz -- --requests=100000 [--workers=3] [--seed=N] [--timeout-ms=N]`: the long run of
// the API fuzz test (issue 12 §3). Each worker runs tests/fuzz/api-fuzz.db.test.ts (whose bounded
// run is part of `npm test`) with its share of the requests, its own seed and its own cloned
// database: DATABASE_URL when set, otherwise the embedded PostgreSQL the db test project starts.
// Prints each worker's figures and the totals: requests, statuses, failures, time.
import { spawn } from 'node:child_process';

const options = Object.fromEntries(
  process.argv.slice(2).map((argument) => {
    const [key, value] = argument.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const requests = Number(options.requests ?? 100_000);
const workers = Number(options.workers ?? 3);
const seed = Number(options.seed ?? Date.now() % 1_000_000);
if (![requests, workers, seed].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('--requests, --workers and --seed must be positive integers');
  process.exit(2);
}

const started = Date.now();
function runWorker(index) {
  const share = Math.floor(requests / workers) + (index < requests % workers ? 1 : 0);
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'db', 'tests/fuzz/api-fuzz.db.test.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        FUZZ_REQUESTS: String(share),
        FUZZ_SEED: String(seed + index * 1_000_003),
        FUZZ_TIMEOUT_MS: String(options['timeout-ms'] ?? 10_000),
        FUZZ_PROGRESS: '1',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(`[worker ${index}] ${chunk}`);
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const results = await Promise.all(Array.from({ length: workers }, (_, index) => runWorker(index)));
let total = 0;
let failures = 0;
const statuses = {};
for (const { output } of results) {
  // The test prints one summary line per run (api-fuzz.db.test.ts).
  const summary = /fuzz: (\d+) requests .*statuses (\{[^}]*\}).*, (\d+) failures/.exec(output);
  if (!summary) continue;
  total += Number(summary[1]);
  failures += Number(summary[3]);
  for (const [status, count] of Object.entries(JSON.parse(summary[2]))) {
    statuses[status] = (statuses[status] ?? 0) + count;
  }
}
const fiveHundreds = Object.entries(statuses)
  .filter(([status]) => Number(status) >= 500)
  .reduce((sum, [, count]) => sum + count, 0);
console.log(
  `fuzz total: ${total} requests, ${workers} workers, seed ${seed}, ${fiveHundreds} 5xx, ${failures} failures ` +
    `(5xx, hangs, error shapes, database changes), ${Math.round((Date.now() - started) / 1000)} s, statuses ${JSON.stringify(statuses)}`,
);
process.exit(results.every((result) => result.code === 0) && total === requests ? 0 : 1);
