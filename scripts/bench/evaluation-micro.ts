// Per-flag evaluation cost, interpreted (evaluate.ts) against compiled (compiled.ts), over a
// client features payload file: `tsx scripts/bench/evaluation-micro.ts <payload.json>`. Prints
// one JSON line. Run by evaluation-scenario.mjs with the bench server's own 200-flag payload.
import { readFileSync } from 'node:fs';
import type { ClientFeatures, Context } from '../../server/contract';
import { compiledFlagsOf, createFlagRepository, evaluateFlag } from '../../server/src/evaluation';
import { resolveDeps } from '../../server/src/evaluation/evaluate';

const payload = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as ClientFeatures;
const repository = createFlagRepository({ features: payload.features, segments: payload.segments ?? [] });
const flags = repository.listFlags();
const apps = ['web', 'ios', 'android', 'other'];
const contexts: Context[] = Array.from({ length: 2000 }, (_, i) => ({
  userId: `user-${(i * 7919) % 100000}`,
  appName: apps[i % 4],
  sessionId: String(i),
}));

function timeIt(run: (context: Context) => number): number {
  // Warm up, then the median of 5 timed passes, in ns per flag evaluation.
  for (let i = 0; i < 200; i++) run(contexts[i % contexts.length]!);
  const samples: number[] = [];
  let sink = 0;
  for (let pass = 0; pass < 5; pass++) {
    const started = process.hrtime.bigint();
    for (const context of contexts) sink += run(context);
    samples.push(Number(process.hrtime.bigint() - started) / (contexts.length * flags.length));
  }
  if (sink < 0) console.log(sink);
  return samples.sort((a, b) => a - b)[2]!;
}

const deps = { repository };
const interpreted = timeIt((context) => {
  let on = 0;
  for (const flag of flags) if (evaluateFlag(flag, context, deps).enabled) on++;
  return on;
});
const compiledStarted = process.hrtime.bigint();
const compiled = compiledFlagsOf(repository);
const compileMs = Number(process.hrtime.bigint() - compiledStarted) / 1e6;
const resolved = resolveDeps(deps);
const compiledNs = timeIt((context) => {
  let on = 0;
  for (const entry of compiled) if (entry.evaluate(context, resolved).enabled) on++;
  return on;
});
console.log(JSON.stringify({ flags: flags.length, interpretedNs: interpreted, compiledNs, compileMs }));
