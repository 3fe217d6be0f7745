import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/helpers/flag-model';
import { createApiToken } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { MAX_EDGE_HEARTBEATS } from './edge-heartbeat-store';

const CONNECTION = '01J5X6F2Q9H8K4R1S2T3V4W5X6';

describe('Enterprise Edge licence heartbeat (issue 31 §5)', () => {
  let test: TestApp;
  let client: string;
  beforeAll(async () => {
    test = await createTestApp();
    client = await createApiToken(test, { type: 'client', environment: 'production' });
  });
  afterAll(async () => {
    await test.close();
  });

  const beat = (connectionId: string, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url: `/api/client/edge-licensing/heartbeat?connectionId=${connectionId}`,
      headers: { authorization: client, ...headers },
    });

  it('answers 202 Valid and keeps the latest heartbeat per connection', async () => {
    const first = await beat(CONNECTION, { 'unleash-appname': 'edge-eu', 'unleash-instanceid': 'edge-1' });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ edgeLicenseState: 'Valid' });
    // Edge sends no body; a JSON content type with it is no reason to refuse.
    const again = await beat(CONNECTION, {
      'unleash-appname': 'edge-eu',
      'unleash-instanceid': 'edge-1b',
      'content-type': 'application/json',
    });
    expect(again.statusCode, again.body).toBe(202);
    const listed = await call<{ heartbeats: Array<Record<string, unknown>> }>(
      test,
      'GET',
      '/api/admin/edge-licensing/heartbeats',
      undefined,
      200,
    );
    expect(listed.heartbeats).toEqual([
      expect.objectContaining({
        connectionId: CONNECTION,
        environment: 'production',
        appName: 'edge-eu',
        instanceId: 'edge-1b',
      }),
    ]);
    const only = listed.heartbeats[0] as { firstSeenAt: string; lastSeenAt: string };
    expect(Date.parse(only.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(only.firstSeenAt));
  });

  it('refuses a heartbeat without a ULID connection id, and any token but a client one', async () => {
    expect((await beat('not-a-ulid')).statusCode).toBe(400);
    expect(
      (
        await test.app.inject({
          method: 'POST',
          url: '/api/client/edge-licensing/heartbeat',
          headers: { authorization: client },
        })
      ).statusCode,
    ).toBe(400);
    const frontend = await createApiToken(test, { type: 'frontend', environment: 'production' });
    expect((await beat(CONNECTION, { authorization: frontend })).statusCode).toBe(403);
  });

  it('keeps at most the bound of connections', async () => {
    await test.db.deleteFrom('edge_license_heartbeats').execute();
    const rows = Array.from({ length: MAX_EDGE_HEARTBEATS }, (_, i) => ({
      connection_id: `c${i}`,
      token_environment: 'production',
      data: '{}',
      last_seen_at: new Date(),
    }));
    await test.db.insertInto('edge_license_heartbeats').values(rows).execute();
    expect((await beat('01J5X6F2Q9H8K4R1S2T3V4W5X7')).statusCode).toBe(202);
    const count = await test.db
      .selectFrom('edge_license_heartbeats')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_EDGE_HEARTBEATS);
  });
});
