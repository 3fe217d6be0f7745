import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database';
import { createLogger } from '../../lib/logger';
import { createClientMetricsService, type SdkReporter } from './client-metrics-service';

const reporter: SdkReporter = {
  environment: 'development',
  projects: ['default'],
  clientIp: '10.1.2.3',
  sdkType: 'backend',
  tokenId: 1,
};
let now = new Date('2026-11-22T10:30:00Z');
const clock = () => now;

/** Metrics are stored only for flags that exist. */
async function createFlags(db: TestDatabase['db'], names: string[]) {
  await db
    .insertInto('features')
    .values(names.map((name) => ({ name, project: 'default' })))
    .execute();
}

describe('client metrics service', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await createFlags(database.db, ['new-cart', 'f', 'bulk-flag', 'g', 'flag-0', 'flag-1']);
  });
  afterAll(() => database.drop());

  function service(maxBufferedKeys = 1000) {
    return createClientMetricsService({
      db: database.db,
      logger: createLogger('silent'),
      clock,
      maxBufferedKeys,
    });
  }

  it('writes registrations, hourly counts, variants and last-seen in one flush', async () => {
    const metrics = service();
    metrics.registerClient(
      {
        appName: 'checkout',
        instanceId: 'i-1',
        sdkVersion: 'unleash-node-sdk:6.12.1',
        interval: 15000,
        started: '2026-11-22T10:00:00Z',
        strategies: ['default', 'flexibleRollout'],
      },
      reporter,
    );
    for (let i = 0; i < 3; i++) {
      metrics.registerMetrics(
        {
          appName: 'checkout',
          instanceId: 'i-1',
          bucket: {
            start: '2026-11-22T10:05:00Z',
            stop: '2026-11-22T10:06:00Z',
            toggles: { 'new-cart': { yes: 2, no: 1, variants: { blue: 2 } }, unused: { yes: 0, no: 0 } },
          },
        },
        reporter,
      );
    }
    await metrics.flush();

    const counts = await database.db.selectFrom('client_metrics_env').selectAll().execute();
    expect(counts).toEqual([
      {
        feature_name: 'new-cart',
        app_name: 'checkout',
        environment: 'development',
        timestamp: new Date('2026-11-22T10:00:00Z'),
        yes: 6,
        no: 3,
        // When the report arrived, not its hour: what "last reported" shows (issue 33).
        last_reported_at: now,
      },
    ]);
    const variants = await database.db.selectFrom('client_metrics_env_variants').selectAll().execute();
    expect(variants.map((v) => [v.variant, v.count])).toEqual([['blue', 6]]);
    const instances = await database.db.selectFrom('client_instances').selectAll().execute();
    expect(instances).toHaveLength(1);
    expect(instances[0]).toMatchObject({
      app_name: 'checkout',
      instance_id: 'i-1',
      environment: 'development',
      sdk_version: 'unleash-node-sdk:6.12.1',
      sdk_type: 'backend',
      client_ip: '10.1.2.3',
    });
    const app = await database.db.selectFrom('client_applications').selectAll().executeTakeFirstOrThrow();
    expect(app.strategies).toEqual(['default', 'flexibleRollout']);
    const seen = await database.db.selectFrom('feature_last_seen').selectAll().execute();
    expect(seen).toEqual([{ feature_name: 'new-cart', environment: 'development', last_seen_at: now }]);
    const events = await database.db.selectFrom('events').select(['type', 'data']).execute();
    expect(events).toEqual([{ type: 'application-created', data: { appName: 'checkout' } }]);
  });

  it('adds to existing buckets on later flushes and registers no application twice', async () => {
    const metrics = service();
    metrics.registerMetrics(
      {
        appName: 'checkout',
        bucket: {
          start: '2026-11-22T10:40:00Z',
          stop: '2026-11-22T10:41:00Z',
          toggles: { 'new-cart': { yes: 4 } },
        },
      },
      reporter,
    );
    await metrics.flush();
    const row = await database.db
      .selectFrom('client_metrics_env')
      .select(['yes', 'no'])
      .where('feature_name', '=', 'new-cart')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ yes: 10, no: 3 });
    const created = await database.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'application-created')
      .execute();
    expect(created).toHaveLength(1);
  });

  it('reports a star token into the default environment', async () => {
    const metrics = service();
    metrics.registerMetrics(
      {
        appName: 'batch',
        bucket: { start: now.toISOString(), stop: now.toISOString(), toggles: { f: { no: 1 } } },
      },
      { ...reporter, environment: '*' },
    );
    await metrics.flush();
    const row = await database.db
      .selectFrom('client_metrics_env')
      .select('environment')
      .where('app_name', '=', 'batch')
      .executeTakeFirstOrThrow();
    expect(row.environment).toBe('default');
  });

  it('keeps Edge bulk metrics of the token environment only', async () => {
    const metrics = service();
    metrics.registerBulk(
      {
        applications: [{ appName: 'edge-app', environment: 'development', instanceId: 'e1' }],
        metrics: [
          { featureName: 'bulk-flag', appName: 'edge-app', environment: 'development', yes: 5 },
          { featureName: 'bulk-flag', appName: 'edge-app', environment: 'production', yes: 7 },
        ],
      },
      reporter,
    );
    await metrics.flush();
    const rows = await database.db
      .selectFrom('client_metrics_env')
      .select(['environment', 'yes'])
      .where('feature_name', '=', 'bulk-flag')
      .execute();
    expect(rows).toEqual([{ environment: 'development', yes: 5 }]);
  });

  it('writes what is left when stopped', async () => {
    const metrics = service();
    metrics.start();
    metrics.registerMetrics(
      {
        appName: 'late',
        bucket: { start: now.toISOString(), stop: now.toISOString(), toggles: { g: { yes: 1 } } },
      },
      reporter,
    );
    await metrics.stop();
    const rows = await database.db
      .selectFrom('client_metrics_env')
      .select('yes')
      .where('app_name', '=', 'late')
      .execute();
    expect(rows).toEqual([{ yes: 1 }]);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const broken = await createTestDatabase();
    await createFlags(broken.db, ['h']);
    const metrics = createClientMetricsService({ db: broken.db, logger: createLogger('silent'), clock });
    metrics.registerMetrics(
      {
        appName: 'retry',
        bucket: { start: now.toISOString(), stop: now.toISOString(), toggles: { h: { yes: 2 } } },
      },
      reporter,
    );
    await broken.db.schema.alterTable('client_metrics_env').renameTo('client_metrics_env_gone').execute();
    await expect(metrics.flush()).rejects.toThrow();
    // Nothing was half-written: the registration in the same transaction rolled back too.
    expect(await broken.db.selectFrom('client_instances').selectAll().execute()).toEqual([]);
    await broken.db.schema.alterTable('client_metrics_env_gone').renameTo('client_metrics_env').execute();
    metrics.registerMetrics(
      {
        appName: 'retry',
        bucket: { start: now.toISOString(), stop: now.toISOString(), toggles: { h: { yes: 1 } } },
      },
      reporter,
    );
    await metrics.flush();
    const rows = await broken.db.selectFrom('client_metrics_env').select('yes').execute();
    expect(rows).toEqual([{ yes: 3 }]);
    await broken.drop();
  });

  it('bounds memory: a full buffer refuses new keys and counts them', async () => {
    const metrics = service(3);
    const toggles = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`flag-${i}`, { yes: 1 }]));
    metrics.registerMetrics(
      { appName: 'flood', bucket: { start: now.toISOString(), stop: now.toISOString(), toggles } },
      reporter,
    );
    expect(metrics.stats().dropped).toBeGreaterThan(0);
    expect(metrics.stats().buffered).toBeLessThanOrEqual(4);
    await metrics.flush();
  });

  it('answers the admin read side from what was written', async () => {
    now = new Date('2026-11-22T10:50:00Z');
    const metrics = service();
    const list = await metrics.listApplications({});
    expect(list.applications.map((a) => a.appName)).toEqual(
      ['batch', 'checkout', 'edge-app', 'late', 'flood'].sort(),
    );
    const checkout = await metrics.getApplication('checkout');
    expect(checkout).toMatchObject({
      appName: 'checkout',
      sdkVersion: 'unleash-node-sdk:6.12.1',
      usage: [{ project: 'default', environments: ['development'] }],
    });
    // The list names the SDK and the latest report too (issue 33), as the console shows them.
    expect(list.applications.find((a) => a.appName === 'checkout')).toMatchObject({
      sdkVersion: 'unleash-node-sdk:6.12.1',
      lastSeen: checkout.lastSeen,
    });
    const instances = await metrics.environmentInstances('checkout', 'development');
    expect(checkout.lastSeen).toBe(instances.instances[0]?.lastSeen);
    // "Last reported" is when the latest report arrived, not the start of its hour bucket.
    const { features } = await metrics.applicationFeatures('checkout');
    expect(features.find((f) => f.name === 'new-cart')?.lastSeen).toBe('2026-11-22T10:30:00.000Z');
    const overview = await metrics.applicationOverview('checkout', new Set(['new-cart']));
    expect(overview.environments[0]).toMatchObject({
      name: 'development',
      instanceCount: 2,
      backendSdks: ['unleash-node-sdk:6.12.1'],
      issues: { missingFeatures: [] },
    });
    const usage = await metrics.featureUsage('new-cart');
    expect(usage.lastHourUsage).toEqual([
      {
        featureName: 'new-cart',
        appName: 'checkout',
        environment: 'development',
        timestamp: '2026-11-22T10:00:00.000Z',
        yes: 10,
        no: 3,
        variants: { blue: 6 },
      },
    ]);
    expect(usage.seenApplications).toEqual(['checkout']);
    await expect(metrics.getApplication('nope')).rejects.toMatchObject({ errorName: 'NotFoundError' });
  });

  it("moves the flag's and its environments' last_seen_at forward in the flush, never back (issue 33)", async () => {
    await createFlags(database.db, ['seen-flag']);
    await database.db
      .insertInto('feature_environments')
      .values(
        ['development', 'production'].map((environment) => ({
          feature_name: 'seen-flag',
          environment,
          enabled: true,
        })),
      )
      .execute();
    const report = (at: Date) => {
      now = at;
      const metrics = service();
      metrics.registerMetrics(
        {
          appName: 'checkout',
          bucket: { start: at.toISOString(), stop: at.toISOString(), toggles: { 'seen-flag': { yes: 1 } } },
        },
        reporter,
      );
      return metrics.flush();
    };
    const stamped = async () => ({
      flag: (
        await database.db
          .selectFrom('features')
          .select('last_seen_at')
          .where('name', '=', 'seen-flag')
          .executeTakeFirstOrThrow()
      ).last_seen_at,
      environments: await database.db
        .selectFrom('feature_environments')
        .select(['environment', 'last_seen_at'])
        .where('feature_name', '=', 'seen-flag')
        .orderBy('environment')
        .execute(),
    });
    const later = new Date('2026-11-22T12:00:00Z');
    await report(later);
    expect(await stamped()).toEqual({
      flag: later,
      environments: [
        { environment: 'development', last_seen_at: later },
        { environment: 'production', last_seen_at: null },
      ],
    });
    // A late flush with an older sighting (another server, a retried batch) moves nothing back.
    await report(new Date('2026-11-22T11:00:00Z'));
    expect((await stamped()).flag).toEqual(later);
    expect((await stamped()).environments[0]).toEqual({ environment: 'development', last_seen_at: later });
  });
});
