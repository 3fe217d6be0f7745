import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY,
  now,
  type SeededInsightsApp,
  startSeededInsightsApp,
} from '../../../../tests/helpers/insights-seed';
import type { TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
let viewer: SeededInsightsApp['viewer'];

beforeAll(async () => {
  ({ t, viewer } = await startSeededInsightsApp());
});

afterAll(() => t?.close());

describe('GET /api/admin/insights/lifecycle', () => {
  it("counts a project's flags per lifecycle trend stage", async () => {
    const response = await t.request('GET', '/api/admin/insights/lifecycle?projects=alpha');
    expect(response.statusCode).toBe(200);
    const { develop, production, cleanup } = response.json().lifecycleTrends;
    expect(develop).toEqual({
      totalFlags: 2,
      // In develop for 2 and 60 days; a-ops-stale left after 2 days, a-archived after 7.
      medianDaysInCurrentStage: 31,
      medianDaysHistorically: 4.5,
      categories: {
        experimental: { flagsOlderThanWeek: 1, newFlagsThisWeek: 0 },
        permanent: { flagsOlderThanWeek: 0, newFlagsThisWeek: 0 },
        release: { flagsOlderThanWeek: 0, newFlagsThisWeek: 1 },
      },
    });
    expect(production).toMatchObject({
      totalFlags: 1,
      medianDaysInCurrentStage: Math.floor((now - Date.parse('2026-10-08T00:00:00Z')) / DAY),
      categories: { permanent: { flagsOlderThanWeek: 1, newFlagsThisWeek: 0 } },
    });
    expect(cleanup.totalFlags).toBe(0);
    const all = (await t.request('GET', '/api/admin/insights/lifecycle')).json().lifecycleTrends;
    expect([all.develop.totalFlags, all.production.totalFlags]).toEqual([2, 3]);
  });

  it('bounds the project list and reads an empty one as every project', async () => {
    const many = Array.from({ length: 1001 }, (_, index) => `p${index}`).join(',');
    const tooMany = await t.request('GET', `/api/admin/insights/lifecycle?projects=${many}`);
    expect([tooMany.statusCode, tooMany.json().name]).toEqual([400, 'BadDataError']);
    const blank = await t.request('GET', '/api/admin/insights/lifecycle?projects=%20,%20');
    expect(blank.statusCode).toBe(200);
    expect(blank.json().lifecycleTrends.production.totalFlags).toBe(3);
  });

  it('refuses unknown projects and private ones the caller cannot see alike', async () => {
    const unknown = await t.request('GET', '/api/admin/insights/lifecycle?projects=alpha,nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ name: 'BadDataError', details: [{ path: 'projects' }] });
    expect((await viewer('/api/admin/insights/lifecycle?projects=secret')).statusCode).toBe(400);
    expect((await viewer('/api/admin/insights/lifecycle')).json().lifecycleTrends.production.totalFlags).toBe(
      2,
    );
  });
});
