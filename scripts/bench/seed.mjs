// Seeding a benchmark instance through the admin API: segments, then flags with one to three
// strategies each (constraints, segments, variants), switched on in development. Shared by the
// scenarios through harness.mjs.
import { mapLimit } from './lib.mjs';

export const P = '/api/admin/projects/default/features';

export function strategiesFor(i, segmentIds) {
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

export async function seedSegments(call, count) {
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

export async function seedFlags(call, from, to, segmentIds, concurrency) {
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
