// Runs npm test's static checks (lint, every TypeScript program, the layer check) side by side,
// as many at a time as the machine has cores: each tsc program is single-threaded, and one after
// the other they left a core idle for the first minutes of every `npm test`.
// Usage: node scripts/static-checks.mjs [--jobs=N]
import { spawn } from 'node:child_process';
import os from 'node:os';

const root = new URL('..', import.meta.url).pathname;
// Incremental: each program keeps what it learned in node_modules/.cache, so a second `npm test`
// re-checks only what changed and what depends on it (a clean clone, as on CI, checks everything).
const tsc = (project) => ({
  name: `tsc -p ${project}`,
  command: 'npx',
  args: [
    'tsc',
    '-p',
    project,
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    `node_modules/.cache/tsc/${project.replaceAll('/', '-')}.tsbuildinfo`,
  ],
});

// Longest first, so the last to finish is a short one.
const checks = [
  tsc('tests'),
  tsc('server'),
  tsc('renderer'),
  { name: 'lint', command: 'npm', args: ['run', '-s', 'lint'] },
  { name: 'layers', command: 'npm', args: ['run', '-s', 'layers'] },
  // The house limit (issue 32): no function of the production sources over 80 lines.
  { name: 'long functions', command: 'node', args: ['scripts/long-functions.mjs', '--fail'] },
  tsc('main'),
  tsc('server/contract'),
  tsc('migrations'),
];

const jobsArgument = process.argv.find((argument) => argument.startsWith('--jobs='));
const jobs = Number(jobsArgument?.slice('--jobs='.length)) || os.availableParallelism();

function run(check) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(check.command, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      resolve({ ...check, ok: code === 0, output, seconds });
    });
  });
}

const queue = [...checks];
const results = [];
async function worker() {
  for (let check = queue.shift(); check; check = queue.shift()) {
    const result = await run(check);
    results.push(result);
    console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds} s)`);
    // A failure's output in full; a pass says nothing more.
    if (!result.ok) console.log(result.output);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
const failed = results.filter((result) => !result.ok);
console.log(
  `static checks: ${results.length - failed.length}/${results.length} passed in ${((performance.now() - started) / 1000).toFixed(1)} s (${jobs} at a time)`,
);
process.exit(failed.length === 0 ? 0 : 1);
