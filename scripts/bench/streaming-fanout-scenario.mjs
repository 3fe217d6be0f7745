// Issue 17: streaming fan-out. Opens N (default 10,000) concurrent GET /api/client/streaming
// connections to one server process over raw TCP sockets (an SSE stream each, as the SDKs and Edge
// hold them), reports the server's memory per connection (VmRSS and V8 heap delta / connections),
// then toggles a flag through the admin API and times, per connection, the arrival of
// `event: unleash-updated` from just before the toggle request was sent (p50/p99/max, target
// p99 < 200 ms). The streams use a client token of a one-flag project, so the numbers are those of
// the fan-out machinery rather than of copying a large hydration 10,000 times.
import { connect } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { mapLimit, percentile, rssMb, sleep } from './lib.mjs';

const PROJECT = 'bench-fanout';
const FLAG = 'bench-fanout-flag';
const CONNECTED = 'event: unleash-connected';
const UPDATED = 'event: unleash-updated';
/** Client threads sharing the streams (see runWorker). */
const WORKERS = Number(process.env.FANOUT_CLIENT_THREADS ?? 2);

/** One sample from the server's Prometheus endpoint (NaN when not readable). */
async function scrape(base, adminToken, pattern) {
  try {
    const response = await fetch(`${base}/internal-backstage/prometheus`, {
      headers: { authorization: adminToken },
    });
    const match = (await response.text()).match(pattern);
    return match ? Number(match[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const heapUsedMb = async (base, adminToken) =>
  (await scrape(base, adminToken, /^nodejs_heap_size_used_bytes (\S+)$/m)) / 1024 / 1024;
/** The server's own time for the last change: from its pass's start to the last stream written. */
const serverFanoutMs = (base, adminToken) =>
  scrape(base, adminToken, /^switchyard_sdk_streaming\{kind="last_fanout_ms"\} (\S+)$/m);

/** One SSE stream over a raw socket; records when `unleash-connected` and `unleash-updated` arrive. */
function openStream(url, token) {
  return new Promise((resolve, reject) => {
    const stream = { socket: null, connected: false, updatedAt: null, tail: '', closed: false };
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    stream.socket = socket;
    socket.setNoDelay(true);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no unleash-connected within 30 s'));
    }, 30_000);
    socket.once('error', (error) => {
      clearTimeout(timer);
      stream.closed = true;
      reject(error);
    });
    socket.once('close', () => {
      stream.closed = true;
    });
    socket.on('data', (chunk) => {
      // Keep the end of the previous chunk: an event name may be split between two reads.
      const text = stream.tail + chunk.toString('latin1');
      stream.tail = text.slice(-32);
      if (!stream.connected) {
        if (text.startsWith('HTTP/1.1') && !text.startsWith('HTTP/1.1 200')) {
          clearTimeout(timer);
          socket.destroy();
          reject(new Error(`refused: ${text.split('\r\n')[0]}`));
          return;
        }
        if (text.includes(CONNECTED)) {
          stream.connected = true;
          clearTimeout(timer);
          resolve(stream);
        }
        return;
      }
      // Wall-clock milliseconds: comparable across the worker threads and the main thread.
      if (stream.updatedAt === null && text.includes(UPDATED))
        stream.updatedAt = performance.timeOrigin + performance.now();
    });
    socket.write(
      `GET /api/client/streaming HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${token}\r\n` +
        'Unleash-Client-Spec: 5.2.0\r\nUnleash-AppName: bench-fanout\r\nAccept: text/event-stream\r\n\r\n',
    );
  });
}

/**
 * A worker thread holding a share of the streams: one event loop reading 10,000 sockets would
 * itself take hundreds of milliseconds to notice the last event, and that is the client's time,
 * not the server's. Answers the main thread's commands: open, reset, collect, close.
 */
function runWorker() {
  let streams = [];
  parentPort.on('message', async (command) => {
    if (command.type === 'open') {
      const url = new URL(command.base);
      let refused = null;
      await mapLimit(
        Array.from({ length: command.count }, (_, i) => i),
        64,
        async () => {
          if (refused) return;
          try {
            streams.push(await openStream(url, command.token));
          } catch (error) {
            refused ??= error.message;
          }
        },
      );
      parentPort.postMessage({ open: streams.length, refused });
    } else if (command.type === 'reset') {
      for (const stream of streams) stream.updatedAt = null;
      parentPort.postMessage({});
    } else if (command.type === 'collect') {
      const deadline = Date.now() + command.timeoutMs;
      while (Date.now() < deadline && streams.some((s) => s.updatedAt === null && !s.closed)) await sleep(5);
      parentPort.postMessage({
        times: streams.filter((s) => s.updatedAt !== null).map((s) => s.updatedAt),
        missed: streams.filter((s) => s.updatedAt === null).length,
        open: streams.filter((s) => !s.closed).length,
      });
    } else if (command.type === 'close') {
      for (const stream of streams) stream.socket.destroy();
      streams = [];
      parentPort.postMessage({});
    }
  });
}

if (!isMainThread && workerData?.role === 'fanout-client') runWorker();

/** Sends a command to every worker and waits for all answers. */
function broadcast(workers, command) {
  return Promise.all(
    workers.map(
      (worker, index) =>
        new Promise((resolve, reject) => {
          // Each broadcast's listeners go away with its answer (they piled up across changes).
          const onMessage = (message) => {
            worker.off('error', onError);
            resolve(message);
          };
          const onError = (error) => {
            worker.off('message', onMessage);
            reject(error);
          };
          worker.once('message', onMessage);
          worker.once('error', onError);
          worker.postMessage(typeof command === 'function' ? command(index) : command);
        }),
    ),
  );
}

/**
 * Measures fan-out against a running server: `call(method, path, body)` is the admin API caller,
 * `pid` the server's process id. Returns table rows [label, measured, ref, ratio, target, met].
 */
export async function measureStreamingFanout({
  base,
  call,
  pid,
  adminToken,
  connections = 10_000,
  trials = 5,
  log,
}) {
  await call('POST', '/api/admin/projects', { id: PROJECT, name: PROJECT });
  await call('POST', `/api/admin/projects/${PROJECT}/features`, { name: FLAG });
  await call('POST', `/api/admin/projects/${PROJECT}/features/${FLAG}/environments/development/strategies`, {
    name: 'default',
  });
  const created = await call('POST', '/api/admin/api-tokens', {
    tokenName: 'bench-fanout',
    type: 'client',
    environment: 'development',
    projects: [PROJECT],
  });
  const token = created.secret;

  await sleep(500);
  const rssBefore = rssMb(pid);
  const heapBefore = await heapUsedMb(base, adminToken);
  log(`streaming fan-out: opening ${connections} streams from ${WORKERS} client threads`);
  const workers = Array.from(
    { length: WORKERS },
    () => new Worker(new URL(import.meta.url), { workerData: { role: 'fanout-client' } }),
  );
  const openedAt = performance.now();
  const opened = await broadcast(workers, (index) => ({
    type: 'open',
    base,
    token,
    count: Math.floor(connections / WORKERS) + (index < connections % WORKERS ? 1 : 0),
  }));
  const openSeconds = (performance.now() - openedAt) / 1000;
  const open = opened.reduce((sum, answer) => sum + answer.open, 0);
  const refused = opened.find((answer) => answer.refused)?.refused ?? null;
  if (refused) log(`streaming fan-out: ${open} streams open; stopped at: ${refused}`);
  await sleep(2000);
  const rssOpen = rssMb(pid);
  const heapOpen = await heapUsedMb(base, adminToken);

  const latencies = [];
  const afterAnswer = [];
  const serverSide = [];
  let missed = 0;
  let stillOpen = open;
  for (let trial = 0; trial < trials; trial++) {
    await broadcast(workers, { type: 'reset' });
    const sentAt = performance.timeOrigin + performance.now();
    // New flags start disabled: the first change switches it on, so every trial is a real change.
    const toggle = trial % 2 === 0 ? 'on' : 'off';
    await call('POST', `/api/admin/projects/${PROJECT}/features/${FLAG}/environments/development/${toggle}`);
    const answeredAt = performance.timeOrigin + performance.now();
    const collected = await broadcast(workers, { type: 'collect', timeoutMs: 10_000 });
    const trialTimes = collected.flatMap((answer) => answer.times.map((at) => at - sentAt));
    serverSide.push(await serverFanoutMs(base, adminToken));
    log(
      `streaming fan-out: change ${trial + 1}: p50 ${percentile(trialTimes, 50)?.toFixed(1)} p99 ${percentile(trialTimes, 99)?.toFixed(1)} ms ` +
        `(answer after ${(answeredAt - sentAt).toFixed(1)} ms, server fan-out ${serverSide.at(-1)?.toFixed(1)} ms)`,
    );
    stillOpen = 0;
    for (const answer of collected) {
      missed += answer.missed;
      stillOpen += answer.open;
      for (const at of answer.times) {
        latencies.push(at - sentAt);
        afterAnswer.push(at - answeredAt);
      }
    }
    await sleep(300);
  }
  await broadcast(workers, { type: 'close' });
  await Promise.all(workers.map((worker) => worker.terminate()));
  await sleep(1500);
  const rssClosed = rssMb(pid);

  const perConnRss = ((rssOpen - rssBefore) * 1024 * 1024) / Math.max(1, open);
  const perConnHeap = ((heapOpen - heapBefore) * 1024 * 1024) / Math.max(1, open);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const max = Math.max(...latencies);
  const answerP50 = percentile(afterAnswer, 50);
  const answerP99 = percentile(afterAnswer, 99);
  const fmt = (n, digits = 0) =>
    Number.isFinite(n)
      ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
      : 'n/a';
  log(
    `streaming fan-out: ${open} open in ${fmt(openSeconds, 1)} s; RSS ${fmt(rssBefore)} → ${fmt(rssOpen)} → ${fmt(rssClosed)} MB after close; ` +
      `heap ${fmt(heapBefore)} → ${fmt(heapOpen)} MB; update p50 ${fmt(p50, 1)} p99 ${fmt(p99, 1)} max ${fmt(max, 1)} ms, missed ${missed}`,
  );
  return [
    [
      `streaming: concurrent streams held (asked ${fmt(connections)})`,
      `${fmt(open)} (opened in ${fmt(openSeconds, 1)} s, ${fmt(stillOpen)} still open after the changes)${refused ? `; stopped: ${refused}` : ''}`,
      '-',
      '-',
      '10,000',
      open >= 10_000 && stillOpen === open ? 'yes' : 'NO',
    ],
    [
      'streaming: server memory per stream (VmRSS / V8 heap delta)',
      `${fmt(perConnRss)} B / ${fmt(perConnHeap)} B (RSS ${fmt(rssBefore)} → ${fmt(rssOpen)} MB, ${fmt(rssClosed)} MB after close)`,
      '-',
      '-',
      'report',
      'report',
    ],
    [
      `streaming: toggle → unleash-updated on every stream (${trials} changes × ${fmt(open)})`,
      `p50 ${fmt(p50, 1)} / p99 ${fmt(p99, 1)} / max ${fmt(max, 1)} ms from the toggle request (p50 ${fmt(answerP50, 1)} / p99 ${fmt(answerP99, 1)} ms after its answer), ${fmt(missed)} missed`,
      '-',
      '-',
      'p99 < 200 ms',
      p99 < 200 && missed === 0 ? 'yes' : 'NO',
    ],
    [
      'streaming: server fan-out per change (pass start → last stream written)',
      `median ${fmt(percentile(serverSide, 50), 1)} / max ${fmt(Math.max(...serverSide), 1)} ms for ${fmt(open)} streams`,
      '-',
      '-',
      'report',
      'report',
    ],
  ];
}

/** Issue 17: streaming fan-out against the measured server. */
export const streamingFanoutScenario = {
  name: 'streaming-fanout',
  async run({ server, call, pid, log }) {
    // Imported here, not at the top: this file is also each load worker's entry, and the harness
    // makes a scratch folder when loaded.
    const { ADMIN, QUICK } = await import('./harness.mjs');
    const rows = await measureStreamingFanout({
      base: server.url,
      call,
      pid,
      adminToken: ADMIN,
      trials: QUICK ? 2 : 5,
      log,
    });
    return { rows };
  },
};
