// `--large`: grows the flag set to 10,000 and measures change visibility, body size, memory and
// the client features path at that size.
import {
  CLIENT,
  fetchRaw,
  fmt,
  getRaw,
  LARGE,
  luaFile,
  luaString,
  measurePair,
  P,
  QUICK,
  seedFlags,
} from './harness.mjs';
import { percentile, rssMb, sleep } from './lib.mjs';

/** Time from a committed change to the first GET that serves the new body, per trial. */
async function changeToServed(base, change, trials) {
  const times = [];
  let polls = 0;
  for (let i = 0; i < trials; i++) {
    const before = (await fetchRaw(`${base}/api/client/features`, { authorization: CLIENT })).headers.get(
      'etag',
    );
    await change(i);
    const committed = performance.now();
    for (;;) {
      polls++;
      const response = await fetchRaw(`${base}/api/client/features`, { authorization: CLIENT });
      if (response.headers.get('etag') !== before) break;
      if (performance.now() - committed > 10_000) throw new Error('change not served within 10 s');
    }
    times.push(performance.now() - committed);
  }
  return { p50: percentile(times, 50), max: Math.max(...times), pollsPerChange: polls / trials };
}

/**
 * The changes issue 21 names at 10,000 flags: a flag toggled, a new flag, a segment (used by
 * flags) edited, an environment edited and an environment added to or removed from a project.
 */
function changeKinds(call, segmentIds) {
  const flag = 'bench-flag-00001';
  const run = `${Date.now().toString(36)}`;
  return [
    {
      label: 'flag toggled',
      change: (i) => call('POST', `${P}/${flag}/environments/development/${i % 2 === 0 ? 'off' : 'on'}`),
      after: () => call('POST', `${P}/${flag}/environments/development/on`),
    },
    {
      label: 'new flag',
      change: (i) =>
        call('POST', P, { name: `bench-new-${run}-${i}`, description: 'created while measured' }),
    },
    {
      label: 'segment edited',
      change: (i) =>
        call('PUT', `/api/admin/segments/${segmentIds[0]}`, {
          name: 'bench-segment-0',
          constraints: [
            {
              contextName: 'userId',
              operator: 'IN',
              values: [`user-${i}`, ...Array.from({ length: 19 }, (_, j) => `user-${j + 100}`)],
            },
          ],
        }),
    },
    {
      label: 'environment edited',
      change: (i) =>
        call('PUT', '/api/admin/environments/update/development', {
          type: i % 2 === 0 ? 'test' : 'development',
        }),
      after: () => call('PUT', '/api/admin/environments/update/development', { type: 'development' }),
    },
    {
      label: 'project environment added/removed',
      async before() {
        await call('POST', '/api/admin/projects', { id: `bench-env-${run}`, name: `bench env ${run}` });
        for (let k = 0; k < 5; k++) {
          await call('POST', `/api/admin/projects/bench-env-${run}/features`, {
            name: `bench-env-${run}-${k}`,
          });
        }
      },
      change: (i) =>
        i % 2 === 0
          ? call('DELETE', `/api/admin/projects/bench-env-${run}/environments/development`)
          : call('POST', `/api/admin/projects/bench-env-${run}/environments`, { environment: 'development' }),
    },
  ];
}

export const largeScenario = {
  name: 'large',
  enabled: () => LARGE,
  async run({ server, pid, call, segmentIds, log }) {
    log('seeding to 10,000 flags');
    const t = performance.now();
    await seedFlags(call, 200, 10_000, segmentIds, 32);
    const seedSeconds = (performance.now() - t) / 1000;
    const body = await fetchRaw(`${server.url}/api/client/features`, { authorization: CLIENT });
    const trials = QUICK ? 4 : 10;
    const changes = [];
    for (const kind of changeKinds(call, segmentIds)) {
      await kind.before?.();
      changes.push({ label: kind.label, ...(await changeToServed(server.url, kind.change, trials)) });
      await kind.after?.();
    }
    const slowest = Math.max(...changes.map((change) => change.max));
    const rss = rssMb(pid);
    // The toggles above moved the revision on: take the current ETag for the 304 run.
    const etagLarge = (
      await fetchRaw(`${server.url}/api/client/features`, { authorization: CLIENT })
    ).headers.get('etag');
    // An SDK's Accept-Encoding: gzip; asked until the variant is built, so wrk measures it.
    const gzipHeaders = { authorization: CLIENT, 'accept-encoding': 'gzip' };
    for (let i = 0; i < 100; i++) {
      const raw = await getRaw(`${server.url}/api/client/features`, gzipHeaders);
      if (raw.headers['content-encoding'] === 'gzip') break;
      await sleep(50);
    }
    const authLua = luaFile(
      'auth-large.lua',
      `wrk.headers["Authorization"] = ${luaString(CLIENT)}\nwrk.headers["Accept-Encoding"] = "gzip"\n`,
    );
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
    const rssLoaded = rssMb(pid);
    const rows = [
      [
        '10,000 flags: seeding via admin API (32 in flight)',
        `${fmt(seedSeconds, 1)} s`,
        '-',
        '-',
        'report',
        'report',
      ],
      ...changes.map((change) => [
        `10,000 flags: ${change.label} → new body served`,
        `p50 ${fmt(change.p50, 1)} / max ${fmt(change.max, 1)} ms (${fmt(change.pollsPerChange, 1)} GETs per change)`,
        '-',
        '-',
        '< 100 ms',
        change.max < 100 ? 'yes' : 'NO',
      ]),
      [
        '10,000 flags: client features body',
        `${fmt(body.body.length / 1024)} KiB`,
        '-',
        '-',
        'report',
        'report',
      ],
      [
        '10,000 flags: server RSS (VmRSS) idle / after load',
        `${fmt(rss)} / ${fmt(rssLoaded)} MB`,
        '-',
        '-',
        '< 300 MB',
        Math.max(rss, rssLoaded) < 300 ? 'yes' : 'NO',
      ],
    ];
    for (const [label, r] of [
      ['10,000 flags: client features 200 (c16)', large200],
      ['10,000 flags: client features 304', large304],
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
    const targets = [
      [
        '10,000 flags: change → new body served',
        `slowest max ${fmt(slowest, 1)} ms (${changes.map((change) => `${change.label} p50 ${fmt(change.p50, 1)}`).join('; ')})`,
        '-',
        '-',
        '< 100 ms',
        slowest < 100 ? 'yes' : 'NO',
      ],
      [
        '10,000 flags: client 200, 16 connections',
        `p99 ${fmt(large200.measured.p99, 1)} ms (${fmt(large200.measured.rps)} req/s)`,
        '-',
        '-',
        'p99 < 100 ms',
        large200.measured.p99 < 100 ? 'yes' : 'NO',
      ],
    ];
    return { rows, targets };
  },
};
