import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../server/src/http/app-type';
import { createTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../helpers/test-app';
import { type Operation, operationsOf } from './fuzz-requests';
import { seedFuzzData } from './fuzz-seed';
import { SEEDED_STRINGS } from './schema-arbitrary';

/**
 * Issue 31 §6: an update that names no field (`{}`, or an empty JSON body) once built an empty
 * SQL `SET` and answered 500 (`PUT /api/admin/signal-endpoints/1`). Every write operation that
 * names a row in its path is sent both, for every seeded row its path parameters can name, so
 * each update reaches its store: the answer is a 2xx or a 4xx in Unleash's error shape, never a
 * 5xx. The random fuzzer (api-fuzz.db.test.ts) meets these bodies only by chance.
 */
const SEEDED_IDS = ['1', '2', '3'];
/** At most this many path combinations per operation (the seeded rows come first). */
const MAX_COMBINATIONS = 40;
/** Operations whose side effects would stop the sweep (maintenance answers every write 503). */
const SKIPPED = new Set(['toggleMaintenance']);

/** Values that name seeded rows, by path parameter name; any other takes every seeded string. */
function hintsFor(seeded: Seeded): Record<string, string[]> {
  const flags = ['fuzz-flag', 'fuzz-child'];
  return {
    projectId: ['default', 'fuzz-project'],
    project: ['default', 'fuzz-project'],
    featureName: flags,
    child: ['fuzz-child'],
    parent: ['fuzz-flag'],
    environment: ['development', 'fuzz-env'],
    contextField: ['fuzzField'],
    appName: ['fuzz-app'],
    type: ['simple', 'release'],
    value: ['fuzz-tag'],
    strategyId: [...seeded.values, ...seeded.templateIds],
    linkId: seeded.values,
    templateId: seeded.templateIds,
    template: seeded.templateIds,
    milestoneId: seeded.templateIds,
  };
}

interface Seeded {
  values: string[];
  /** Ids of a release template, its milestone and the milestone's strategy. */
  templateIds: string[];
}

function combinations(operation: Operation, seeded: Seeded): string[] {
  const hints = hintsFor(seeded);
  let urls = [operation.path];
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const integer = parameter.schema?.type === 'integer' || parameter.schema?.type === 'number';
    const values = hints[parameter.name] ?? (integer ? SEEDED_IDS : [...SEEDED_STRINGS, ...seeded.values]);
    urls = urls.flatMap((url) =>
      values.map((value) => url.replace(`{${parameter.name}}`, encodeURIComponent(value))),
    );
  }
  return urls.slice(0, MAX_COMBINATIONS);
}

async function seedUpdatables(app: App): Promise<string[]> {
  const headers = { authorization: TEST_ADMIN_TOKEN, 'content-type': 'application/json' };
  const post = async (url: string, body: unknown) => {
    const response = await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
    return response.body ? (response.json() as Record<string, unknown>) : {};
  };
  await post('/api/admin/signal-endpoints', { name: 'fuzz-signals', enabled: true });
  await post('/api/admin/banners', { message: 'fuzz banner' });
  await post('/api/admin/addons', { provider: 'datadog', enabled: false, parameters: {}, events: [] });
  await post('/api/admin/environments', { name: 'fuzz-env', type: 'test' });
  await post('/api/admin/strategies', { name: 'fuzz-strategy', parameters: [] });
  const template = await post('/api/admin/release-plan-templates', {
    name: 'fuzz-template',
    milestones: [{ name: 'first', sortOrder: 0, strategies: [{ name: 'default' }] }],
  });
  const milestone = (template.milestones as Array<{ id: string; strategies: Array<{ id: string }> }>)[0];
  return [String(template.id), String(milestone?.id), String(milestone?.strategies[0]?.id)];
}

describe('updates that name no field (issue 31 §6)', () => {
  let t: TestApp;
  let seeded: Seeded;
  beforeAll(async () => {
    t = await createTestApp();
    const { values } = await seedFuzzData(t.app, TEST_ADMIN_TOKEN);
    seeded = { values, templateIds: await seedUpdatables(t.app) };
  });
  afterAll(() => t.close());

  test('every write naming a row answers {} and an empty body with a 2xx or a 4xx, never a 5xx', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
    const operations = operationsOf(document).filter(
      (operation) =>
        ['PUT', 'PATCH', 'POST'].includes(operation.method) &&
        operation.parameters.some((p) => p.in === 'path') &&
        !SKIPPED.has(operation.operationId),
    );
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    const reached = new Set<string>();
    for (const operation of operations) {
      for (const url of combinations(operation, seeded)) {
        for (const payload of ['{}', '']) {
          const response = await t.app.inject({
            method: operation.method,
            url,
            headers: { authorization: TEST_ADMIN_TOKEN, 'content-type': 'application/json' },
            payload,
          });
          sent += 1;
          if (response.statusCode < 300) reached.add(operation.operationId);
          // SCIM, OFREP and the manifest API answer their own protocols' error bodies (fuzz-run.ts says why).
          const ownProtocol = /^\/(scim|ofrep|edge)\/|\/openfeature\/v0\/manifest/.test(url);
          const shaped =
            response.statusCode < 400 || ownProtocol || /"name":"[A-Za-z]+Error"/.test(response.body);
          if (response.statusCode >= 500 || !shaped)
            failures.push(
              `${operation.operationId} ${operation.method} ${url} ${JSON.stringify(payload)} -> ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1_000);
    // The seeded rows are found: the empty updates reach the services and stores.
    expect(reached).toContain('updateSignalEndpoint');
    expect(reached.size).toBeGreaterThan(20);
  }, 600_000);
});
