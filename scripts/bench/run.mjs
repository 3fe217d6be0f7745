// `npm run bench [-- --quick] [-- --large]`: issue 8's benchmark. Starts the real headless server
// on a scratch PostgreSQL database, seeds 200 flags through the admin API, drives the SDK APIs
// with wrk beside a bare node:http reference serving the same bytes, measures start-up, admin API
// latency and change visibility, and prints one table. Everything it starts is stopped at the end.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { crossInstanceRows } from './cross-instance-scenario.mjs';
import { measureImport } from './import-scenario.mjs';
import {
  cpuSeconds,
  freePort,
  mapLimit,
  median,
  monotonicMicros,
  onCpu,
  percentile,
  profileSummary,
  rssMb,
  runWrk,
  sleep,
  spawnWaitingFor,
  stopChild,
} from './lib.mjs';
import { measureStreamingFanout } from './streaming-fanout-scenario.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const QUICK = argv.includes('--quick');
const LARGE = argv.includes('--large');
const PROFILE = argv.includes('--profile');
/** `--only=frontend,metrics`: run just these throughput scenarios (with --profile, to profile one hot path). */
const ONLY =
  argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',') ?? null;
const SECONDS = QUICK ? 2 : 5;
const RUNS = QUICK ? 1 : 3;
// Two cores or more: the server (and the reference, which runs alternately with it) on CPU 0,
// wrk on CPU 1, so load generation does not steal the measured process's core.
const PIN = cpus().length >= 2;
const SERVER_CPU = PIN ? 0 : null;
const LOAD_CPU = PIN ? 1 : null;
const ADMIN = '*:*.bench-admin-token-0123456789abcdef';
const CLIENT = '*:development.bench-client-token-0123456789abcdef';
const FRONTEND = '*:development.bench-frontend-token-0123456789abcdef';
const ADMIN_DB_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const cleanups = [];
let serverOutput = null;
let stopping = false;
const tmp = mkdtempSync(join(tmpdir(), 'switchyard-bench-'));
cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));

const log = (message) => process.stderr.write(`bench: ${message}\n`);

