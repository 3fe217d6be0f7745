import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectRejectedWithoutEvent } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { RELEASE_PLAN_LIMITS, type ReleasePlanTemplate } from '../../../contract';

const BASE = '/api/admin/release-plan-templates';

/** Bounds and hostile input on the template routes: always a 4xx in Unleash's error shape, never an event. */
describe('release templates: validation and bounds', () => {
  let test: TestApp;
  let template: ReleasePlanTemplate;
  let strategiesUrl: string;
  let projectSegmentId: number;
  beforeAll(async () => {
    test = await createTestApp();
    template = await call<ReleasePlanTemplate>(
      test,
      'POST',
      BASE,
      { name: 'Base', milestones: [{ name: 'M' }] },
      200,
    );
    strategiesUrl = `${BASE}/${template.id}/milestones/${template.milestones![0]!.id}/strategies`;
    projectSegmentId = (
      await call<{ id: number }>(
        test,
        'POST',
        '/api/admin/segments',
        { name: 'project-only', project: 'default', constraints: [] },
        201,
      )
    ).id;
  });
  afterAll(async () => {
    await test.close();
  });

  const refused = async (
    method: 'POST' | 'PUT',
    url: string,
    body: unknown,
    status: number,
    name: string,
  ) => {
    const response = await expectRejectedWithoutEvent(test, method, url, body, status);
    expect(response.json()).toMatchObject({ name, message: expect.any(String) });
    expect(response.json().details[0].message).toEqual(expect.any(String));
  };

  it('refuses bad template names and descriptions', async () => {
    const long = 'x'.repeat(RELEASE_PLAN_LIMITS.nameLength + 1);
    for (const body of [
      {},
      { name: null },
      { name: '' },
      { name: '   ' },
      { name: long },
      { name: 'nul\u0000byte' },
      { name: 'ok', description: 'd'.repeat(RELEASE_PLAN_LIMITS.descriptionLength + 1) },
      { name: 'ok', description: 'nul\u0000' },
      { name: 'ok', milestones: 'not a list' },
      [],
    ]) {
      await refused('POST', BASE, body, 400, 'BadDataError');
    }
    await refused('PUT', `${BASE}/${template.id}`, { name: '' }, 400, 'BadDataError');
    await refused('POST', `${BASE}/${template.id}/milestones`, { name: '' }, 400, 'BadDataError');
    await refused(
      'PUT',
      `${BASE}/${template.id}/milestones/${template.milestones![0]!.id}`,
      { name: ' ' },
      400,
      'BadDataError',
    );
  });

  it('bounds milestones per template, strategies per milestone and positions', async () => {
    const milestones = Array.from({ length: RELEASE_PLAN_LIMITS.milestonesPerDefinition + 1 }, (_, i) => ({
      name: `m${i}`,
    }));
    await refused('POST', BASE, { name: 'too many', milestones }, 400, 'ExceedsLimitError');
    const full = await call<ReleasePlanTemplate>(
      test,
      'POST',
      BASE,
      { name: 'full', milestones: milestones.slice(1) },
      200,
    );
    expect(full.milestones).toHaveLength(RELEASE_PLAN_LIMITS.milestonesPerDefinition);
    await refused('POST', `${BASE}/${full.id}/milestones`, { name: 'one more' }, 400, 'ExceedsLimitError');

    const strategies = Array.from({ length: RELEASE_PLAN_LIMITS.strategiesPerMilestone + 1 }, () => ({
      name: 'default',
    }));
    await refused(
      'POST',
      BASE,
      { name: 'too many', milestones: [{ name: 'm', strategies }] },
      400,
      'ExceedsLimitError',
    );

    for (const sortOrder of [2 ** 31, -(2 ** 31) - 1, 1e300]) {
      await refused(
        'POST',
        `${BASE}/${template.id}/milestones`,
        { name: 'far', sortOrder },
        400,
        'BadDataError',
      );
      await refused('POST', strategiesUrl, { name: 'default', sortOrder }, 400, 'BadDataError');
    }
    await refused('POST', strategiesUrl, { name: 'default', sortOrder: 1.5 }, 400, 'BadDataError');
    await refused(
      'POST',
      `${BASE}/${template.id}/milestones`,
      { name: 'half', sortOrder: 1.5 },
      400,
      'BadDataError',
    );
  });

  it('validates milestone strategies as flag strategies', async () => {
    const cases: Array<[body: object, status: number, name: string]> = [
      [{}, 400, 'BadDataError'],
      [{ name: 'noSuchStrategy' }, 400, 'BadDataError'],
      [
        { name: 'default', constraints: [{ contextName: 'userId', operator: 'NOPE', values: [] }] },
        400,
        'BadDataError',
      ],
      [
        { name: 'default', constraints: [{ contextName: 'userId', operator: 'REGEX', value: '(unclosed' }] },
        400,
        'BadDataError',
      ],
      [{ name: 'default', segments: [999_999] }, 404, 'NotFoundError'],
      [{ name: 'default', segments: [projectSegmentId] }, 400, 'BadDataError'],
      [{ name: 'default', segments: [1, 2, 3, 4, 5, 6] }, 400, 'ExceedsLimitError'],
      [
        {
          name: 'flexibleRollout',
          variants: [{ name: 'a', weight: 1000, weightType: 'fix', stickiness: 'default' }],
        },
        400,
        'BadDataError',
      ],
      [
        { name: 'default', title: 't'.repeat(RELEASE_PLAN_LIMITS.strategyTitleLength + 1) },
        400,
        'BadDataError',
      ],
    ];
    for (const [body, status, name] of cases) await refused('POST', strategiesUrl, body, status, name);
  });

  it('answers hostile ids and numbers with a 4xx, never a 5xx', async () => {
    const milestoneUrl = `${BASE}/${template.id}/milestones`;
    for (const [method, url, body] of [
      ['GET', `${BASE}/%00`, undefined],
      ['GET', `${BASE}/${'z'.repeat(10_000)}`, undefined],
      ['PUT', `${BASE}/%00`, { name: 'x' }],
      ['PUT', `${milestoneUrl}/%00`, { name: 'x' }],
      ['DELETE', `${milestoneUrl}/%00/strategies/%00`, undefined],
      ['POST', strategiesUrl, { name: 'default', segments: [2 ** 40] }],
      ['POST', strategiesUrl, { name: 'default', parameters: { rollout: 'nul\u0000' } }],
    ] as const) {
      const response = await test.request(method, url, body);
      expect(
        response.statusCode,
        `${method} ${url.slice(0, 80)}: ${response.body.slice(0, 200)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url.slice(0, 80)}`).toBeLessThan(500);
      expect(response.json().name).toEqual(expect.any(String));
    }
  });
});
