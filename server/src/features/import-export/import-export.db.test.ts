import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createApiToken, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ExportResult } from '../../../contract';

const FIXTURES = join(__dirname, '../../../../tests/fixtures/unleash-export');
const unleashFile = (): ExportResult =>
  JSON.parse(readFileSync(join(FIXTURES, 'unleash-8.2-export.json'), 'utf8'));
const unleashClient = () =>
  JSON.parse(readFileSync(join(FIXTURES, 'unleash-8.2-client-features.json'), 'utf8'));

/** A client API flag without what differs between servers by construction. */
function comparable(feature: Record<string, unknown>): Record<string, unknown> {
  const { strategies, ...rest } = feature as { strategies: Array<Record<string, unknown>> };
  return {
    ...rest,
    strategies: strategies.map(
      ({ id: _id, sortOrder: _sortOrder, segments: _segments, ...strategy }) => strategy,
    ),
  };
}

async function clientFeatures(test: TestApp, token: string, names: string[]) {
  const response = await as(test, { authorization: token })('GET', '/api/client/features');
  expect(response.statusCode).toBe(200);
  const body = response.json() as { features: Array<Record<string, unknown>> };
  return body.features
    .filter((feature) => names.includes(String(feature.name)))
    .map(comparable)
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

/** Every field path of a file (`featureStrategies[].constraints[].values`), sorted and unique. */
function fieldPaths(value: unknown, path = '', into = new Set<string>()): string[] {
  if (Array.isArray(value)) for (const item of value) fieldPaths(item, `${path}[]`, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      into.add(childPath);
      fieldPaths(child, childPath, into);
    }
  }
  return [...into].sort();
}

