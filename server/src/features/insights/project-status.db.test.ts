import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAlphaMember,
  type SeededInsightsApp,
  startSeededInsightsApp,
} from '../../../../tests/helpers/insights-seed';
import type { TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
let viewer: SeededInsightsApp['viewer'];

beforeAll(async () => {
  ({ t, viewer } = await startSeededInsightsApp());
  // The status counts project members: alpha has one.
  await addAlphaMember(t);
});

afterAll(() => t?.close());

describe('GET /api/admin/projects/{projectId}/status', () => {
  it('answers health, resources, activity and the lifecycle summary', async () => {
    const token = await t.db
      .insertInto('api_tokens')
      .values({
        secret_hash: 'x',
        prefix: 'alpha:production',
        token_name: 'alpha-sdk',
        type: 'client',
        environment: 'production',
        alias: null,
        expires_at: null,
        seen_at: null,
        created_by_user_id: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('api_token_projects').values({ token_id: token.id, project: 'alpha' }).execute();
    await t.db
      .insertInto('segments')
      .values({
        name: 'alpha-beta-testers',
        description: null,
        segment_project_id: 'alpha',
        created_by: null,
        constraints: '[]',
      })
      .execute();

    const response = await t.request('GET', '/api/admin/projects/alpha/status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      activityCountByDate: [
        { date: '2026-10-07', count: 2 },
        { date: '2026-10-08', count: 1 },
      ],
      health: { current: 33 },
      technicalDebt: { current: 67 },
      resources: { apiTokens: 1, members: 1, segments: 1 },
      staleFlags: { total: 2 },
      lifecycleSummary: {
        // Days in initial of the flags that left it: 10, 2, 7; none has left pre-live or live yet.
        initial: { averageDays: 6, currentFlags: 1 },
        preLive: { averageDays: null, currentFlags: 1 },
        live: { averageDays: null, currentFlags: 1 },
        completed: { averageDays: null, currentFlags: 0 },
        archived: { currentFlags: 1, last30Days: 0 },
      },
    });
  });

  it("answers the lead time to production of the project's live flags", async () => {
    // a-ops-stale: created 6 Oct 10:00, live 8 Oct 00:00: 1 whole day. Archived and not-live flags do not count.
    expect((await t.request('GET', '/api/admin/projects/alpha/dora')).json()).toEqual({
      features: [{ name: 'a-ops-stale', timeToProduction: 1 }],
      projectAverage: 1,
    });
    expect((await t.request('GET', '/api/admin/projects/default/dora')).json()).toEqual({
      features: [],
      projectAverage: 0,
    });
    expect((await t.request('GET', '/api/admin/projects/nope/dora')).statusCode).toBe(404);
    expect((await viewer('/api/admin/projects/secret/dora')).statusCode).toBe(404);
  });

  it('answers 404 for a missing project and for a private one the caller cannot see', async () => {
    expect((await t.request('GET', '/api/admin/projects/nope/status')).statusCode).toBe(404);
    expect((await viewer('/api/admin/projects/secret/status')).statusCode).toBe(404);
    expect((await viewer('/api/admin/projects/alpha/status')).statusCode).toBe(200);
  });
});
