import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database';
import { createLogger } from '../../lib/logger';
import {
  type ClientMetricsServiceOptions,
  createClientMetricsService,
  type SdkReporter,
} from './client-metrics-service';

// Issue 12 §5 and §2: a bad row never blocks the others, a failed flush keeps its data and
// writes it soon after the database is back, and callers create only what the limits allow.

const reporter: SdkReporter = {
  environment: 'development',
  projects: ['default'],
  clientIp: null,
  sdkType: 'backend',
  tokenId: 1,
};
const at = new Date().toISOString();

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('metrics flush', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
    await database.db
      .insertInto('features')
      .values(['a', 'b', 'c', 'd'].map((name) => ({ name, project: 'default' })))
      .execute();
  });
  afterEach(() => database.drop());

  const service = (options: Partial<ClientMetricsServiceOptions> = {}) =>
    createClientMetricsService({ db: database.db, logger: createLogger('silent'), ...options });
  const counts = () =>
    database.db
      .selectFrom('client_metrics_env')
      .select(['feature_name', 'app_name', 'yes'])
      .orderBy('feature_name')
      .orderBy('app_name')
      .execute();

  it('drops only the row the database refuses and writes every other one', async () => {
    const metrics = service();
    metrics.registerBulk(
      {
        applications: [{ appName: 'edge', environment: 'development', instanceId: 'e1' }],
        metrics: [
          { featureName: 'a', appName: 'edge', environment: 'development', yes: 1 },
          // Passes the schema (an integer) but not bigint: PostgreSQL refuses this one row.
          { featureName: 'b', appName: 'edge', environment: 'development', yes: 1e300 },
          { featureName: 'c', appName: 'edge', environment: 'development', yes: 3 },
          { featureName: 'd', appName: 'edge', environment: 'development', yes: 4 },
        ],
      },
      reporter,
    );
    await metrics.flush();
    expect(await counts()).toEqual([
      { feature_name: 'a', app_name: 'edge', yes: 1 },
      { feature_name: 'c', app_name: 'edge', yes: 3 },
      { feature_name: 'd', app_name: 'edge', yes: 4 },
    ]);
    expect(metrics.stats().invalidRows).toBe(1);
    // And the next flush is not held back by it.
    metrics.registerMetrics(
      { appName: 'edge', bucket: { start: at, stop: at, toggles: { a: { yes: 5 } } } },
      reporter,
    );
    await metrics.flush();
    expect((await counts())[0]).toEqual({ feature_name: 'a', app_name: 'edge', yes: 6 });
  });

  it('keeps a failed flush and writes it within 5 s of the database coming back, without a new report', async () => {
    // A budget of one new application: the retries must not spend it again on the same one.
    const metrics = service({ flushIntervalMs: 600_000, creationLimits: { newApplicationsPerWindow: 1 } });
    metrics.start();
    metrics.registerClient(
      { appName: 'outage', instanceId: 'i1', interval: 1, started: at, strategies: ['default'] },
      reporter,
    );
    metrics.registerMetrics(
      { appName: 'outage', instanceId: 'i1', bucket: { start: at, stop: at, toggles: { a: { yes: 7 } } } },
      reporter,
    );
    await database.db.schema.alterTable('client_instances').renameTo('client_instances_away').execute();
    await expect(metrics.flush()).rejects.toThrow();
    // Still failing for a while: the retries must not lose anything either.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(metrics.stats().failedFlushes).toBeGreaterThanOrEqual(2);
    await database.db.schema.alterTable('client_instances_away').renameTo('client_instances').execute();
    const back = Date.now();
    await until('the retried write', async () => ((await counts()).length ? true : undefined), 5000);
    expect(Date.now() - back).toBeLessThan(5000);
    expect(await counts()).toEqual([{ feature_name: 'a', app_name: 'outage', yes: 7 }]);
    const instances = await database.db
      .selectFrom('client_instances')
      .select(['app_name', 'instance_id'])
      .execute();
    expect(instances).toEqual([{ app_name: 'outage', instance_id: 'i1' }]);
    await metrics.stop();
  });

  it('bounds what a flood creates: applications and instances per window, unknown-flag rows kept', async () => {
    let now = new Date('2026-11-25T10:00:00Z');
    const metrics = service({
      clock: () => now,
      creationLimits: {
        newApplicationsPerWindow: 3,
        newInstancesPerWindow: 5,
        unknownFlagRows: 4,
        windowMs: 60_000,
      },
    });
    const post = (appName: string, instanceId: string, toggles: Record<string, { yes: number }>) =>
      metrics.registerMetrics(
        { appName, instanceId, bucket: { start: now.toISOString(), stop: now.toISOString(), toggles } },
        reporter,
      );
    for (let i = 0; i < 10; i++) post(`app-${i}`, 'one', { a: { yes: 1 }, [`ghost-${i}`]: { yes: 1 } });
    await metrics.flush();
    const apps = async () =>
      (
        await database.db.selectFrom('client_applications').select('app_name').orderBy('app_name').execute()
      ).map((row) => row.app_name);
    expect(await apps()).toEqual(['app-0', 'app-1', 'app-2']);
    // The refused applications are not registered, but their counts of flag `a` are kept (issue 31).
    expect((await counts()).map((row) => row.app_name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `app-${i}`),
    );
    expect(metrics.stats().refusedApplications).toBe(7);
    expect(metrics.stats().registrationsOverApplicationBudget).toBe(7);
    expect(await database.db.selectFrom('unknown_flags').select('name').orderBy('name').execute()).toEqual([
      { name: 'ghost-0' },
      { name: 'ghost-1' },
      { name: 'ghost-2' },
    ]);

    // An admitted application keeps reporting; its new instances count against their own cap.
    for (let i = 0; i < 8; i++) post('app-0', `instance-${i}`, { a: { yes: 1 } });
    await metrics.flush();
    const instances = await database.db.selectFrom('client_instances').select('instance_id').execute();
    expect(instances.length).toBe(5);
    expect(metrics.stats().registrationsOverInstanceBudget).toBe(6);
    expect((await counts())[0]).toEqual({ feature_name: 'a', app_name: 'app-0', yes: 9 });

    // The next window admits more; the unknown-flags list keeps its newest rows only.
    now = new Date('2026-11-25T10:01:00Z');
    for (let i = 3; i < 10; i++) post(`app-${i}`, 'one', { [`ghost-${i}`]: { yes: 1 } });
    await metrics.flush();
    expect(await apps()).toEqual(['app-0', 'app-1', 'app-2', 'app-3', 'app-4', 'app-5']);
    const unknown = await database.db.selectFrom('unknown_flags').select('name').execute();
    expect(unknown.length).toBe(4);
    expect((await metrics.unknownFlags()).unknownFlags.map((flag) => flag.name).sort()).toEqual(
      unknown.map((row) => row.name).sort(),
    );
  });
});
