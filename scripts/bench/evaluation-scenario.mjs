// Issue 21: the per-flag cost of evaluation, interpreted against compiled, measured in its own
// process (tsx, straight from server/src) over the bench server's client features payload.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT, DATA, fetchRaw, fmt, root } from './harness.mjs';

export const evaluationScenario = {
  name: 'evaluation',
  async run({ server, log }) {
    log('evaluation microbenchmark (interpreted vs compiled)');
    const payload = await fetchRaw(`${server.url}/api/client/features`, {
      authorization: CLIENT,
      'unleash-client-spec': '5.2.0',
    });
    // Kept beside the profile, for profiling frontend-micro.ts on the same data outside the bench.
    mkdirSync(join(root, 'test-results'), { recursive: true });
    const file = join(root, 'test-results', `bench-payload-${DATA}.json`);
    writeFileSync(file, payload.body);
    const run = spawnSync(join(root, 'node_modules/.bin/tsx'), ['scripts/bench/evaluation-micro.ts', file], {
      cwd: root,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`evaluation microbenchmark failed: ${run.stderr}`);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1));
    const speedup = result.interpretedNs / result.compiledNs;
    const frontend = spawnSync(
      join(root, 'node_modules/.bin/tsx'),
      ['scripts/bench/frontend-micro.ts', file, DATA],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    if (frontend.status !== 0) throw new Error(`frontend microbenchmark failed: ${frontend.stderr}`);
    const perRequest = JSON.parse(frontend.stdout.trim().split('\n').at(-1));
    return {
      rows: [
        [
          `evaluation per flag (${result.flags} flags, random users)`,
          `compiled ${fmt(result.compiledNs)} ns (compile ${fmt(result.compileMs, 1)} ms per revision)`,
          `interpreted ${fmt(result.interpretedNs)} ns`,
          `${fmt(speedup, 1)}x`,
          'compiled faster',
          speedup > 1 ? 'yes' : 'NO',
        ],
        [
          `frontend API work per request, no HTTP (${perRequest.flags} flags, ${DATA} data)`,
          `${fmt(perRequest.frontendUs, 1)} µs (context + evaluation + body)`,
          '-',
          '-',
          '≤ 143 µs (7,000/s a core)',
          perRequest.frontendUs <= 1e6 / 7000 ? 'yes' : 'NO',
        ],
      ],
    };
  },
};
