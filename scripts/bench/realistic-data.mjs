// `--data=realistic` (issue 34): 200 flags shaped like a real project's rather than the bench set's
// rollouts and user lists. Deterministic (a function of the flag's index), seeded through the admin
// API of any Unleash-compatible server: every constraint operator, segments, strategy and legacy
// (environment) variants, dependent flags and a custom strategy. The frontend requests send a
// browser SDK's context (userId, appName and properties) so those constraints have values to read.
import { mapLimit } from './lib.mjs';

export const REALISTIC_FLAGS = 200;
const P = '/api/admin/projects/default/features';
export const CUSTOM_STRATEGY = 'bench-placement';
const COUNTRIES = ['NO', 'SE', 'DK', 'DE', 'US', 'GB', 'FR'];
const APPS = ['web', 'ios', 'android', 'other'];

export const realisticName = (i) => `real-flag-${String(i).padStart(5, '0')}`;

/** Five segments, one per common shape (audience list, apps, countries, versions, email domain). */
const SEGMENTS = [
  { contextName: 'userId', operator: 'IN', values: Array.from({ length: 50 }, (_, j) => `user-${j * 37}`) },
  { contextName: 'appName', operator: 'IN', values: ['web', 'ios'] },
  { contextName: 'country', operator: 'IN', values: ['NO', 'SE', 'DK'] },
  { contextName: 'appVersion', operator: 'SEMVER_GTE', value: '2.0.0', values: [] },
  { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'], caseInsensitive: true },
];

/** The k-th constraint of the data set: every operator in turn, on the fields a browser sends. */
function constraintAt(k) {
  const n = k % 19;
  const single = (contextName, operator, value, extra = {}) => ({
    contextName,
    operator,
    value,
    values: [],
    ...extra,
  });
  switch (n) {
    case 0:
      return { contextName: 'appName', operator: 'IN', values: APPS.slice(0, 1 + (k % 3)) };
    case 1:
      return {
        contextName: 'userId',
        operator: 'NOT_IN',
        values: Array.from({ length: 10 }, (_, j) => `user-${k * 10 + j}`),
      };
    case 2:
      return { contextName: 'country', operator: 'IN', values: COUNTRIES.slice(k % 4, (k % 4) + 3) };
    case 3:
      return {
        contextName: 'email',
        operator: 'STR_ENDS_WITH',
        values: ['@example.com', '@corp.io'],
        caseInsensitive: k % 2 === 0,
      };
    case 4:
      return { contextName: 'userId', operator: 'STR_STARTS_WITH', values: ['user-1', 'user-2'] };
    case 5:
      return {
        contextName: 'email',
        operator: 'STR_CONTAINS',
        values: ['+beta', 'qa'],
        caseInsensitive: true,
        inverted: k % 3 === 0,
      };
    case 6:
      return single('buildNumber', 'NUM_GT', String(100 + (k % 400)));
    case 7:
      return single('buildNumber', 'NUM_LTE', String(300 + (k % 400)));
    case 8:
      return single('buildNumber', 'NUM_EQ', String(k % 500));
    case 9:
      return single('buildNumber', 'NUM_GTE', '50');
    case 10:
      return single('buildNumber', 'NUM_LT', '450');
    case 11:
      return single('currentTime', 'DATE_AFTER', '2024-01-01T00:00:00.000Z');
    case 12:
      return single('currentTime', 'DATE_BEFORE', '2030-06-01T00:00:00.000Z');
    case 13:
      return single('appVersion', 'SEMVER_GTE', `1.${k % 10}.0`);
    case 14:
      return single('appVersion', 'SEMVER_LT', `3.${k % 5}.0`);
    case 15:
      return single('appVersion', 'SEMVER_EQ', '2.1.0');
    case 16:
      return single('appVersion', 'SEMVER_GT', '1.5.3');
    case 17:
      return single('appVersion', 'SEMVER_LTE', '2.9.9');
    default:
      return single('email', 'REGEX', '^user-[0-9]*7@', { caseInsensitive: k % 2 === 0 });
  }
}

const variantList = (i, names, stickiness = 'default') =>
  names.map((name, j) => ({
    name,
    weight: j === 0 && names.length > 2 ? 200 : 0,
    weightType: j === 0 && names.length > 2 ? 'fix' : 'variable',
    stickiness,
    payload: { type: 'json', value: JSON.stringify({ flag: i, variant: name }) },
  }));

/** Strategies per flag cycle 1, 2, 3, 2 (about 400 in all); constraints cycle 0, 1, 1, 2, 1, 0, 2, 1 per strategy. */
function strategiesOf(i, segmentIds, counter) {
  const out = [];
  const count = [1, 2, 3, 2][i % 4];
  for (let s = 0; s < count; s++) {
    const constraints = [];
    for (let c = 0; c < [0, 1, 1, 2, 1, 0, 2, 1][(i + s) % 8]; c++)
      constraints.push(constraintAt(counter.next++));
    const segments =
      (i * 3 + s) % 15 === 0 || (i + s) % 11 === 0 ? [segmentIds[(i + s) % segmentIds.length]] : [];
    const variants = i % 8 === 1 && s === 0 ? variantList(i, ['control', 'treatment-a', 'treatment-b']) : [];
    const kind = (i * 3 + s) % 10;
    const groupId = realisticName(i);
    let strategy;
    if (i % 25 === 7 && s === 0) strategy = { name: CUSTOM_STRATEGY, parameters: { placement: 'header' } };
    else if (kind === 5) strategy = { name: 'default', parameters: {} };
    else if (kind === 6) {
      // Unleash 5+ has no userWithId strategy: a list of users is a default strategy with a userId IN
      // constraint, which is what Unleash's own migration made of them (so the compare server takes it).
      const users = Array.from({ length: 8 }, (_, j) => `user-${i * 8 + j}`);
      strategy = { name: 'default', parameters: {} };
      constraints.push({ contextName: 'userId', operator: 'IN', values: users });
    } else if (kind === 7)
      strategy = { name: 'remoteAddress', parameters: { IPs: '10.0.0.0/8, 192.168.1.1, 127.0.0.1' } };
    else if (kind === 8) strategy = { name: 'applicationHostname', parameters: { hostNames: 'web-1,web-2' } };
    else {
      const stickiness = ['default', 'default', 'userId', 'sessionId', 'default'][kind % 5];
      strategy = {
        name: 'flexibleRollout',
        parameters: { rollout: String(5 + ((i * 7 + s * 13) % 96)), stickiness, groupId },
      };
    }
    out.push({ ...strategy, constraints, segments, variants });
  }
  return out;
}

/** Flags 190..199 depend on flags 0..9 (which have no parents themselves). */
const dependencyOf = (i) =>
  i >= REALISTIC_FLAGS - 10
    ? { feature: realisticName(i - (REALISTIC_FLAGS - 10)), enabled: i % 4 !== 0 }
    : null;

/** Seeds the realistic set (call: (method, path, body) => json), `concurrency` flags at a time. */
export async function seedRealistic(call, concurrency) {
  const existing = await call('GET', '/api/admin/strategies');
  if (!existing.strategies.some((strategy) => strategy.name === CUSTOM_STRATEGY)) {
    await call('POST', '/api/admin/strategies', {
      name: CUSTOM_STRATEGY,
      description: 'a custom strategy only a server-side SDK implements',
      parameters: [{ name: 'placement', type: 'string', description: 'where', required: false }],
    });
  }
  const fields = new Set((await call('GET', '/api/admin/context')).map((field) => field.name));
  for (const name of ['country', 'appVersion', 'email', 'buildNumber']) {
    if (!fields.has(name)) await call('POST', '/api/admin/context', { name, description: `bench: ${name}` });
  }
  const segmentIds = [];
  for (const [k, constraint] of SEGMENTS.entries()) {
    const segment = await call('POST', '/api/admin/segments', {
      name: `real-segment-${k}`,
      constraints: [constraint],
    });
    segmentIds.push(segment.id);
  }
  const counter = { next: 0 };
  const plans = Array.from({ length: REALISTIC_FLAGS }, (_, i) => ({
    i,
    strategies: strategiesOf(i, segmentIds, counter),
  }));
  // Parents first, so dependencies find them.
  for (const batch of [plans.slice(0, REALISTIC_FLAGS - 10), plans.slice(REALISTIC_FLAGS - 10)]) {
    await mapLimit(batch, concurrency, async ({ i, strategies }) => {
      const name = realisticName(i);
      await call('POST', P, { name, description: `realistic flag ${i}`, impressionData: i % 9 === 0 });
      for (const strategy of strategies)
        await call('POST', `${P}/${name}/environments/development/strategies`, strategy);
      if (i % 7 === 3 && i % 8 !== 1) {
        await call(
          'PUT',
          `${P}/${name}/environments/development/variants`,
          variantList(i, ['blue', 'green'], i % 2 ? 'userId' : 'default'),
        );
      }
      const dependency = dependencyOf(i);
      if (dependency)
        await call('POST', `/api/admin/projects/default/features/${name}/dependencies`, dependency);
      if (i % 13 !== 12) await call('POST', `${P}/${name}/environments/development/on`);
    });
  }
  const strategies = plans.reduce((sum, plan) => sum + plan.strategies.length, 0);
  const constraints = plans.reduce(
    (sum, plan) => sum + plan.strategies.reduce((n, s) => n + s.constraints.length, 0),
    0,
  );
  return { segmentIds, strategies, constraints };
}

/** wrk's request(): a browser SDK's context, a random user each time. */
export const realisticFrontendLua = `
local apps = {"web", "ios", "android", "other"}
local countries = {"NO", "SE", "DK", "DE", "US", "GB", "FR"}
local domains = {"example.com", "corp.io", "gmail.com"}
local n = 0
request = function()
  n = n + 1
  local u = math.random(1, 100000)
  return wrk.format("GET", "/api/frontend?userId=user-" .. u .. "&appName=" .. apps[(n % 4) + 1] ..
    "&properties[country]=" .. countries[(u % 7) + 1] .. "&properties[appVersion]=" .. (u % 4) .. "." .. (u % 10) .. ".0" ..
    "&properties[email]=user-" .. u .. "%40" .. domains[(u % 3) + 1] .. "&properties[buildNumber]=" .. (u % 600))
end
`;
