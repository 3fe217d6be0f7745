// The frontend API's per-request work in one process, without HTTP: the context built from a
// query (frontendContext), then the body rendered (renderFrontendBody), over a client features
// payload file. `tsx scripts/bench/frontend-micro.ts <payload.json> [realistic] [--profile-loop]`.
// Prints one JSON line: CPU µs per request (median of 5 passes of 4,000 random users).
import { readFileSync } from 'node:fs';
import type { ClientFeatures } from '../../server/contract';
import { createFlagRepository, renderFrontendBody } from '../../server/src/evaluation';
import { frontendContext } from '../../server/src/features/frontend-api/frontend-context';

const payload = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as ClientFeatures;
const realistic = process.argv[3] === 'realistic';
const repository = createFlagRepository({ features: payload.features, segments: payload.segments ?? [] });
const apps = ['web', 'ios', 'android', 'other'];
const countries = ['NO', 'SE', 'DK', 'DE', 'US', 'GB', 'FR'];
const domains = ['example.com', 'corp.io', 'gmail.com'];
/** The query wrk sends (sdk-throughput-scenario.mjs), parsed as node:querystring would. */
const queries = Array.from({ length: 4000 }, (_, n) => {
  const u = (n * 7919) % 100000;
  const query: Record<string, string> = { userId: `user-${u}`, appName: apps[n % 4]! };
  if (realistic) {
    query['properties[country]'] = countries[u % 7]!;
    query['properties[appVersion]'] = `${u % 4}.${u % 10}.0`;
    query['properties[email]'] = `user-${u}@${domains[u % 3]}`;
    query['properties[buildNumber]'] = String(u % 600);
  }
  return query;
});
const facts = { ip: '127.0.0.1', newSessionId: () => String(Math.random()) };
const deps = { repository, hostname: 'bench-host' };
let sink = 0;
const once = (query: Record<string, string>) => {
  sink += renderFrontendBody(frontendContext(query, facts), deps).json.length;
};
for (let i = 0; i < 2000; i++) once(queries[i % queries.length]!);
const samples: number[] = [];
const passes = process.argv.includes('--profile-loop') ? 25 : 5;
for (let pass = 0; pass < passes; pass++) {
  // CPU time, not wall time: on a shared machine the process is often off the CPU mid-pass.
  const started = process.cpuUsage();
  for (const query of queries) once(query);
  const used = process.cpuUsage(started);
  samples.push((used.user + used.system) / queries.length);
}
samples.sort((a, b) => a - b);
console.log(
  JSON.stringify({ flags: repository.listFlags().length, frontendUs: samples[Math.floor(passes / 2)], sink }),
);
