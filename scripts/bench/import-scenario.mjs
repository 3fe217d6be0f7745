// Issue 18: a 10,000-flag Unleash export file imported in one transaction. Builds the file (each
// flag with a constrained flexibleRollout strategy, a strategy variant pair, environment variants
// and a tag), creates an importing user (Unleash refuses admin tokens for imports), posts the file
// to POST /api/admin/features-batch/import and times it; a second import of the same file times
// the no-change path (everything compared, nothing written).
import { fmt, QUICK } from './harness.mjs';

export const IMPORT_FLAGS = 10_000;

export function importFile(count) {
  const names = Array.from({ length: count }, (_, i) => `bench-import-${String(i).padStart(5, '0')}`);
  return {
    features: names.map((name) => ({
      name,
      type: 'release',
      description: `imported ${name}`,
      project: 'x',
      stale: false,
      impressionData: false,
      archived: false,
    })),
    featureStrategies: names.map((name, i) => ({
      name: 'flexibleRollout',
      featureName: name,
      title: null,
      parameters: { rollout: String(i % 101), stickiness: 'default', groupId: name },
      constraints: [{ values: [`web-${i % 7}`], operator: 'IN', contextName: 'appName' }],
      variants: [
        { name: 'blue', weight: 500, weightType: 'variable', stickiness: 'default' },
        { name: 'green', weight: 500, weightType: 'variable', stickiness: 'default' },
      ],
      disabled: false,
      segments: [],
    })),
    featureEnvironments: names.map((name, i) => ({
      name,
      featureName: name,
      environment: 'x',
      enabled: i % 2 === 0,
      variants: [],
    })),
    contextFields: [],
    featureTags: names.map((name, i) => ({
      featureName: name,
      tagType: 'simple',
      tagValue: `batch-${i % 10}`,
    })),
    segments: [],
    tagTypes: [],
    dependencies: [],
    links: [],
  };
}

/** Creates a user with the Admin root role (password Bench-Passw0rd!) and answers a personal access token of it. */
export async function importerToken(base, call) {
  const password = 'Bench-Passw0rd!';
  await call('POST', '/api/admin/user-admin', { username: 'bench-importer', password, rootRole: 'Admin' });
  const login = await fetch(`${base}/auth/simple/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-importer', password }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`importer login: ${login.status}`);
  const pat = await fetch(`${base}/api/admin/user/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      description: 'bench import',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  });
  if (!pat.ok) throw new Error(`importer token: ${pat.status} ${await pat.text()}`);
  return (await pat.json()).secret;
}

async function timedImport(base, token, body) {
  const t = performance.now();
  const response = await fetch(`${base}/api/admin/features-batch/import`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`import: ${response.status} ${text.slice(0, 500)}`);
  return { seconds: (performance.now() - t) / 1000, summary: JSON.parse(text).summary };
}

export async function measureImport(base, call, count = IMPORT_FLAGS) {
  await call('POST', '/api/admin/projects', { id: 'bench-import', name: 'Bench import' });
  const token = await importerToken(base, call);
  const body = JSON.stringify({
    project: 'bench-import',
    environment: 'development',
    data: importFile(count),
  });
  const first = await timedImport(base, token, body);
  if (first.summary.features.created.length !== count) {
    throw new Error(`import created ${first.summary.features.created.length} of ${count} flags`);
  }
  const again = await timedImport(base, token, body);
  if (again.summary.features.unchanged.length !== count) {
    throw new Error(`re-import left ${again.summary.features.unchanged.length} of ${count} flags unchanged`);
  }
  return { count, bytes: body.length, seconds: first.seconds, againSeconds: again.seconds };
}

export const importScenario = {
  name: 'import',
  async run({ server, call, log }) {
    log('importing a 10,000-flag file (issue 18)');
    const imported = await measureImport(server.url, call, QUICK ? 2_000 : undefined);
    return {
      rows: [
        [
          `POST features-batch/import: ${fmt(imported.count)} flags (${fmt(imported.bytes / 1048576, 1)} MiB), one transaction`,
          `${fmt(imported.seconds, 1)} s (same file again, nothing to change: ${fmt(imported.againSeconds, 1)} s)`,
          '-',
          '-',
          '< 120 s',
          imported.seconds < 120 ? 'yes' : 'NO',
        ],
      ],
    };
  },
};
