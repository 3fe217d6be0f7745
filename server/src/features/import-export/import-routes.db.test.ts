import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ExportResult } from '../../../contract';
import { IMPORT_MESSAGES } from './import-rules';

const flagFile = (names: string[], extra: Partial<ExportResult> = {}): ExportResult => ({
  features: names.map((name) => ({
    name,
    type: 'release',
    description: null,
    impressionData: false,
    stale: false,
  })),
  featureStrategies: names.map((name) => ({
    name: 'flexibleRollout',
    featureName: name,
    parameters: { rollout: '50', stickiness: 'default', groupId: name },
    constraints: [],
    variants: [],
    segments: [],
  })),
  featureEnvironments: names.map((name) => ({ name, featureName: name, enabled: true, variants: [] })),
  tagTypes: [],
  ...extra,
});

describe('features-batch routes: permissions, change requests, all or nothing, size (issue 18)', () => {
  let test: TestApp;
  let admin: Send;
  let viewer: Send;

  beforeAll(async () => {
    test = await createTestApp();
    await createUser(test, { username: 'importer', rootRole: 'Admin' });
    await createUser(test, { username: 'viewer', rootRole: 'Viewer' });
    admin = as(test, { cookie: await login(test, 'importer') });
    viewer = as(test, { cookie: await login(test, 'viewer') });
  });
  afterAll(async () => {
    await test.close();
  });

  it('refuses an import with an admin API token, as Unleash does', async () => {
    const response = await test.request('POST', '/api/admin/features-batch/import', {
      project: 'default',
      environment: 'development',
      data: flagFile(['by-token']),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().name).toBe('BadDataError');
  });

  it('answers an import with an empty 200 as Unleash does; what it did only with ?extensions=true', async () => {
    const body = { project: 'default', environment: 'development', data: flagFile(['quiet-flag']) };
    const plain = await admin('POST', '/api/admin/features-batch/import', body);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.body).toBe('');
    await call(test, 'GET', '/api/admin/projects/default/features/quiet-flag', undefined, 200);
    const asked = await admin('POST', '/api/admin/features-batch/import?extensions=true', body);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().summary.features).toEqual({ created: [], changed: [], unchanged: ['quiet-flag'] });
  });

  it('answers a body without data with 400 BadDataError naming /body/data', async () => {
    const response = await admin('POST', '/api/admin/features-batch/validate', {
      project: 'default',
      environment: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'BadDataError' });
    expect(JSON.stringify(response.json().details)).toContain('data');
  });

  it("validate answers Unleash's {errors, warnings, permissions}; the summary only with ?extensions=true", async () => {
    const body = { project: 'default', environment: 'development', data: flagFile(['summary-flag']) };
    const plain = await admin('POST', '/api/admin/features-batch/validate', body);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ errors: [], warnings: [], permissions: [] });
    const extended = await admin('POST', '/api/admin/features-batch/validate?extensions=true', body);
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toMatchObject({
      errors: [],
      warnings: [],
      permissions: [],
      summary: { features: { created: ['summary-flag'], changed: [], unchanged: [] } },
    });
  });

  it('validate lists the permissions a viewer lacks; import refuses with 403 and writes nothing', async () => {
    const body = { project: 'default', environment: 'development', data: flagFile(['viewer-flag']) };
    const validation = await viewer('POST', '/api/admin/features-batch/validate', body);
    expect(validation.statusCode).toBe(200);
    expect(validation.json().permissions).toEqual([
      {
        message: IMPORT_MESSAGES.permissions,
        affectedItems: ['CREATE_FEATURE', 'UPDATE_FEATURE_ENVIRONMENT', 'CREATE_FEATURE_STRATEGY'],
      },
    ]);
    const before = await latestEventId(test.db);
    const response = await viewer('POST', '/api/admin/features-batch/import', body);
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('PermissionError');
    expect(await eventsAfter(test.db, before)).toEqual([]);
  });

  it('an invalid file imports nothing at all (400 with the validation errors)', async () => {
    const data = flagFile(['fine-flag', 'bad-parent-flag'], {
      dependencies: [{ feature: 'bad-parent-flag', dependencies: [{ feature: 'no-such-parent' }] }],
    });
    const before = await latestEventId(test.db);
    const response = await admin('POST', '/api/admin/features-batch/import?extensions=true', {
      project: 'default',
      environment: 'development',
      data,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].message).toContain('no-such-parent');
    expect(await eventsAfter(test.db, before)).toEqual([]);
    await call(test, 'GET', '/api/admin/projects/default/features/fine-flag', undefined, 404);
  });

  it('a failing operation midway rolls the whole import back', async () => {
    const data = flagFile(['rollback-a', 'rollback-b']);
    // A constraint the operations refuse (not a date) on the second flag only.
    data.featureStrategies[1] = {
      ...data.featureStrategies[1]!,
      constraints: [{ contextName: 'currentTime', operator: 'DATE_AFTER', value: 'not-a-date' }],
    };
    const before = await latestEventId(test.db);
    const response = await admin('POST', '/api/admin/features-batch/import?extensions=true', {
      project: 'default',
      environment: 'development',
      data,
    });
    expect(response.statusCode).toBe(400);
    expect(await eventsAfter(test.db, before)).toEqual([]);
    await call(test, 'GET', '/api/admin/projects/default/features/rollback-a', undefined, 404);
  });

  it('into a governed environment: flags are created, their environment changes wait in a change request', async () => {
    const config = await test.request(
      'PUT',
      '/api/admin/projects/default/environments/production/change-requests/config',
      { changeRequestsEnabled: true, requiredApprovals: 1 },
    );
    expect(config.statusCode, config.body).toBe(200);
    const response = await admin('POST', '/api/admin/features-batch/import?extensions=true', {
      project: 'default',
      environment: 'production',
      data: flagFile(['governed-flag']),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { changeRequestId, summary } = response.json();
    expect(summary.features.created).toEqual(['governed-flag']);
    expect(changeRequestId).toEqual(expect.any(Number));
    const request = await call<{ features: Array<{ name: string; changes: Array<{ action: string }> }> }>(
      test,
      'GET',
      `/api/admin/projects/default/change-requests/${changeRequestId}`,
      undefined,
      200,
    );
    expect(request.features[0]?.changes.map((change) => change.action)).toEqual([
      'addStrategy',
      'updateEnabled',
    ]);
    const environment = await call<{ enabled: boolean; strategies: unknown[] }>(
      test,
      'GET',
      '/api/admin/projects/default/features/governed-flag/environments/production',
      undefined,
      200,
    );
    expect(environment).toMatchObject({ enabled: false, strategies: [] });
  });

  it('accepts files beyond the 1 MiB default body limit and reports exactly what changed', async () => {
    const names = Array.from({ length: 2500 }, (_, index) => `bulk-${String(index).padStart(5, '0')}`);
    const data = flagFile(names);
    for (const feature of data.features) feature.description = 'x'.repeat(500);
    const body = { project: 'default', environment: 'development', data };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    const first = await admin('POST', '/api/admin/features-batch/import?extensions=true', body);
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    expect(first.json().summary.features.created).toHaveLength(2500);
    data.features[0] = { ...data.features[0]!, description: 'changed' };
    // Validate answers the diff before applying: which flags change, and in what.
    const preview = await admin('POST', '/api/admin/features-batch/validate?extensions=true', body);
    expect(preview.json().summary.featureChanges).toEqual([
      { feature: 'bulk-00000', parts: ['type, description or impression data'] },
    ]);
    const started = Date.now();
    const second = await admin('POST', '/api/admin/features-batch/import?extensions=true', body);
    expect(second.json().summary.features).toMatchObject({ created: [], changed: ['bulk-00000'] });
    expect(second.json().summary.features.unchanged).toHaveLength(2499);
    // What matches is left alone: a re-import costs reads, not thousands of writes.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 120_000);
});
