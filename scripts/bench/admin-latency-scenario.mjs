// Sequential admin API latencies (create flag, add strategy, toggle on), and whether the very next
// client request after a committed change sees the new ETag.
import { CLIENT, fetchRaw, fmt, P, QUICK } from './harness.mjs';
import { percentile } from './lib.mjs';

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

export const adminLatencyScenario = {
  name: 'admin',
  async run({ server, call, log }) {
    log('admin API latencies');
    const admin = await adminLatencies(call, QUICK ? 20 : 50);
    const seen = await visibility(server.url, call, QUICK ? 5 : 20);
    const rows = [];
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
    return { rows };
  },
};