async function cleanup() {
  stopping = true;
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

function serverEnv(extra) {
  const env = { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...extra };
  env.INIT_ADMIN_API_TOKENS = ADMIN;
  env.INIT_CLIENT_API_TOKENS = CLIENT;
  env.INIT_FRONTEND_API_TOKENS = FRONTEND;
  delete env.SDK_PORT;
  delete env.SDK_HOST;
  return env;
}

async function startServer(databaseUrl) {
  const nodeArgs = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(tmp, 'profile')}`] : [];
  const { command, args } = onCpu(SERVER_CPU, process.execPath, [...nodeArgs, 'dist/server/main.js']);
  const { child, ready, output } = spawnWaitingFor(
    command,
    args,
    { cwd: root, env: serverEnv({ PORT: '0', DATABASE_URL: databaseUrl }) },
    /Switchyard is running at (\S+)/,
  );
  serverOutput = output;
  child.once('exit', (code, signal) => {
    if (!stopping) log(`the server (pid ${child.pid}) exited unexpectedly: ${signal ?? `code ${code}`}`);
  });
  cleanups.push(() => stopChild(child));
  const [, url] = await ready;
  return { child, url: url.replace(/\/$/, '') };
}

async function createScratchDatabase() {
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

function api(base) {
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

const P = '/api/admin/projects/default/features';

function strategiesFor(i, segmentIds) {
  const count = 1 + (i % 3);
  const out = [];
  for (let s = 0; s < count; s++) {
    const kind = (i + s) % 4;
    const constraints =
      (i + s) % 2 === 0
        ? [{ contextName: 'appName', operator: 'IN', values: ['web', 'ios', 'android'] }]
        : [{ contextName: 'userId', operator: 'NOT_IN', values: [`blocked-${i}`, `blocked-${i + 1}`] }];
    const segments = (i + s) % 3 === 0 ? [segmentIds[(i + s) % segmentIds.length]] : [];
    const variants =
      i % 2 === 0
        ? ['control', 'blue', 'green'].map((name) => ({
            name,
            weight: 0,
            weightType: 'variable',
            stickiness: 'default',
            payload: { type: 'json', value: JSON.stringify({ color: name, flag: i }) },
          }))
        : [];
    if (kind === 3) {
      out.push({ name: 'default', parameters: {}, constraints, segments, variants: [] });
    } else {
      out.push({
        name: 'flexibleRollout',
        parameters: {
          rollout: String(10 + ((i * 7 + s * 13) % 91)),
          stickiness: 'default',
          groupId: `f${i}`,
        },
        constraints,
        segments,
        variants,
      });
    }
  }
  return out;
}

async function seedSegments(call, count) {
  const ids = [];
  for (let k = 0; k < count; k++) {
    const segment = await call('POST', '/api/admin/segments', {
      name: `bench-segment-${k}`,
      constraints: [
        {
          contextName: 'userId',
          operator: 'IN',
          values: Array.from({ length: 20 }, (_, j) => `user-${k * 20 + j}`),
        },
      ],
    });
    ids.push(segment.id);
  }
  return ids;
}

async function seedFlags(call, from, to, segmentIds, concurrency) {
  const indexes = Array.from({ length: to - from }, (_, k) => from + k);
  await mapLimit(indexes, concurrency, async (i) => {
    const name = `bench-flag-${String(i).padStart(5, '0')}`;
    await call('POST', P, { name, description: `benchmark flag ${i}` });
    for (const strategy of strategiesFor(i, segmentIds)) {
      await call('POST', `${P}/${name}/environments/development/strategies`, strategy);
    }
    await call('POST', `${P}/${name}/environments/development/on`);
  });
}

async function fetchRaw(url, headers) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

/** The server's response headers minus the per-response ones, for the reference to replay. */
function replayHeaders(headers) {
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const out = {};
  for (const [key, value] of headers) if (!skip.has(key)) out[key] = value;
  return out;
}

function luaFile(name, text) {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

const luaString = (s) => JSON.stringify(s);

async function startReference(routes) {
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

/** When the server was under wrk load (monotonic µs): the part of the profile worth reading. */
const loadWindows = [];

/** A throughput scenario unless `--only` left it out (null then; the table skips it). */
function measureIf(scenario, label, server, reference, pid) {
  return ONLY && !ONLY.includes(scenario) ? null : measurePair(label, server, reference, pid);
}

/** Median of RUNS wrk runs, alternating server and reference so drift hits both alike. */
async function measurePair(label, server, reference, pid) {
  const measured = [];
  const ref = [];
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = cpuSeconds(pid);
    const from = monotonicMicros();
    const m = await runWrk({ ...server, seconds: SECONDS, cpu: LOAD_CPU });
    loadWindows.push([from, monotonicMicros()]);
    m.cpuPer1000 = ((cpuSeconds(pid) - cpuBefore) / m.requests) * 1000;
    measured.push(m);
    if (reference) ref.push(await runWrk({ ...reference, seconds: SECONDS, cpu: LOAD_CPU }));
    log(
      `${label} run ${run + 1}: ${Math.round(m.rps)} req/s${reference ? ` (ref ${Math.round(ref.at(-1).rps)})` : ''}` +
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
  return { measured: pick(measured), reference: reference ? pick(ref) : null };
}

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

async function adminLatencies(call, iterations) {
  const create = [];
  const strategy = [];
  const toggle = [];
  for (let i = 0; i < iterations; i++) {
    const name = `bench-admin-${i}`;
    let t = performance.now();
    await call('POST', P, { name });
    create.push(performance.now() - t);
    t = performance.now();
    await call('POST', `${P}/${name}/environments/development/strategies`, {
      name: 'flexibleRollout',
      parameters: { rollout: '50', stickiness: 'default', groupId: name },
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
    });
    strategy.push(performance.now() - t);
    t = performance.now();
    await call('POST', `${P}/${name}/environments/development/on`);
    toggle.push(performance.now() - t);
  }
  const stats = (list) => ({ p50: percentile(list, 50), p99: percentile(list, 99) });
  return { create: stats(create), strategy: stats(strategy), toggle: stats(toggle) };
}

/** Toggles a flag and asks for the client features right after the commit: is the new ETag there? */
async function visibility(base, call, trials) {
  let visible = 0;
  const flag = 'bench-flag-00000';
  for (let i = 0; i < trials; i++) {
    const before = (await fetchRaw(`${base}/api/client/features`, { authorization: CLIENT })).headers.get(
      'etag',
    );
    await call('POST', `${P}/${flag}/environments/development/${i % 2 === 0 ? 'off' : 'on'}`);
    const after = (await fetchRaw(`${base}/api/client/features`, { authorization: CLIENT })).headers.get(
      'etag',
    );
    if (after !== before) visible++;
  }
  if (trials % 2 === 1) await call('POST', `${P}/${flag}/environments/development/on`);
  return { visible, trials };
}

/** With many flags: time from the committed toggle to the first GET that serves the new body. */
async function changeToServed(base, call, trials) {
  const times = [];
  let polls = 0;
  const flag = 'bench-flag-00001';
  for (let i = 0; i < trials; i++) {
    const before = (await fetchRaw(`${base}/api/client/features`, { authorization: CLIENT })).headers.get(
      'etag',
    );
    await call('POST', `${P}/${flag}/environments/development/${i % 2 === 0 ? 'off' : 'on'}`);
    const committed = performance.now();
    for (;;) {
      polls++;
      const response = await fetchRaw(`${base}/api/client/features`, { authorization: CLIENT });
      if (response.headers.get('etag') !== before) break;
      if (performance.now() - committed > 10_000) throw new Error('change not served within 10 s');
    }
    times.push(performance.now() - committed);
  }
  if (trials % 2 === 1) await call('POST', `${P}/${flag}/environments/development/on`);
  return { p50: percentile(times, 50), max: Math.max(...times), pollsPerChange: polls / trials };
}

const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';

/** A table row for a throughput scenario, or nothing when `--only` skipped it. */
function throughputRows(rows, name, r, target, minRatio, absolute) {
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

function printTable(rows) {
  const header = ['scenario', 'measured', 'reference', 'ratio', 'target', 'met?'];
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells) => `| ${cells.map((c, k) => String(c).padEnd(widths[k])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
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

  let t = performance.now();
  const segmentIds = await seedSegments(call, 4);
  await seedFlags(call, 0, 200, segmentIds, 8);
  const seed200 = (performance.now() - t) / 1000;
  log(`seeded 200 flags in ${fmt(seed200, 1)} s`);

  // Responses to replay.
  const features = await fetchRaw(`${server.url}/api/client/features`, { authorization: CLIENT });
  const etag = features.headers.get('etag');
  if (features.status !== 200 || !etag) throw new Error(`client features: ${features.status}, etag ${etag}`);
  const notModified = await fetchRaw(`${server.url}/api/client/features`, {
    authorization: CLIENT,
    'if-none-match': etag,
  });
  if (notModified.status !== 304) throw new Error(`If-None-Match gave ${notModified.status}, not 304`);
  const notes = [];
  const length304 = notModified.headers.get('content-length');
  if (length304 && length304 !== '0') {
    notes.push(
      `the server's 304 carries Content-Length: ${length304} but no body; wrk waits for those bytes, so the 304 ` +
        'scenario completes no requests (SDKs ignore 304 bodies; the fix is in the server, not here)',
    );
  }
  if (!notModified.headers.get('etag'))
    notes.push("the server's 304 has no ETag header (RFC 9110 wants one)");
  const frontend = await fetchRaw(`${server.url}/api/frontend?userId=user-1&appName=web`, {
    authorization: FRONTEND,
  });
  if (frontend.status !== 200) throw new Error(`frontend: ${frontend.status} ${frontend.body}`);
  const metricsBody = JSON.stringify({
    appName: 'bench-app',
    instanceId: 'bench-instance',
    environment: 'development',
    bucket: {
      start: new Date(Date.now() - 60_000).toISOString(),
      stop: new Date().toISOString(),
      toggles: Object.fromEntries(
        Array.from({ length: 10 }, (_, k) => [
          `bench-flag-${String(k).padStart(5, '0')}`,
          { yes: 10 + k, no: k, variants: { control: 3, blue: 2 } },
        ]),
      ),
    },
  });
  const metricsCheck = await fetch(`${server.url}/api/client/metrics`, {
    method: 'POST',
    headers: { authorization: CLIENT, 'content-type': 'application/json' },
    body: metricsBody,
  });
  await metricsCheck.arrayBuffer();
  if (!metricsCheck.ok) throw new Error(`metrics: ${metricsCheck.status}`);

  writeFileSync(join(tmp, 'features.json'), features.body);
  writeFileSync(join(tmp, 'frontend.json'), frontend.body);
  const reference = await startReference({
    '/api/client/features': {
      status: 200,
      headers: replayHeaders(features.headers),
      bodyFile: join(tmp, 'features.json'),
      etag,
    },
    '/api/frontend': {
      status: 200,
      headers: replayHeaders(frontend.headers),
      bodyFile: join(tmp, 'frontend.json'),
    },
    '/api/client/metrics': { status: metricsCheck.status, headers: replayHeaders(metricsCheck.headers) },
  });

  const authLua = luaFile('auth.lua', `wrk.headers["Authorization"] = ${luaString(CLIENT)}\n`);
  const etagLua = luaFile(
    'etag.lua',
    `wrk.headers["Authorization"] = ${luaString(CLIENT)}\nwrk.headers["If-None-Match"] = ${luaString(etag)}\n`,
  );
  const frontendLua = luaFile(
    'frontend.lua',
    `wrk.headers["Authorization"] = ${luaString(FRONTEND)}
local apps = {"web", "ios", "android", "other"}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/api/frontend?userId=user-" .. math.random(1, 100000) .. "&appName=" .. apps[(n % 4) + 1])
end
`,
  );
  const metricsLua = luaFile(
    'metrics.lua',
    `wrk.method = "POST"
wrk.headers["Authorization"] = ${luaString(CLIENT)}
wrk.headers["Content-Type"] = "application/json"
wrk.body = ${luaString(metricsBody)}
`,
  );

  log(`client features body ${features.body.length} bytes, frontend body ${frontend.body.length} bytes`);
  const rssBefore = rssMb(pid);
  const r200 = await measureIf(
    'client-200',
    'client features 200',
    { url: `${server.url}/api/client/features`, script: authLua },
    { url: `${reference.url}/api/client/features`, script: authLua },
    pid,
  );
  const r304 = await measureIf(
    'client-304',
    'client features 304',
    { url: `${server.url}/api/client/features`, script: etagLua },
    { url: `${reference.url}/api/client/features`, script: etagLua },
    pid,
  );
  const rFront = await measureIf(
    'frontend',
    'frontend',
    { url: `${server.url}/api/frontend`, script: frontendLua },
    { url: `${reference.url}/api/frontend`, script: frontendLua },
    pid,
  );
  const rMetrics = await measureIf(
    'metrics',
    'client metrics',
    { url: `${server.url}/api/client/metrics`, script: metricsLua },
    { url: `${reference.url}/api/client/metrics`, script: metricsLua },
    pid,
  );
  const rssAfterLoad = rssMb(pid);
  if (ONLY) {
    stopping = true;
    await stopChild(reference.child);
    await stopChild(server.child);
    const rows = [];
    throughputRows(rows, 'GET /api/client/features 200', r200, '≥ 70% of ref', 0.7);
    throughputRows(rows, 'GET /api/client/features 304', r304, '≥ 80% of ref', 0.8);
    throughputRows(rows, 'GET /api/frontend (varying userId)', rFront, '≥ 50% of ref', 0.5);
    throughputRows(rows, 'POST /api/client/metrics', rMetrics, '≥ 10,000 req/s', 0, 10_000);
    console.log('');
    printTable(rows);
    printProfile();
    return;
  }

  log('admin API latencies');
  const admin = await adminLatencies(call, QUICK ? 20 : 50);
  const seen = await visibility(server.url, call, QUICK ? 5 : 20);
  log('importing a 10,000-flag file (issue 18)');
  const imported = await measureImport(server.url, call, QUICK ? 2_000 : undefined);
  const fanoutRows = await measureStreamingFanout({
    base: server.url,
    call,
    pid,
    adminToken: ADMIN,
    trials: QUICK ? 2 : 5,
    log,
  });

  let large = null;
  if (LARGE) {
    log('seeding to 10,000 flags');
    t = performance.now();
    await seedFlags(call, 200, 10_000, segmentIds, 32);
    const seedSeconds = (performance.now() - t) / 1000;
    const body = await fetchRaw(`${server.url}/api/client/features`, { authorization: CLIENT });
    const served = await changeToServed(server.url, call, QUICK ? 5 : 15);
    const rssIdle = rssMb(pid);
    // The toggles above moved the revision on: take the current ETag for the 304 run.
    const etagLarge = (
      await fetchRaw(`${server.url}/api/client/features`, { authorization: CLIENT })
    ).headers.get('etag');
    const largeLua = luaFile(
      'etag-large.lua',
      `wrk.headers["Authorization"] = ${luaString(CLIENT)}\nwrk.headers["If-None-Match"] = ${luaString(etagLarge)}\n`,
    );
    const large200 = await measurePair(
      '10k client features 200',
      { url: `${server.url}/api/client/features`, script: authLua, connections: 16 },
      null,
      pid,
    );
    const large304 = await measurePair(
      '10k client features 304',
      { url: `${server.url}/api/client/features`, script: largeLua },
      null,
      pid,
    );
    large = {
      seedSeconds,
      bodyBytes: body.body.length,
      served,
      rss: rssIdle,
      rssLoaded: rssMb(pid),
      large200,
      large304,
    };
  }

  stopping = true;
  await stopChild(reference.child);
  await stopChild(server.child);

  log('cold and warm start (embedded PostgreSQL)');
  const dataDir = mkdtempSync(join('/tmp', 'switchyard-bench-data-'));
  chmodSync(dataDir, 0o777);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const startPort = await freePort();
  const cold = await timeStart(dataDir, startPort);
  const warm = await timeStart(dataDir, startPort);

  // ---- table ----
  const [l1, l5, l15] = loadavg();
  console.log('');
  console.log(
    `Switchyard benchmark${QUICK ? ' (--quick)' : ''}: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
      `load average ${l1.toFixed(2)} ${l5.toFixed(2)} ${l15.toFixed(2)}, node ${process.version}, ` +
      `wrk -t2 -c32 -d${SECONDS}s, median of ${RUNS} run${RUNS > 1 ? 's' : ''}`,
  );
  console.log(
    `200 flags (${segmentIds.length} segments) seeded through the admin API in ${fmt(seed200, 1)} s; ` +
      `client features body ${fmt(features.body.length)} B, frontend body ${fmt(frontend.body.length)} B`,
  );
  console.log('');
  const rows = [];
  const rate = (...args) => throughputRows(rows, ...args);
  rate('GET /api/client/features 200', r200, '≥ 70% of ref', 0.7);
  rate('GET /api/client/features 304', r304, '≥ 80% of ref', 0.8);
  rate('GET /api/frontend (varying userId)', rFront, '≥ 50% of ref', 0.5);
  rate('POST /api/client/metrics', rMetrics, '≥ 10,000 req/s', 0, 10_000);
  rows.push([
    'server RSS before/after load',
    `${fmt(rssBefore)} MB / ${fmt(rssAfterLoad)} MB`,
    '-',
    '-',
    'bounded',
    'report',
  ]);
  rows.push([
    'cold start (embedded PG, spawn → /health 200)',
    `${fmt(cold.seconds, 2)} s`,
    '-',
    '-',
    '< 3 s',
    cold.seconds < 3 ? 'yes' : 'NO',
  ]);
  rows.push([
    'warm start (same DATA_DIR)',
    `${fmt(warm.seconds, 2)} s`,
    '-',
    '-',
    '< 1.5 s',
    warm.seconds < 1.5 ? 'yes' : 'NO',
  ]);
  notes.push(`server start-up timings (ms), cold: ${cold.timings}; warm: ${warm.timings}`);
  for (const [label, s] of [
    ['admin: create flag', admin.create],
    ['admin: add strategy', admin.strategy],
    ['admin: toggle on', admin.toggle],
  ]) {
    rows.push([
      `${label} (sequential)`,
      `p50 ${fmt(s.p50, 1)} / p99 ${fmt(s.p99, 1)} ms`,
      '-',
      '-',
      'report',
      'report',
    ]);
  }
  rows.push([
    'flag change → next client request sees new ETag',
    `${seen.visible}/${seen.trials}`,
    '-',
    '-',
    'next request',
    seen.visible === seen.trials ? 'yes' : 'NO',
  ]);
  rows.push([
    `POST features-batch/import: ${fmt(imported.count)} flags (${fmt(imported.bytes / 1048576, 1)} MiB), one transaction`,
    `${fmt(imported.seconds, 1)} s (same file again, nothing to change: ${fmt(imported.againSeconds, 1)} s)`,
    '-',
    '-',
    '< 120 s',
    imported.seconds < 120 ? 'yes' : 'NO',
  ]);
  if (large) {
    rows.push([
      '10,000 flags: seeding via admin API (32 in flight)',
      `${fmt(large.seedSeconds, 1)} s`,
      '-',
      '-',
      'report',
      'report',
    ]);
    rows.push([
      '10,000 flags: committed change → new body served',
      `p50 ${fmt(large.served.p50, 1)} / max ${fmt(large.served.max, 1)} ms (${fmt(large.served.pollsPerChange, 1)} GETs per change)`,
      '-',
      '-',
      '< 100 ms',
      large.served.max < 100 ? 'yes' : 'NO',
    ]);
    rows.push([
      '10,000 flags: client features body',
      `${fmt(large.bodyBytes / 1024)} KiB`,
      '-',
      '-',
      'report',
      'report',
    ]);
    rows.push([
      '10,000 flags: server RSS (VmRSS) idle / after load',
      `${fmt(large.rss)} / ${fmt(large.rssLoaded)} MB`,
      '-',
      '-',
      '< 300 MB',
      Math.max(large.rss, large.rssLoaded) < 300 ? 'yes' : 'NO',
    ]);
    for (const [label, r] of [
      ['10,000 flags: client features 200 (c16)', large.large200],
      ['10,000 flags: client features 304', large.large304],
    ]) {
      rows.push([
        label,
        `${fmt(r.measured.rps)} req/s (p50 ${fmt(r.measured.p50, 2)} / p99 ${fmt(r.measured.p99, 2)} ms)`,
        '-',
        '-',
        'report',
        'report',
      ]);
    }
  }
  rows.push(...(await crossInstanceRows({ createScratchDatabase, log, quick: QUICK, cleanups })));
  rows.push(...fanoutRows);
  printTable(rows);
  for (const note of notes) console.log(`note: ${note}`);
  printProfile();
}

/** With --profile: the server's heaviest functions by self time, and where the profile was kept. */
function printProfile() {
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

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  log(`failed: ${error.stack ?? error}${error.cause ? `\ncause: ${error.cause.stack ?? error.cause}` : ''}`);
  if (serverOutput) log(`server output (tail):\n${serverOutput().slice(-3000)}`);
} finally {
  await cleanup();
}
