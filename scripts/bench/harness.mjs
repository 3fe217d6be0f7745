// The bench harness shared by the runner (run.mjs) and the scenarios (*-scenario.mjs): command-line
// options, the scratch database and server, the bare node:http reference, wrk measurement pairs and
// the result table (seeding is in seed.mjs). Everything it starts registers a cleanup.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { recordGcRun } from './gc-trace.mjs';
import {
  cpuSeconds,
  median,
  monotonicMicros,
  onCpu,
  profileSummary,
  runWrk,
  spawnWaitingFor,
  stopChild,
} from './lib.mjs';

// Seeding through the admin API lives in seed.mjs; the scenarios keep importing it from here.
export { P, seedFlags, seedSegments, strategiesFor } from './seed.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const argv = process.argv.slice(2);
export const QUICK = argv.includes('--quick');
export const LARGE = argv.includes('--large');
export const PROFILE = argv.includes('--profile');
/** `--trace-gc`: the server's collections during each measured run (gc-trace.mjs). */
export const TRACE_GC = argv.includes('--trace-gc');
/** `--only=frontend,metrics`: run just these throughput scenarios (with --profile, to profile one hot path). */
export const ONLY =
  argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',') ?? null;
/** `--name=value` or `--name value`. */
function option(name) {
  const inline = argv.find((arg) => arg.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = argv.indexOf(`--${name}`);
  return at !== -1 && argv[at + 1] && !argv[at + 1].startsWith('--') ? argv[at + 1] : null;
}
/**
 * `--compare <url>`: any Unleash-compatible server, driven with the same scenarios in the same
 * run (interleaved with ours) and seeded with the same flags through its admin API. Tokens
 * default to those of shared/tools/unleash-reference/start.sh.
 */
export const COMPARE = option('compare')
  ? {
      url: option('compare').replace(/\/$/, ''),
      admin: option('compare-admin-token') ?? '*:*.reference-admin-0123456789abcdef',
      client: option('compare-client-token') ?? '*:development.reference-client-0123456789abcdef',
      frontend: option('compare-frontend-token') ?? '*:development.reference-frontend-0123456789abcdef',
    }
  : null;
/** `--data=realistic`: seed realistic-data.mjs's 200 flags instead of the bench's own (issue 34). */
export const DATA = option('data') ?? 'bench';
if (!['bench', 'realistic'].includes(DATA)) throw new Error(`--data must be bench or realistic, not ${DATA}`);
export const SECONDS = QUICK ? 2 : 5;
export const RUNS = QUICK ? 1 : 3;
// Two cores or more: the server (and the reference, which runs alternately with it) on CPU 0,
// wrk on CPU 1, so load generation does not steal the measured process's core.
export const PIN = cpus().length >= 2;
/** `--workers=N`: the server runs N processes (WORKERS, issue 34); more than one is not pinned. */
export const WORKERS = Number(option('workers') ?? 1);
if (!Number.isInteger(WORKERS) || WORKERS < 1) throw new Error(`--workers must be a positive integer`);
export const SERVER_CPU = PIN && WORKERS === 1 ? 0 : null;
export const LOAD_CPU = PIN ? 1 : null;
export const ADMIN = '*:*.bench-admin-token-0123456789abcdef';
export const CLIENT = '*:development.bench-client-token-0123456789abcdef';
export const FRONTEND = '*:development.bench-frontend-token-0123456789abcdef';
export const ADMIN_DB_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const cleanups = [];
/** Mutable run state: `stopping` silences the unexpected-exit log; `serverOutput` is for failure reports. */
export const state = { stopping: false, serverOutput: null };
export const tmp = mkdtempSync(join(tmpdir(), 'switchyard-bench-'));
cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));

export const log = (message) => process.stderr.write(`bench: ${message}\n`);

