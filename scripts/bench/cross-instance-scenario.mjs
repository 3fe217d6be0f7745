// Issue 17: several instances on one PostgreSQL. Starts three instances and HAProxy on a scratch
// database (scripts/lb/cluster.mjs), toggles a flag through instance A's admin API and times, from
// A's acknowledgement, until instance B's client API serves the new state, and until a streaming
// connection to B (and one through HAProxy) receives it. Changes reach B through LISTEN/NOTIFY.
// The clock starts at the first evidence of the commit: A's answer, or the notification a LISTEN
// connection of the benchmark itself receives, whichever comes first.
import pg from 'pg';
import { startCluster } from '../lb/cluster.mjs';
import { cleanups, createScratchDatabase, QUICK } from './harness.mjs';
import { percentile } from './lib.mjs';

const ADMIN = '*:*.bench-cross-admin-token-0123456789abcdef';
const CLIENT = '*:development.bench-cross-client-token-0123456789abcdef';
const FLAG = 'cross-instance-flag';
const P = '/api/admin/projects/default/features';

async function adminCall(base, method, path, body) {
  const response = await fetch(base + path, {
    method,
    headers: { authorization: ADMIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
}

/** The flag's state as `base` serves it to the client token. */
async function servedState(base) {
  const response = await fetch(`${base}/api/client/features`, { headers: { authorization: CLIENT } });
  const body = await response.json();
  return body.features.find((flag) => flag.name === FLAG)?.enabled;
}

/** A Server-Sent Events connection that remembers when the flag last changed state. */
async function openStream(base) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/client/streaming`, {
    headers: { authorization: CLIENT, 'unleash-client-spec': '5.2.0' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`streaming from ${base}: ${response.status}`);
  const stream = { state: undefined, changedAt: 0, waiters: [] };
  const apply = (data) => {
    for (const event of JSON.parse(data).events ?? []) {
      const flag = event.type === 'hydration' ? event.features?.find((f) => f.name === FLAG) : event.feature;
      if (flag?.name !== FLAG || flag.enabled === stream.state) continue;
      stream.state = flag.enabled;
      stream.changedAt = performance.now();
      for (const waiter of stream.waiters.splice(0)) waiter();
    }
  };
  (async () => {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data && data !== 'data: disconnected') apply(data.slice('data: '.length));
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch(() => {});
  return {
    /** Resolves with the time the stream saw `state` (at once when it already holds it). */
    until(state, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`stream from ${base}: no change in ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = () => {
          if (stream.state !== state) {
            stream.waiters.push(check);
            return;
          }
          clearTimeout(timer);
          resolve(stream.changedAt);
        };
        check();
      });
    },
    close: () => controller.abort(),
  };
}

const stats = (list) => ({ p50: percentile(list, 50), p99: percentile(list, 99), max: Math.max(...list) });
const ms = (n) => n.toFixed(1);

/**
 * Runs the scenario and answers benchmark table rows:
 * [scenario, measured, reference, ratio, target, met?]. `cleanups`: the runner's list of what to
 * stop when it is interrupted.
 */
export async function crossInstanceRows({ createScratchDatabase, log, quick, cleanups = [] }) {
  const changes = quick ? 50 : 200;
  log(`cross-instance propagation: 3 instances + HAProxy, ${changes} changes`);
  const databaseUrl = await createScratchDatabase();
  const cluster = await startCluster({
    databaseUrl,
    instances: 3,
    env: { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT },
    log,
  });
  // Also stopped by the runner's cleanup when the benchmark is interrupted (stop() is idempotent).
  cleanups.push(cluster.stop);
  const streams = [];
  try {
    const [a, b] = cluster.servers.map((server) => server.url);
    await adminCall(a, 'POST', P, { name: FLAG });
    await adminCall(a, 'POST', `${P}/${FLAG}/environments/development/strategies`, { name: 'default' });
    const direct = await openStream(b);
    const balanced = await openStream(cluster.url);
    streams.push(direct, balanced);
    await direct.until(false);
    await balanced.until(false);

    // The benchmark's own LISTEN connection: when PostgreSQL delivered the commit's notification.
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    streams.push({ close: () => listener.end().catch(() => {}) });
    let notifiedAt = Number.POSITIVE_INFINITY;
    listener.on('notification', () => {
      notifiedAt = Math.min(notifiedAt, performance.now());
    });
    await listener.query('LISTEN switchyard_changes');

    const polled = [];
    const streamed = [];
    const viaLb = [];
    let polls = 0;
    for (let i = 0; i < changes; i++) {
      const on = i % 2 === 0;
      notifiedAt = Number.POSITIVE_INFINITY;
      await adminCall(a, 'POST', `${P}/${FLAG}/environments/development/${on ? 'on' : 'off'}`);
      const acknowledged = Math.min(performance.now(), notifiedAt);
      const streamedAt = direct.until(on);
      const balancedAt = balanced.until(on);
      for (;;) {
        polls++;
        if ((await servedState(b)) === on) break;
        if (performance.now() - acknowledged > 10_000) throw new Error(`change ${i} not served by B in 10 s`);
      }
      polled.push(performance.now() - acknowledged);
      // A stream may see the change before the benchmark hears of it: that is no delay at all.
      streamed.push(Math.max(0, (await streamedAt) - acknowledged));
      viaLb.push(Math.max(0, (await balancedAt) - acknowledged));
    }
    const p = stats(polled);
    const s = stats(streamed);
    const l = stats(viaLb);
    log(
      `cross-instance: client API p50 ${ms(p.p50)} / p99 ${ms(p.p99)} ms, stream p50 ${ms(s.p50)} / p99 ${ms(s.p99)} ms`,
    );
    return [
      [
        `change on instance A → B's client API serves it (${changes} changes, 3 instances)`,
        `p50 ${ms(p.p50)} / p99 ${ms(p.p99)} / max ${ms(p.max)} ms (${(polls / changes).toFixed(1)} GETs per change)`,
        '-',
        '-',
        'p99 < 100 ms',
        p.p99 < 100 ? 'yes' : 'NO',
      ],
      [
        'change on instance A → stream on B (unleash-updated)',
        `p50 ${ms(s.p50)} / p99 ${ms(s.p99)} / max ${ms(s.max)} ms`,
        '-',
        '-',
        'p99 < 100 ms',
        s.p99 < 100 ? 'yes' : 'NO',
      ],
      [
        'change on instance A → stream through HAProxy',
        `p50 ${ms(l.p50)} / p99 ${ms(l.p99)} / max ${ms(l.max)} ms`,
        '-',
        '-',
        'report',
        'report',
      ],
    ];
  } finally {
    for (const stream of streams) stream.close();
    await cluster.stop();
  }
}

/** Issue 17: runs on its own cluster (three instances and HAProxy), after the measured server stopped. */
export const crossInstanceScenario = {
  name: 'cross-instance',
  afterServer: true,
  async run({ log }) {
    return { rows: await crossInstanceRows({ createScratchDatabase, log, quick: QUICK, cleanups }) };
  },
};
