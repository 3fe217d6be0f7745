import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/helpers/flag-model';
import { as, createApiToken, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ExportResult } from '../../../contract';

/**
 * By hand only (CI has no Unleash): Switchyard → file → the reference Unleash 8.2
 * (/work/shared/tools/unleash-reference/start.sh, then tests/fixtures/unleash-export/make-fixture.sh).
 *   UNLEASH_REFERENCE_URL=http://127.0.0.1:4299 UNLEASH_REFERENCE_PAT=user:... npx vitest run <this file>
 * Our export of the fixture's flags (renamed `sy-*`) must validate cleanly in Unleash, import, and
 * then Unleash serves the same client API payload as we do. Then the existing-flag rules: the same
 * file (renamed `ex-*`) imported into both, then a changed one over it, must leave both serving the
 * same payload and the same tags.
 */
const reference = process.env.UNLEASH_REFERENCE_URL;
const pat = process.env.UNLEASH_REFERENCE_PAT ?? '';
const REFERENCE_CLIENT = '*:development.reference-client-0123456789abcdef';
/** The constraint of the `beta-testers` segment make-fixture.sh creates in Unleash. */
const BETA_RULE = { contextName: 'userId', operator: 'IN', values: ['1', '2', '3'] };
const FIXTURES = join(__dirname, '../../../../tests/fixtures/unleash-export');