export async function cleanup() {
  state.stopping = true;
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch (error) {
      log(`cleanup: ${error.message}`);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

export function serverEnv(extra) {
  const env = { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', WORKERS: String(WORKERS), ...extra };
  env.INIT_ADMIN_API_TOKENS = ADMIN;
  env.INIT_CLIENT_API_TOKENS = CLIENT;
  env.INIT_FRONTEND_API_TOKENS = FRONTEND;
  delete env.SDK_PORT;
  delete env.SDK_HOST;
  return env;
}

export async function startServer(databaseUrl) {
  const nodeArgs = [
    ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(tmp, 'profile')}`] : []),
    ...(TRACE_GC ? ['--trace-gc'] : []),
  ];
  const { command, args } = onCpu(SERVER_CPU, process.execPath, [...nodeArgs, 'dist/server/main.js']);
  const { child, ready, output } = spawnWaitingFor(
    command,
    args,
    { cwd: root, env: serverEnv({ PORT: '0', DATABASE_URL: databaseUrl }) },
    /Switchyard is running at (\S+)/,
  );
  state.serverOutput = output;
  child.once('exit', (code, signal) => {
    if (!state.stopping)
      log(`the server (pid ${child.pid}) exited unexpectedly: ${signal ?? `code ${code}`}`);
  });
  cleanups.push(() => stopChild(child));
  const [, url] = await ready;
  return { child, url: url.replace(/\/$/, '') };
}

export async function createScratchDatabase() {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: ADMIN_DB_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(ADMIN_DB_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export function api(base) {
  return async (method, path, body, token = ADMIN) => {
    const response = await fetch(base + path, {
      method,
      headers: {
        authorization: token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : null;
  };
}

export async function fetchRaw(url, headers) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

/** The server's response headers minus the per-response ones, for the reference to replay. */
export function replayHeaders(headers) {
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const out = {};
  for (const [key, value] of headers) if (!skip.has(key)) out[key] = value;
  return out;
}

export function luaFile(name, text) {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

export const luaString = (s) => JSON.stringify(s);

export async function startReference(routes) {
  const spec = join(tmp, 'reference.json');
  writeFileSync(spec, JSON.stringify({ routes }));
  const { command, args } = onCpu(SERVER_CPU, process.execPath, [
    join(root, 'scripts/bench/reference-server.mjs'),
    spec,
  ]);
  const { child, ready } = spawnWaitingFor(command, args, {}, /listening (\d+)/);
  cleanups.push(() => stopChild(child));
  const [, port] = await ready;
  return { child, url: `http://127.0.0.1:${port}` };
}

/** A GET over node:http with the raw (still encoded) body, unlike fetch, which decodes it. */
export function getRaw(url, headers) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The server's event-loop delay quantiles since the previous scrape (seconds) and its GC totals
 * (prom-client's nodejs_gc_duration_seconds), from the Prometheus endpoint.
 */
export async function scrapeLoop(base) {
  const response = await fetch(`${base}/internal-backstage/prometheus`, {
    headers: { authorization: ADMIN },
  });
  const text = await response.text();
  const value = (pattern) => Number(text.match(pattern)?.[1] ?? Number.NaN);
  let gcSeconds = 0;
  let gcCount = 0;
  for (const match of text.matchAll(/^nodejs_gc_duration_seconds_sum\{[^}]*\} ([0-9.e+-]+)/gm))
    gcSeconds += Number(match[1]);
  for (const match of text.matchAll(/^nodejs_gc_duration_seconds_count\{[^}]*\} ([0-9.e+-]+)/gm))
    gcCount += Number(match[1]);
  return {
    p99: value(/switchyard_event_loop_delay_seconds\{quantile="0.99"\} ([0-9.e+-]+)/),
    max: value(/switchyard_event_loop_delay_seconds\{quantile="1"\} ([0-9.e+-]+)/),
    gcSeconds,
    gcCount,
  };
}

/** When the server was under wrk load (monotonic µs): the part of the profile worth reading. */
export const loadWindows = [];

/** A throughput scenario unless `--only` left it out (null then; the table skips it). */
export function measureIf(scenario, label, server, reference, pid, compare = null) {
  return ONLY && !ONLY.includes(scenario) && !ONLY.includes('sdk')
    ? null
    : measurePair(label, server, reference, pid, compare);
}

/** Median of RUNS wrk runs, alternating server and reference so drift hits both alike. */
export async function measurePair(label, server, reference, pid, compare = null) {
  const measured = [];
  const ref = [];
  const cmp = [];
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = cpuSeconds(pid);
    const from = monotonicMicros();
    const traceFrom = state.serverOutput?.().length ?? 0;
    const m = await runWrk({ ...server, seconds: SECONDS, cpu: LOAD_CPU });
    loadWindows.push([from, monotonicMicros()]);
    if (TRACE_GC) recordGcRun(label, run + 1, m, state.serverOutput().slice(traceFrom));
    m.cpuPer1000 = ((cpuSeconds(pid) - cpuBefore) / m.requests) * 1000;
    measured.push(m);
    if (reference) {
      // With the reference's pid, its CPU per request too: on a loaded machine the share of a
      // core each process gets varies, CPU per request does not (much).
      const refCpuBefore = reference.pid ? cpuSeconds(reference.pid) : Number.NaN;
      const r = await runWrk({ ...reference, seconds: SECONDS, cpu: LOAD_CPU });
      r.cpuPer1000 = ((cpuSeconds(reference.pid) - refCpuBefore) / r.requests) * 1000;
      ref.push(r);
    }
    if (compare) cmp.push(await runWrk({ ...compare, seconds: SECONDS, cpu: LOAD_CPU }));
    log(
      `${label} run ${run + 1}: ${Math.round(m.rps)} req/s${reference ? ` (ref ${Math.round(ref.at(-1).rps)})` : ''}` +
        `${compare ? ` (compare ${Math.round(cmp.at(-1).rps)}${cmp.at(-1).non2xx ? `, ${cmp.at(-1).non2xx} non-2xx` : ''})` : ''}` +
        `${m.non2xx ? `, ${m.non2xx} non-2xx/3xx` : ''}${m.socketErrors ? `, socket errors ${m.socketErrors}` : ''}`,
    );
  }
  const pick = (list) => ({
    rps: median(list.map((r) => r.rps)),
    p50: median(list.map((r) => r.p50)),
    p99: median(list.map((r) => r.p99)),
    non2xx: list.reduce((a, r) => a + r.non2xx, 0),
    cpuPer1000: median(list.map((r) => r.cpuPer1000 ?? Number.NaN)),
  });
  return {
    measured: pick(measured),
    reference: reference ? pick(ref) : null,
    compare: compare ? pick(cmp) : null,
  };
}

export const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';

/** A table row for a throughput scenario, or nothing when `--only` skipped it. */
export function throughputRows(rows, name, r, target, minRatio, absolute) {
  if (!r) return;
  const ratio = r.reference ? r.measured.rps / r.reference.rps : Number.NaN;
  const met = absolute ? r.measured.rps >= absolute : ratio >= minRatio;
  rows.push([
    name,
    `${fmt(r.measured.rps)} req/s (p50 ${fmt(r.measured.p50, 2)} / p99 ${fmt(r.measured.p99, 2)} ms, ` +
      `${fmt(r.measured.cpuPer1000 * 1000, 0)} ms CPU/1k req${r.measured.non2xx ? `, ${r.measured.non2xx} errors` : ''})`,
    r.reference
      ? `${fmt(r.reference.rps)} req/s (p50 ${fmt(r.reference.p50, 2)} / p99 ${fmt(r.reference.p99, 2)})`
      : '-',
    Number.isFinite(ratio) ? `${fmt(ratio * 100)}%` : '-',
    target,
    met && !r.measured.non2xx ? 'yes' : r.measured.rps === 0 ? 'NO (0 completed)' : 'NO',
  ]);
}

export function printTable(rows, header = ['scenario', 'measured', 'reference', 'ratio', 'target', 'met?']) {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells) => `| ${cells.map((c, k) => String(c).padEnd(widths[k])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** With --profile: the server's heaviest functions by self time, and where the profile was kept. */
export function printProfile() {
  if (!PROFILE) return;
  const dir = join(tmp, 'profile');
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) {
    console.log('note: the server wrote no CPU profile');
    return;
  }
  const kept = join(root, 'test-results', 'bench-server.cpuprofile');
  mkdirSync(dirname(kept), { recursive: true });
  copyFileSync(join(dir, file), kept);
  console.log('');
  console.log(`Server CPU profile, self time while under wrk load (whole run in ${kept}):`);
  for (const { key, ms, share } of profileSummary(kept, 30, 'function', loadWindows)) {
    console.log(`${(share * 100).toFixed(1).padStart(5)}%  ${fmt(ms).padStart(7)} ms  ${key}`);
  }
  console.log('');
  console.log('Self time by package, under load:');
  for (const { key, ms, share } of profileSummary(kept, 12, 'package', loadWindows)) {
    console.log(`${(share * 100).toFixed(1).padStart(5)}%  ${fmt(ms).padStart(7)} ms  ${key}`);
  }
}