describe('features-batch import and export (issue 18)', () => {
  let test: TestApp;
  let admin: Send;
  let clientToken: string;

  beforeAll(async () => {
    test = await createTestApp();
    await createUser(test, { username: 'importer', rootRole: 'Admin' });
    admin = as(test, { cookie: await login(test, 'importer') });
    clientToken = await createApiToken(test, { type: 'client', environment: 'development' });
    // Unleash's file names its segments only: the target holds the same segment (make-fixture.sh).
    await call(
      test,
      'POST',
      '/api/admin/segments',
      {
        name: 'beta-testers',
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3'] }],
      },
      201,
    );
  });
  afterAll(async () => {
    await test.close();
  });

  it('imports a file exported by Unleash 8.2 and serves the same client API payload', async () => {
    const before = await latestEventId(test.db);
    const response = await admin('POST', '/api/admin/features-batch/import?extensions=true', {
      project: 'default',
      environment: 'development',
      data: unleashFile(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().summary.features).toEqual({
      created: ['ix-banner', 'ix-checkout', 'ix-killswitch'],
      changed: [],
      unchanged: [],
    });
    // 'version' is used by a constraint but unknown to Unleash's file: created bare, Switchyard needs it.
    expect(response.json().summary.contextFields.created).toEqual(['region', 'version']);
    expect(response.json().summary.tagTypes.created).toEqual(['team']);
    const types = (await eventsAfter(test.db, before)).map((event) => event.type);
    expect(types).toContain('feature-created');
    expect(types).toContain('feature-dependency-added');
    expect(types.at(-1)).toBe('features-imported');
    // Unleash inlines segment constraints for SDKs without a spec header; so do we.
    const ours = await clientFeatures(test, clientToken, ['ix-banner', 'ix-checkout', 'ix-killswitch']);
    const theirs = (unleashClient().features as Array<Record<string, unknown>>).map(comparable);
    expect(ours).toEqual(theirs);
  });

  it('re-importing the same file changes nothing and records no flag event', async () => {
    const before = await latestEventId(test.db);
    const response = await admin('POST', '/api/admin/features-batch/import?extensions=true', {
      project: 'default',
      environment: 'development',
      data: unleashFile(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().summary.features.unchanged).toEqual(['ix-banner', 'ix-checkout', 'ix-killswitch']);
    expect((await eventsAfter(test.db, before)).map((event) => event.type)).toEqual(['features-imported']);
  });

  it('exports what it imported in the file Unleash writes', async () => {
    const exported = await call<ExportResult>(
      test,
      'POST',
      '/api/admin/features-batch/export',
      { environment: 'development', tag: 'ix-fixture' },
      200,
    );
    const expected = unleashFile();
    const strip = (file: ExportResult) => ({
      ...file,
      featureStrategies: file.featureStrategies.map(({ id: _id, ...rest }) => ({
        ...rest,
        segments: (rest.segments ?? []).length,
      })),
      segments: (file.segments ?? []).map((segment) => segment.name),
      links: (file.links ?? []).map((row) => ({
        ...row,
        links: row.links.map(({ id: _id, ...link }) => link),
      })),
      // The built-in fields as Unleash describes them (issue 31 §4); 'version' is Switchyard's own.
      contextFields: (file.contextFields ?? []).filter((field) => field.name !== 'version'),
      // Tags added in one transaction share their time: their order within a flag is by name.
      featureTags: [...(file.featureTags ?? [])].sort((a, b) =>
        `${a.featureName}:${a.tagType}:${a.tagValue}`.localeCompare(
          `${b.featureName}:${b.tagType}:${b.tagValue}`,
        ),
      ),
      tagTypes: file.tagTypes.map((tagType) => tagType.name),
    });
    expect(strip(exported)).toEqual(strip(expected));
    expect(exported.segments).toEqual([{ id: expect.any(Number), name: 'beta-testers' }]);
    // Beyond Unleash, when asked: the segment's definition travels, so an import may create it.
    const full = await call<ExportResult>(
      test,
      'POST',
      '/api/admin/features-batch/export',
      { environment: 'development', tag: 'ix-fixture', withSegmentDefinitions: true },
      200,
    );
    expect(full.segments?.[0]).toMatchObject({
      name: 'beta-testers',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3'] }],
    });
  });

  it("carries exactly the fields of Unleash's file, object by object; sortOrder only with ?extensions=true", async () => {
    const query = { environment: 'development', tag: 'ix-fixture' };
    const exported = await call<ExportResult>(test, 'POST', '/api/admin/features-batch/export', query, 200);
    const unleashPaths = fieldPaths(unleashFile());
    expect(fieldPaths(exported)).toEqual(unleashPaths);
    const extended = await call<ExportResult>(
      test,
      'POST',
      '/api/admin/features-batch/export?extensions=true',
      query,
      200,
    );
    expect(fieldPaths(extended)).toEqual([...unleashPaths, 'featureStrategies[].sortOrder'].sort());
    expect(extended.featureStrategies.map((strategy) => strategy.sortOrder)).toEqual(
      exported.featureStrategies.map(() => expect.any(Number)),
    );
  });

  it('round-trips Switchyard → file → another project with identical client payloads', async () => {
    await call(test, 'POST', '/api/admin/projects', { id: 'target', name: 'Target' }, 201);
    const file = await call<ExportResult>(
      test,
      'POST',
      '/api/admin/features-batch/export',
      { environment: 'development', features: ['ix-killswitch'] },
      200,
    );
    // Another project holds the flag names already: the same file goes in under new names.
    const renamed = JSON.parse(JSON.stringify(file).replaceAll('"ix-killswitch"', '"ix-killswitch-copy"'));
    const response = await admin('POST', '/api/admin/features-batch/import?extensions=true', {
      project: 'target',
      environment: 'development',
      data: renamed,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [source] = await clientFeatures(test, clientToken, ['ix-killswitch']);
    const [copy] = await clientFeatures(test, clientToken, ['ix-killswitch-copy']);
    expect({ ...copy, name: 'ix-killswitch', project: 'default' }).toEqual(source);
  });
});