async function unleash(path: string, body: unknown, token = pat) {
  const response = await fetch(`${reference}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function comparable(feature: Record<string, unknown>): Record<string, unknown> {
  const { strategies, ...rest } = feature as { strategies: Array<Record<string, unknown>> };
  return { ...rest, strategies: strategies.map(({ id: _id, sortOrder: _s, segments: _g, ...s }) => s) };
}

describe.skipIf(!reference)('Switchyard export imports into the reference Unleash 8.2', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test?.close();
  });

  /** The fixture's flags for Unleash's payload, by name, sorted, without strategy ids and order. */
  const pick = (payload: { features: Array<Record<string, unknown>> }, names: string[]) =>
    payload.features
      .filter((feature) => names.includes(String(feature.name)))
      .map(comparable)
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));

  it('validates without errors, imports, and Unleash serves our client payload', async () => {
    await createUser(test, { username: 'importer', rootRole: 'Admin' });
    await call(test, 'POST', '/api/admin/segments', { name: 'beta-testers', constraints: [BETA_RULE] }, 201);
    const user = as(test, { cookie: await login(test, 'importer') });
    const source = readFileSync(join(FIXTURES, 'unleash-8.2-export.json'), 'utf8').replaceAll('"ix-', '"sy-');
    const imported = await user('POST', '/api/admin/features-batch/import', {
      project: 'default',
      environment: 'development',
      data: JSON.parse(source),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    // With Switchyard's extension (strategy sortOrder, a field of Unleash's own strategy schema)
    // Unleash keeps the file's strategy order; without it, it imports them in no fixed order.
    const ours = await call<ExportResult>(
      test,
      'POST',
      '/api/admin/features-batch/export?extensions=true',
      { environment: 'development', tag: 'sy-fixture' },
      200,
    );
    const body = { project: 'default', environment: 'development', data: ours };
    const validation = await unleash('/api/admin/features-batch/validate', body);
    expect(validation).toMatchObject({ status: 200, body: { errors: [] } });
    expect((await unleash('/api/admin/features-batch/import', body)).status).toBe(200);
    const names = ours.features.map((feature) => feature.name);
    const theirs = await unleash('/api/client/features', undefined, REFERENCE_CLIENT);
    const token = await createApiToken(test, { type: 'client', environment: 'development' });
    const mine = (await as(test, { authorization: token })('GET', '/api/client/features')).json();
    expect(pick(theirs.body, names)).toEqual(pick(mine, names));
  });

  it('updates existing flags on a second import as Unleash does: payloads and tags agree', async () => {
    type ImportFile = {
      features: Array<{ name: string; description?: string }>;
      featureStrategies: Array<{ featureName: string; name: string; parameters?: Record<string, string> }>;
      featureEnvironments: Array<{ featureName: string; enabled: boolean; variants?: unknown[] }>;
      featureTags: Array<{ featureName: string; tagType: string; tagValue: string }>;
    };
    const first = JSON.parse(
      readFileSync(join(FIXTURES, 'unleash-8.2-export.json'), 'utf8').replaceAll('"ix-', '"ex-'),
    ) as ImportFile;
    // What an operator changes between two exports: a rollout, a strategy gone, a description,
    // an environment switched off, new environment variants, a tag more.
    const second = structuredClone(first);
    const checkout = second.features.find((feature) => feature.name === 'ex-checkout');
    if (checkout) checkout.description = 'New checkout, second pass';
    const rollout = second.featureStrategies.find((strategy) => strategy.name === 'flexibleRollout');
    if (rollout?.parameters) rollout.parameters.rollout = '70';
    second.featureStrategies = second.featureStrategies.filter(
      (strategy) => !(strategy.featureName === 'ex-checkout' && strategy.name === 'default'),
    );
    for (const environment of second.featureEnvironments) {
      if (environment.featureName === 'ex-checkout') environment.enabled = false;
      if (environment.featureName === 'ex-banner')
        environment.variants = [
          { name: 'b', weight: 1000, weightType: 'variable', stickiness: 'default', overrides: [] },
        ];
    }
    second.featureTags.push({ featureName: 'ex-killswitch', tagType: 'team', tagValue: 'platform' });

    await createUser(test, { username: 'existing-importer', rootRole: 'Admin' });
    const user = as(test, { cookie: await login(test, 'existing-importer') });
    // The segment the file names, with make-fixture.sh's constraint, on both sides (by name: that is
    // how an import finds it).
    const named = (answer: { segments: Array<{ name: string }> }) =>
      answer.segments.some((segment) => segment.name === 'beta-testers');
    const segment = { name: 'beta-testers', constraints: [BETA_RULE] };
    if (!named(await call(test, 'GET', '/api/admin/segments', undefined, 200)))
      await call(test, 'POST', '/api/admin/segments', segment, 201);
    if (!named((await unleash('/api/admin/segments', undefined)).body))
      await unleash('/api/admin/segments', segment);
    for (const data of [first, second]) {
      const body = { project: 'default', environment: 'development', data };
      const mine = await user('POST', '/api/admin/features-batch/import', body);
      expect(mine.statusCode, mine.body).toBe(200);
      const theirs = await unleash('/api/admin/features-batch/import', body);
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    }

    const names = first.features.map((feature) => feature.name);
    const token = await createApiToken(test, { type: 'client', environment: 'development' });
    const mine = (await as(test, { authorization: token })('GET', '/api/client/features')).json();
    const theirs = await unleash('/api/client/features', undefined, REFERENCE_CLIENT);
    // The second file took effect (not both servers leaving the flags alone)…
    expect(pick(mine, names).find((feature) => feature.name === 'ex-checkout')).toMatchObject({
      enabled: false,
      description: 'New checkout, second pass',
      strategies: [{ name: 'flexibleRollout', parameters: { rollout: '70' } }],
    });
    // …and left both serving the same.
    expect(pick(theirs.body, names)).toEqual(pick(mine, names));
    for (const name of names) {
      const tagsOf = (answer: { tags: Array<{ type: string; value: string }> }) =>
        answer.tags.map((tag) => `${tag.type}:${tag.value}`).sort();
      const ourTags = await call<{ tags: Array<{ type: string; value: string }> }>(
        test,
        'GET',
        `/api/admin/features/${name}/tags`,
        undefined,
        200,
      );
      const theirTags = await unleash(`/api/admin/features/${name}/tags`, undefined);
      expect(tagsOf(ourTags), name).toEqual(tagsOf(theirTags.body));
    }
  });
});
