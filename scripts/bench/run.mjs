// `npm run bench [-- --quick] [-- --large] [-- --profile] [-- --trace-gc] [-- --only=a,b]`: the runner. Builds the
// server, starts it on a scratch PostgreSQL database, seeds 200 flags through the admin API, then
// runs every registered scenario in order and prints one table. Scenarios live in
// scripts/bench/<name>-scenario.mjs and export `{ name, run(context) }` answering
// `{ rows, notes?, headline?, targets? }` (targets: rows of issue 21's table); optional `parts` (names `--only` may pick), `enabled()`, and
// `afterServer: true` (runs once the measured server has stopped). Everything started is stopped.
//
// To add a scenario: one import below and one entry in SCENARIOS.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { adminLatencyScenario } from './admin-latency-scenario.mjs';
import { crossInstanceScenario } from './cross-instance-scenario.mjs';
import { evaluationScenario } from './evaluation-scenario.mjs';
import { printGcTrace } from './gc-trace.mjs';
import {
  api,
  COMPARE,
  cleanup,
  createScratchDatabase,
  DATA,
  fmt,
  log,
  ONLY,
  printProfile,
  printTable,
  QUICK,
  RUNS,
  root,
  SECONDS,
  seedFlags,
  seedSegments,
  startServer,
  state,
} from './harness.mjs';
import { importScenario } from './import-scenario.mjs';
import { largeScenario } from './large-scenario.mjs';
import { cpuSeconds, stopChild } from './lib.mjs';
import { seedRealistic } from './realistic-data.mjs';
import { sdkThroughputScenario } from './sdk-throughput-scenario.mjs';
import { startupScenario } from './startup-scenario.mjs';
import { streamingFanoutScenario } from './streaming-fanout-scenario.mjs';

/** Run (and table) order. */
const SCENARIOS = [
  sdkThroughputScenario,
  evaluationScenario,
  startupScenario,
  adminLatencyScenario,
  importScenario,
  largeScenario,
  streamingFanoutScenario,
  crossInstanceScenario,
];

/** `--only=` keeps the scenarios named there (by name or by one of their parts). */
function selected(scenario) {
  if (scenario.enabled && !scenario.enabled()) return false;
  if (!ONLY) return true;
  return ONLY.includes(scenario.name) || (scenario.parts ?? []).some((part) => ONLY.includes(part));
}

/**
 * Waits (at most a minute) until the server has used under 5% of a core for a whole second:
 * seeding leaves work behind (the SDK snapshot rebuilt after the last of ~1,500 changes), and a
 * scenario measured first (`--only=frontend`) would otherwise pay for it.
 */
async function settle(pid) {
  const started = performance.now();
  for (let quiet = 0; quiet < 2 && performance.now() - started < 60_000; ) {
    const before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    quiet = cpuSeconds(pid) - before < 0.025 ? quiet + 1 : 0;
  }
  log(`server idle after ${fmt((performance.now() - started) / 1000, 1)} s`);
}

async function main() {
  log('building dist/server');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');

  const databaseUrl = await createScratchDatabase();
  const server = await startServer(databaseUrl);
  const pid = server.child.pid;
  const call = api(server.url);
  log(`server at ${server.url} (pid ${pid})`);

  const t = performance.now();
  let segmentIds;
  let dataSet = '200 bench flags';
  if (DATA === 'realistic') {
    const seeded = await seedRealistic(call, 8);
    segmentIds = seeded.segmentIds;
    dataSet = `200 realistic flags (${seeded.strategies} strategies, ${seeded.constraints} constraints)`;
  } else {
    segmentIds = await seedSegments(call, 4);
    await seedFlags(call, 0, 200, segmentIds, 8);
  }
  const seed200 = (performance.now() - t) / 1000;
  log(`seeded ${dataSet} in ${fmt(seed200, 1)} s`);

  await settle(pid);
  const context = { server, pid, call, segmentIds, log };
  const results = new Map();
  const chosen = SCENARIOS.filter(selected);
  for (const scenario of chosen.filter((s) => !s.afterServer)) {
    results.set(scenario, await scenario.run(context));
  }
  state.stopping = true;
  await stopChild(server.child);
  for (const scenario of chosen.filter((s) => s.afterServer)) {
    results.set(scenario, await scenario.run(context));
  }

  const [l1, l5, l15] = loadavg();
  console.log('');
  console.log(
    `Switchyard benchmark${QUICK ? ' (--quick)' : ''}: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
      `load average ${l1.toFixed(2)} ${l5.toFixed(2)} ${l15.toFixed(2)}, node ${process.version}, ` +
      `wrk -t2 -c32 -d${SECONDS}s, median of ${RUNS} run${RUNS > 1 ? 's' : ''}`,
  );
  const headlines = chosen.map((s) => results.get(s)?.headline).filter(Boolean);
  console.log(
    `${dataSet} (${segmentIds.length} segments) seeded through the admin API in ${fmt(seed200, 1)} s` +
      headlines.map((h) => `; ${h}`).join(''),
  );
  console.log('');
  printTable(chosen.flatMap((s) => results.get(s)?.rows ?? []));
  const targets = chosen.flatMap((s) => results.get(s)?.targets ?? []);
  if (targets.length > 0) {
    console.log('');
    console.log(
      `Issue 21 targets${COMPARE ? ` (compare: ${COMPARE.url}, interleaved in the same run)` : ''}:`,
    );
    printTable(targets, ['target', 'measured', 'compare', 'ratio', 'target', 'met?']);
  }
  for (const note of chosen.flatMap((s) => results.get(s)?.notes ?? [])) console.log(`note: ${note}`);
  printGcTrace(printTable);
  printProfile();
}

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  log(`failed: ${error.stack ?? error}${error.cause ? `\ncause: ${error.cause.stack ?? error.cause}` : ''}`);
  if (state.serverOutput) log(`server output (tail):\n${state.serverOutput().slice(-3000)}`);
} finally {
  await cleanup();
}
