import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/helpers/flag-model';
import { createUser } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

describe('telemetry settings and licensed users (issue 31 §5)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('says no telemetry is collected', async () => {
    expect(await call(test, 'GET', '/api/admin/telemetry/settings', undefined, 200)).toEqual({
      versionInfoCollectionEnabled: false,
      featureInfoCollectionEnabled: false,
    });
  });

  it('counts human users today and per day back, service accounts left out', async () => {
    type Licensed = {
      seatCount: number;
      licensedUsers: { current: number; history: Array<{ date: string; count: number }> };
    };
    const before = await call<Licensed>(test, 'GET', '/api/admin/licensed-users', undefined, 200);
    await createUser(test, { username: 'licensed-1', rootRole: 'Viewer' });
    await createUser(test, { username: 'licensed-2', rootRole: 'Editor' });
    await call(
      test,
      'POST',
      '/api/admin/service-account',
      { username: 'licensed-bot', name: 'Bot', rootRole: 1 },
      201,
    );
    const after = await call<Licensed>(test, 'GET', '/api/admin/licensed-users', undefined, 200);
    expect(after.seatCount).toBe(0);
    expect(after.licensedUsers.current).toBe(before.licensedUsers.current + 2);
    expect(after.licensedUsers.history).toHaveLength(30);
    const today = after.licensedUsers.history.at(-1);
    const yesterday = after.licensedUsers.history.at(-2);
    expect(today?.count).toBe(after.licensedUsers.current);
    // Both users were created today: yesterday's count is as it was.
    expect(yesterday).toEqual(before.licensedUsers.history.at(-2));
    expect(today?.count).toBe((before.licensedUsers.history.at(-1)?.count ?? 0) + 2);
    expect(today?.date).toBe(new Date(new Date().setUTCHours(0, 0, 0, 0)).toISOString());
  });
});
