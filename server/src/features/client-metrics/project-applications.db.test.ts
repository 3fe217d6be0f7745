import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

describe('project applications and outdated SDKs (issue 31 §5)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await test.db.insertInto('projects').values({ id: 'other', name: 'Other' }).execute();
    await createFlag(test, 'checkout');
    await test.db
      .insertInto('client_applications')
      .values(['web', 'worker', 'elsewhere', 'by-metrics'].map((app_name) => ({ app_name })))
      .execute();
    // web and worker registered with tokens of default; elsewhere with a token of another
    // project only; by-metrics only reported on a flag of default.
    await test.db
      .insertInto('client_applications_usage')
      .values([
        { app_name: 'web', project: 'default', environment: 'production' },
        { app_name: 'web', project: 'default', environment: 'development' },
        { app_name: 'worker', project: 'default', environment: 'production' },
        { app_name: 'elsewhere', project: 'other', environment: 'production' },
      ])
      .execute();
    await test.db
      .insertInto('client_instances')
      .values([
        {
          app_name: 'web',
          instance_id: 'web-1',
          environment: 'production',
          sdk_version: 'unleash-client-node:5.0.0',
        },
        {
          app_name: 'web',
          instance_id: 'web-2',
          environment: 'development',
          sdk_version: 'unleash-client-node:6.1.0',
        },
        {
          app_name: 'worker',
          instance_id: 'worker-1',
          environment: 'production',
          sdk_version: 'unleash-java-sdk:11.1.0',
        },
        {
          app_name: 'worker',
          instance_id: 'worker-x',
          environment: 'staging',
          sdk_version: 'unleash-client-go:3.0.0',
        },
        {
          app_name: 'elsewhere',
          instance_id: 'e-1',
          environment: 'production',
          sdk_version: 'unleash-client-php:1.0.0',
        },
        {
          app_name: 'by-metrics',
          instance_id: 'm-1',
          environment: 'production',
          sdk_version: 'unleash-client-python:5.0.0',
        },
      ])
      .execute();
    await test.db
      .insertInto('client_metrics_env')
      .values({
        feature_name: 'checkout',
        app_name: 'by-metrics',
        environment: 'production',
        timestamp: new Date('2026-11-28T10:00:00Z'),
        yes: 1,
        no: 0,
      })
      .execute();
  });
  afterAll(async () => {
    await test.close();
  });

  it("lists the applications that used the project's tokens or flags, with environments, instances and SDKs", async () => {
    const listed = await call(test, 'GET', '/api/admin/projects/default/applications', undefined, 200);
    expect(listed).toEqual({
      total: 3,
      applications: [
        {
          name: 'by-metrics',
          environments: ['production'],
          instances: ['m-1'],
          sdks: [{ name: 'unleash-client-python', versions: ['5.0.0'] }],
        },
        {
          name: 'web',
          environments: ['development', 'production'],
          instances: ['web-1', 'web-2'],
          sdks: [{ name: 'unleash-client-node', versions: ['5.0.0', '6.1.0'] }],
        },
        {
          // The staging instance never used this project.
          name: 'worker',
          environments: ['production'],
          instances: ['worker-1'],
          sdks: [{ name: 'unleash-java-sdk', versions: ['11.1.0'] }],
        },
      ],
    });
  });

  it('filters, sorts and pages', async () => {
    type Page = { total: number; applications: Array<{ name: string }> };
    const names = async (query: string) =>
      (
        await call<Page>(test, 'GET', `/api/admin/projects/default/applications?${query}`, undefined, 200)
      ).applications.map((a) => a.name);
    expect(await names('query=WOR')).toEqual(['worker']);
    expect(await names('sortBy=appName&sortOrder=desc')).toEqual(['worker', 'web', 'by-metrics']);
    expect(await names('offset=1&limit=1')).toEqual(['web']);
    const page = await call<Page>(
      test,
      'GET',
      '/api/admin/projects/default/applications?offset=1&limit=1',
      undefined,
      200,
    );
    expect(page.total).toBe(3);
  });

  it('lists only outdated SDK versions, per project and overall', async () => {
    expect(await call(test, 'GET', '/api/admin/projects/default/sdks/outdated', undefined, 200)).toEqual({
      sdks: [
        { sdkVersion: 'unleash-client-node:5.0.0', applications: ['web'] },
        { sdkVersion: 'unleash-client-python:5.0.0', applications: ['by-metrics'] },
      ],
    });
    expect(await call(test, 'GET', '/api/admin/metrics/sdks/outdated', undefined, 200)).toEqual({
      sdks: [
        { sdkVersion: 'unleash-client-go:3.0.0', applications: ['worker'] },
        { sdkVersion: 'unleash-client-node:5.0.0', applications: ['web'] },
        { sdkVersion: 'unleash-client-php:1.0.0', applications: ['elsewhere'] },
        { sdkVersion: 'unleash-client-python:5.0.0', applications: ['by-metrics'] },
      ],
    });
  });

  it('answers 404 for a project that does not exist', async () => {
    await call(test, 'GET', '/api/admin/projects/nope/applications', undefined, 404);
    await call(test, 'GET', '/api/admin/projects/nope/sdks/outdated', undefined, 404);
  });
});
