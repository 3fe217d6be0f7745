// Helpers for the benchmark harness: processes, wrk, statistics, /proc readings.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns a child and resolves once a stdout line matches `pattern` (with the match). */
export function spawnWaitingFor(command, args, options, pattern, timeoutMs = 60_000) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timeout waiting for ${pattern}:\n${output}`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code ?? signal}) before ready:\n${output.slice(-4000)}`));
    });
  });
  ready.catch(() => {});
  return { child, ready, output: () => output };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the child has exited. */
export function stopChild(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** utime + stime of a process in seconds (from /proc/<pid>/stat). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

export function rssMb(pid) {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function toMs(value, unit) {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n;
}

/** Runs wrk and parses req/s, p50/p99 (ms), request count and non-2xx/3xx count. */
export function runWrk({ url, script, seconds, threads = 2, connections = 32, cpu = null }) {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '5s'];
  if (script) args.push('-s', script);
  args.push(url);
  return new Promise((resolve, reject) => {
    const pinned = onCpu(cpu, '/usr/bin/wrk', args);
    const child = spawn(pinned.command, pinned.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const rps = out.match(/Requests\/sec:\s+([\d.]+)/);
      const p50 = out.match(/^\s+50%\s+([\d.]+)(us|ms|s|m)/m);
      const p99 = out.match(/^\s+99%\s+([\d.]+)(us|ms|s|m)/m);
      const total = out.match(/(\d+) requests in/);
      const bad = out.match(/Non-2xx or 3xx responses: (\d+)/);
      const errors = out.match(/Socket errors: (.*)/);
      if (code !== 0 || !rps) {
        reject(new Error(`wrk failed (${code}):\n${out}`));
        return;
      }
      resolve({
        rps: Number(rps[1]),
        p50: p50 ? toMs(p50[1], p50[2]) : Number.NaN,
        p99: p99 ? toMs(p99[1], p99[2]) : Number.NaN,
        requests: total ? Number(total[1]) : 0,
        non2xx: bad ? Number(bad[1]) : 0,
        socketErrors: errors ? errors[1] : null,
      });
    });
  });
}

/** Maps over items with at most `limit` promises in flight. */
export async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The command line that runs `command` on one CPU (taskset), so the server and the load generator
 * do not steal each other's core; unchanged when taskset is missing or there is one core.
 */
export function onCpu(cpu, command, args) {
  if (cpu === null || !existsSync('/usr/bin/taskset')) return { command, args };
  return { command: '/usr/bin/taskset', args: ['-c', String(cpu), command, ...args] };
}

/**
 * Self time per function of a V8 .cpuprofile, heaviest first: what `--profile` prints. Functions
 * are keyed by name and location; `(program)`/`(idle)`/`(garbage collector)` are kept as V8 names them.
 */
export function profileSummary(profilePath, top = 25, groupBy = 'function', windows = null) {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8'));
  const interval =
    profile.timeDeltas.length > 0
      ? (profile.endTime - profile.startTime) / profile.timeDeltas.length / 1000
      : 0;
  // Samples per node, only those inside `windows` (monotonic µs, the clock V8 stamps samples
  // with; process.hrtime reads the same clock) when given: the load phases, not the seeding.
  const hits = new Map();
  let at = profile.startTime;
  for (let k = 0; k < profile.samples.length; k++) {
    at += profile.timeDeltas[k] ?? 0;
    if (windows && !windows.some(([from, to]) => at >= from && at <= to)) continue;
    hits.set(profile.samples[k], (hits.get(profile.samples[k]) ?? 0) + 1);
  }
  const byFunction = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const count = hits.get(node.id);
    if (!count) continue;
    const frame = node.callFrame;
    const where = frame.url
      ? `${frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${frame.lineNumber + 1}`
      : '';
    const key =
      groupBy === 'package'
        ? packageOf(frame.url) || frame.functionName
        : `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + count);
    if (frame.functionName !== '(idle)') total += count;
  }
  return [...byFunction.entries()]
    .filter(([key]) => !key.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, count]) => ({ key, ms: count * interval, share: count / total }));
}

/** Now on the monotonic clock in µs, comparable with V8 profile timestamps of other processes. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** `fastify`, `@fastify/x`, `node:internal` or `switchyard` for a profile frame's script URL. */
function packageOf(url) {
  if (!url) return '';
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (url.startsWith('node:')) return 'node (runtime)';
  if (url.includes('/dist/server/')) return 'switchyard (bundled, incl. bundled deps)';
  return url;
}
