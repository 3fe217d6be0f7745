// `npm run fuzz -- --requests=100000 [--seed=N] [--timeout-ms=N]`: the long run of the API fuzz
// test (issue 12 §3). It runs tests/fuzz/api-fuzz.db.test.ts, whose bounded run is part of
// `npm test`, with more requests: DATABASE_URL when set, otherwise the embedded PostgreSQL that
// the db test project starts. Prints requests, statuses, failures and time at the end.
import { spawn } from 'node:child_process';

const options = Object.fromEntries(
  process.argv.slice(2).map((argument) => {
    const [key, value] = argument.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const requests = Number(options.requests ?? 100_000);
if (!Number.isInteger(requests) || requests <= 0) {
  console.error('--requests must be a positive integer');
  process.exit(2);
}

const child = spawn('npx', ['vitest', 'run', '--project', 'db', 'tests/fuzz/api-fuzz.db.test.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    FUZZ_REQUESTS: String(requests),
    FUZZ_SEED: String(options.seed ?? Date.now() % 1_000_000),
    FUZZ_TIMEOUT_MS: String(options['timeout-ms'] ?? 10_000),
    FUZZ_PROGRESS: '1',
  },
});
child.on('exit', (code) => process.exit(code ?? 1));
