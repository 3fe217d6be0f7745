// Cold and warm start of the headless server on an embedded PostgreSQL data directory. Runs after
// the measured server has stopped, so the two do not compete for the cores.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cleanups, fmt, root, serverEnv } from './harness.mjs';
import { freePort, sleep, spawnWaitingFor, stopChild } from './lib.mjs';

async function timeStart(dataDir, port) {
  const started = performance.now();
  const { child, ready, output } = spawnWaitingFor(
    process.execPath,
    ['dist/server/main.js'],
    {
      cwd: root,
      env: serverEnv({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' }),
    },
    /Switchyard is running at (\S+)/,
    120_000,
  );
  cleanups.push(() => stopChild(child, 20_000));
  let failure = null;
  ready.catch((error) => {
    failure = error;
  });
  for (;;) {
    if (failure) throw failure;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {}
    if (performance.now() - started > 120_000) throw new Error('server did not become healthy in 120 s');
    await sleep(10);
  }
  const seconds = (performance.now() - started) / 1000;
  await stopChild(child, 20_000);
  const timings = output().match(/"timings":(\{[^}]*\})/);
  return { seconds, timings: timings ? timings[1] : 'n/a' };
}

export const startupScenario = {
  name: 'startup',
  /** Needs the measured server stopped: the runner calls it after the live scenarios. */
  afterServer: true,
  async run({ log }) {
    log('cold and warm start (embedded PostgreSQL)');
    const dataDir = mkdtempSync(join('/tmp', 'switchyard-bench-data-'));
    chmodSync(dataDir, 0o777);
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const cold = await timeStart(dataDir, port);
    const warm = await timeStart(dataDir, port);
    return {
      rows: [
        [
          'cold start (embedded PG, spawn → /health 200)',
          `${fmt(cold.seconds, 2)} s`,
          '-',
          '-',
          '< 3 s',
          cold.seconds < 3 ? 'yes' : 'NO',
        ],
        [
          'warm start (same DATA_DIR)',
          `${fmt(warm.seconds, 2)} s`,
          '-',
          '-',
          '< 1.5 s',
          warm.seconds < 1.5 ? 'yes' : 'NO',
        ],
      ],
      notes: [`server start-up timings (ms), cold: ${cold.timings}; warm: ${warm.timings}`],
    };
  },
};
