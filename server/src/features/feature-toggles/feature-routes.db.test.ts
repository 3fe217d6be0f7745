import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFlag,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

const P = '/api/admin/projects/default/features';

interface Strategy {
  id: string;
  name: string;
  sortOrder: number;
  disabled: boolean;
  parameters: Record<string, string>;
  constraints: unknown[];
  segments: number[];
  variants: Array<{ name: string; weight: number }>;
  title: string | null;
}

describe('flags API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const types = async (after: number) => (await eventsAfter(test.db, after)).map((event) => event.type);

  describe('create and validate', () => {
    it('creates a flag disabled in every project environment and records feature-created', async () => {
      const before = await latestEventId(test.db);
      const created = await call(
        test,
        'POST',
        P,
        { name: 'create-me', description: 'd', impressionData: true },
        201,
      );
      expect(created).toMatchObject({
        name: 'create-me',
        description: 'd',
        type: 'release',
        project: 'default',
        stale: false,
        impressionData: true,
        archived: false,
      });
      const feature = await call<{
        environments: Array<{ name: string; enabled: boolean; strategies: unknown[] }>;
      }>(test, 'GET', `${P}/create-me`, undefined, 200);
      expect(feature.environments.map((env) => [env.name, env.enabled, env.strategies.length])).toEqual([
        ['development', false, 0],
        ['production', false, 0],
      ]);
      const events = await eventsAfter(test.db, before);
      expect(events.map((event) => event.type)).toEqual(['feature-created']);
      expect(events[0]).toMatchObject({ featureName: 'create-me', project: 'default', environment: null });
      expect(events[0]!.data).toMatchObject({ name: 'create-me', description: 'd', type: 'release' });
    });

    it('creates with tags, tagging the flag', async () => {
      await createFlag(test, 'tagged-at-birth', 'default', { tags: [{ type: 'simple', value: 'born' }] });
      const tags = await call<{ tags: unknown[] }>(
        test,
        'GET',
        '/api/admin/features/tagged-at-birth/tags',
        undefined,
        200,
      );
      expect(tags.tags).toEqual([{ type: 'simple', value: 'born', color: '#FFFFFF' }]);
    });

    it('refuses bad names, duplicates (archived too), unknown types and projects without an event', async () => {
      await createFlag(test, 'dup');
      for (const name of ['bad name', '.', 'x'.repeat(101)]) {
        const response = await expectRejectedWithoutEvent(test, 'POST', P, { name }, 400);
        expect(JSON.parse(response.body).details[0].message).toBe(
          `"name" must be URL friendly. You provided "${name}".`,
        );
      }
      const duplicate = await expectRejectedWithoutEvent(test, 'POST', P, { name: 'dup' }, 409);
      expect(JSON.parse(duplicate.body)).toMatchObject({
        name: 'NameExistsError',
        message: 'A flag with that name already exists',
      });
      await call(test, 'DELETE', `${P}/dup`, undefined, 202);
      const archived = await expectRejectedWithoutEvent(test, 'POST', P, { name: 'dup' }, 409);
      expect(JSON.parse(archived.body).message).toBe('An archived flag with that name already exists');
      await expectRejectedWithoutEvent(test, 'POST', P, { name: 'typed', type: 'nope' }, 400);
      const noProject = await expectRejectedWithoutEvent(
        test,
        'POST',
        '/api/admin/projects/nosuch/features',
        { name: 'x1' },
        404,
      );
      expect(JSON.parse(noProject.body).message).toBe('Active project with id nosuch does not exist');
    });

    it('validates names: 200 free, 409 taken or archived, 400 not URL friendly, 415 not JSON', async () => {
      await createFlag(test, 'validated');
      await call(test, 'POST', '/api/admin/features/validate', { name: 'free-one' }, 200);
      const taken = await call<{ message: string }>(
        test,
        'POST',
        '/api/admin/features/validate',
        { name: 'validated' },
        409,
      );
      expect(taken.message).toBe('A flag with that name already exists');
      await call(test, 'POST', '/api/admin/features/validate', { name: 'not ok' }, 400);
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/admin/features/validate',
        headers: { ...test.adminHeaders, 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(response.statusCode).toBe(415);
    });
  });

  describe('read, update, patch', () => {
    it('answers 404 with Unleash messages for missing flags and wrong projects', async () => {
      await createFlag(test, 'readable');
      const missing = await call<{ message: string }>(test, 'GET', `${P}/nope`, undefined, 404);
      expect(missing.message).toBe(`There's no feature named "nope" in project "default".`);
      await call(test, 'POST', '/api/admin/projects', { id: 'other', name: 'Other' }, 201);
      const elsewhere = await call<{ message: string }>(
        test,
        'GET',
        '/api/admin/projects/other/features/readable',
        undefined,
        404,
      );
      expect(elsewhere.message).toBe(
        `There's no feature named "readable" in project "other", but there's a feature with that name in project "default"`,
      );
      await expectRejectedWithoutEvent(test, 'DELETE', `${P}/nope`, undefined, 404);
    });

    it('updates metadata with feature-metadata-updated, and stale with feature-stale-on', async () => {
      await createFlag(test, 'updatable', 'default', { description: 'd1', impressionData: true });
      const before = await latestEventId(test.db);
      const updated = await call(
        test,
        'PUT',
        `${P}/updatable`,
        { description: 'new', type: 'experiment', impressionData: false },
        200,
      );
      expect(updated).toMatchObject({
        description: 'new',
        type: 'experiment',
        impressionData: false,
        stale: false,
      });
      const patched = await call(
        test,
        'PATCH',
        `${P}/updatable`,
        [{ op: 'replace', path: '/stale', value: true }],
        200,
      );
      expect(patched).toMatchObject({ stale: true, description: 'new' });
      const events = await eventsAfter(test.db, before);
      expect(events.map((event) => event.type)).toEqual([
        'feature-metadata-updated',
        'feature-metadata-updated',
        'feature-stale-on',
      ]);
      expect(events[0]!.preData).toMatchObject({ description: 'd1', type: 'release', impressionData: true });
      expect(events[0]!.data).toMatchObject({ description: 'new', type: 'experiment' });
    });

    it('refuses a rename and a failing patch without an event', async () => {
      await createFlag(test, 'fixed-name');
      const rename = await expectRejectedWithoutEvent(test, 'PUT', `${P}/fixed-name`, { name: 'other' }, 400);
      expect(JSON.parse(rename.body).details[0].message).toBe('Cannot change name of feature flag');
      await expectRejectedWithoutEvent(
        test,
        'PATCH',
        `${P}/fixed-name`,
        [{ op: 'replace', path: '/nope', value: 1 }],
        400,
      );
      await expectRejectedWithoutEvent(test, 'PUT', `${P}/fixed-name`, { type: 'unknown-type' }, 400);
    });
  });

  describe('environments and strategies', () => {
    it('turning on without strategies adds a 100% gradual rollout; deleting the last strategy turns it off', async () => {
      await createFlag(test, 'toggled');
      const before = await latestEventId(test.db);
      await call(test, 'POST', `${P}/toggled/environments/development/on`, undefined, 200);
      const env = await call<{ enabled: boolean; strategies: Strategy[] }>(
        test,
        'GET',
        `${P}/toggled/environments/development`,
        undefined,
        200,
      );
      expect(env.enabled).toBe(true);
      expect(env.strategies).toHaveLength(1);
      expect(env.strategies[0]).toMatchObject({
        name: 'flexibleRollout',
        parameters: { rollout: '100', stickiness: 'default', groupId: 'toggled' },
        sortOrder: 0,
        disabled: false,
      });
      expect(await types(before)).toEqual(['feature-strategy-add', 'feature-environment-enabled']);

      const mark = await latestEventId(test.db);
      await call(
        test,
        'DELETE',
        `${P}/toggled/environments/development/strategies/${env.strategies[0]!.id}`,
        undefined,
        200,
      );
      expect(await types(mark)).toEqual(['feature-environment-disabled', 'feature-strategy-remove']);
      const after = await call<{ enabled: boolean }>(
        test,
        'GET',
        `${P}/toggled/environments/development`,
        undefined,
        200,
      );
      expect(after.enabled).toBe(false);

      const off = await latestEventId(test.db);
      await call(test, 'POST', `${P}/toggled/environments/development/off`, undefined, 200);
      expect(await types(off)).toEqual([]);
    });

    it('re-activates disabled strategies when asked, instead of adding one', async () => {
      await createFlag(test, 'reactivated');
      const strategy = await call<Strategy>(
        test,
        'POST',
        `${P}/reactivated/environments/development/strategies`,
        { name: 'default', disabled: true },
        200,
      );
      const before = await latestEventId(test.db);
      await call(
        test,
        'POST',
        `${P}/reactivated/environments/development/on?shouldActivateDisabledStrategies=true`,
        undefined,
        200,
      );
      expect(await types(before)).toEqual(['feature-strategy-update', 'feature-environment-enabled']);
      const list = await call<Strategy[]>(
        test,
        'GET',
        `${P}/reactivated/environments/development/strategies`,
        undefined,
        200,
      );
      expect(list.map((row) => [row.id, row.disabled])).toEqual([[strategy.id, false]]);
    });

    it('adds strategies with defaults, constraints, segments and normalised variants', async () => {
      await createFlag(test, 'strategic');
      const segment = await call<{ id: number }>(
        test,
        'POST',
        '/api/admin/segments',
        { name: 'beta', constraints: [] },
        201,
      );
      const before = await latestEventId(test.db);
      const first = await call<Strategy>(
        test,
        'POST',
        `${P}/strategic/environments/development/strategies`,
        {
          name: 'flexibleRollout',
          parameters: { rollout: 50 },
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }],
          segments: [segment.id],
          variants: ['c', 'b', 'a'].map((name) => ({
            name,
            weight: 0,
            weightType: 'variable',
            stickiness: 'default',
          })),
        },
        200,
      );
      expect(first).toMatchObject({
        name: 'flexibleRollout',
        parameters: { rollout: '50', stickiness: 'default', groupId: 'strategic' },
        segments: [segment.id],
        sortOrder: 0,
        title: null,
        disabled: false,
      });
      expect(first.variants.map((variant) => [variant.name, variant.weight])).toEqual([
        ['a', 333],
        ['b', 333],
        ['c', 334],
      ]);
      const second = await call<Strategy>(
        test,
        'POST',
        `${P}/strategic/environments/development/strategies`,
        { name: 'default' },
        200,
      );
      expect(second.sortOrder).toBe(1);
      const events = await eventsAfter(test.db, before);
      expect(events.map((event) => [event.type, event.environment])).toEqual([
        ['feature-strategy-add', 'development'],
        ['feature-strategy-add', 'development'],
      ]);
      expect(events[0]!.data).toMatchObject({ id: first.id, segments: [segment.id] });
      // The list carries Unleash 8.2's milestoneId, null for the flag's own strategies.
      const listed = await call<Array<{ id: string; milestoneId: string | null }>>(
        test,
        'GET',
        `${P}/strategic/environments/development/strategies`,
        undefined,
        200,
      );
      expect(listed.map((strategy) => [strategy.id, strategy.milestoneId])).toEqual([
        [first.id, null],
        [second.id, null],
      ]);
      expect(
        await call(
          test,
          'GET',
          `${P}/strategic/environments/development/strategies/${first.id}`,
          undefined,
          200,
        ),
      ).toMatchObject({ id: first.id, segments: [segment.id] });
      const bySegment = await call<{ strategies: unknown[] }>(
        test,
        'GET',
        `/api/admin/segments/${segment.id}/strategies`,
        undefined,
        200,
      );
      expect(bySegment.strategies).toEqual([
        {
          id: first.id,
          featureName: 'strategic',
          projectId: 'default',
          environment: 'development',
          strategyName: 'flexibleRollout',
        },
      ]);
    });

    it('refuses invalid strategies with Unleash statuses and writes nothing', async () => {
      await createFlag(test, 'picky');
      const url = `${P}/picky/environments/development/strategies`;
      const unknownType = await expectRejectedWithoutEvent(
        test,
        'POST',
        url,
        { name: 'noSuchStrategy' },
        400,
      );
      expect(JSON.parse(unknownType.body).details[0].message).toBe(
        'Could not find strategy type with name noSuchStrategy',
      );
      const missingSegment = await expectRejectedWithoutEvent(
        test,
        'POST',
        url,
        { name: 'default', segments: [987] },
        404,
      );
      expect(JSON.parse(missingSegment.body).message).toBe('No segment exists with ID "987"');
      await expectRejectedWithoutEvent(
        test,
        'POST',
        url,
        {
          name: 'default',
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'], extra: 1 }],
        },
        400,
      );
      await expectRejectedWithoutEvent(
        test,
        'POST',
        url,
        { name: 'default', constraints: [{ contextName: 'userId', operator: 'NUM_EQ', value: 'abc' }] },
        400,
      );
      await expectRejectedWithoutEvent(
        test,
        'POST',
        url,
        { name: 'default', constraints: [{ contextName: 'no-such-field', operator: 'IN', values: ['a'] }] },
        400,
      );
      const env = await expectRejectedWithoutEvent(
        test,
        'POST',
        `${P}/picky/environments/no-such-env/strategies`,
        { name: 'default' },
        400,
      );
      expect(JSON.parse(env.body).details[0].message).toBe(
        'You have not added the current environment to the project',
      );
      await expectRejectedWithoutEvent(
        test,
        'POST',
        url,
        { name: 'default', variants: [{ name: 'a', weight: 100, weightType: 'fix', stickiness: 'default' }] },
        400,
      );
      const toggle = await expectRejectedWithoutEvent(
        test,
        'POST',
        `${P}/picky/environments/no-such-env/on`,
        undefined,
        404,
      );
      expect(JSON.parse(toggle.body).message).toBe(
        'Could not find environment no-such-env for feature: picky',
      );
      await expectRejectedWithoutEvent(
        test,
        'POST',
        `${P}/nope/environments/development/strategies`,
        { name: 'default' },
        404,
      );
      const tooMany = Array.from({ length: 31 }, () => ({
        contextName: 'userId',
        operator: 'IN',
        values: ['a'],
      }));
      const limit = await expectRejectedWithoutEvent(
        test,
        'POST',
        url,
        { name: 'default', constraints: tooMany },
        400,
      );
      expect(JSON.parse(limit.body).name).toBe('ExceedsLimitError');
    });

    it('caps strategies per environment at 30', async () => {
      await createFlag(test, 'crowded');
      const url = `${P}/crowded/environments/development/strategies`;
      for (let i = 0; i < 30; i += 1) await call(test, 'POST', url, { name: 'default' }, 200);
      const response = await expectRejectedWithoutEvent(test, 'POST', url, { name: 'default' }, 400);
      expect(JSON.parse(response.body).name).toBe('ExceedsLimitError');
    });

    it('updates (PUT replaces), patches, reorders and deletes strategies with before/after events', async () => {
      await createFlag(test, 'editable');
      const url = `${P}/editable/environments/development/strategies`;
      await call(test, 'POST', `${P}/editable/environments/development/on`, undefined, 200);
      const [first] = await call<Strategy[]>(test, 'GET', url, undefined, 200);
      const second = await call<Strategy>(test, 'POST', url, { name: 'default' }, 200);

      const before = await latestEventId(test.db);
      const put = await call<Strategy>(
        test,
        'PUT',
        `${url}/${first!.id}`,
        { parameters: { rollout: '50' } },
        200,
      );
      expect(put).toMatchObject({
        name: 'flexibleRollout',
        parameters: { rollout: '50' },
        constraints: [],
        sortOrder: 0,
      });
      const patched = await call<Strategy>(
        test,
        'PATCH',
        `${url}/${first!.id}`,
        [
          { op: 'replace', path: '/parameters/rollout', value: '20' },
          { op: 'replace', path: '/title', value: 'T' },
        ],
        200,
      );
      expect(patched).toMatchObject({ parameters: { rollout: '20' }, title: 'T' });
      await call(
        test,
        'POST',
        `${url}/set-sort-order`,
        [
          { id: first!.id, sortOrder: 5 },
          { id: second.id, sortOrder: 1 },
        ],
        200,
      );
      const ordered = await call<Strategy[]>(test, 'GET', url, undefined, 200);
      expect(ordered.map((row) => row.id)).toEqual([second.id, first!.id]);
      const events = await eventsAfter(test.db, before);
      expect(events.map((event) => event.type)).toEqual([
        'feature-strategy-update',
        'feature-strategy-update',
        'strategy-order-changed',
      ]);
      expect(events[0]!.preData).toMatchObject({ parameters: { rollout: '100', groupId: 'editable' } });
      expect(events[0]!.data).toMatchObject({ parameters: { rollout: '50' } });
      expect(events[2]!.data).toEqual({ strategyIds: [second.id, first!.id] });
      expect(events[2]!.preData).toEqual({ strategyIds: [first!.id, second.id] });
      // New numbers in the same order: stored, but nothing recorded (Unleash 8.2, issue 31 §4).
      const renumbered = await latestEventId(test.db);
      await call(
        test,
        'POST',
        `${url}/set-sort-order`,
        [
          { id: first!.id, sortOrder: 9 },
          { id: second.id, sortOrder: 2 },
        ],
        200,
      );
      const kept = await call<Strategy[]>(test, 'GET', url, undefined, 200);
      expect(kept.map((row) => [row.id, row.sortOrder])).toEqual([
        [second.id, 2],
        [first!.id, 9],
      ]);
      expect(await eventsAfter(test.db, renumbered)).toEqual([]);

      // Disabling every strategy turns the environment off, as Unleash does.
      const mark = await latestEventId(test.db);
      await call(test, 'PUT', `${url}/${first!.id}`, { name: 'flexibleRollout', disabled: true }, 200);
      await call(test, 'PUT', `${url}/${second.id}`, { name: 'default', disabled: true }, 200);
      expect(await types(mark)).toEqual([
        'feature-strategy-update',
        'feature-strategy-update',
        'feature-environment-disabled',
      ]);

      await expectRejectedWithoutEvent(
        test,
        'POST',
        `${url}/set-sort-order`,
        [{ id: 'nosuch', sortOrder: 1 }],
        400,
      );
      const missing = await expectRejectedWithoutEvent(
        test,
        'PUT',
        `${url}/nosuch`,
        { name: 'default' },
        404,
      );
      expect(JSON.parse(missing.body).message).toBe('Could not find strategy with id=nosuch');
      await expectRejectedWithoutEvent(test, 'DELETE', `${url}/nosuch`, undefined, 404);
      await call(test, 'GET', `${url}/nosuch`, undefined, 404);
      await expectRejectedWithoutEvent(
        test,
        'PATCH',
        `${url}/${first!.id}`,
        [{ op: 'replace', path: '/constraints', value: [{ contextName: 'userId', operator: 'BAD' }] }],
        400,
      );
    });

    it("replaces a strategy's segments through /api/admin/segments/strategies", async () => {
      await createFlag(test, 'segmented');
      const segment = await call<{ id: number }>(
        test,
        'POST',
        '/api/admin/segments',
        { name: 'seg-for-strategy', constraints: [] },
        201,
      );
      const strategy = await call<Strategy>(
        test,
        'POST',
        `${P}/segmented/environments/development/strategies`,
        { name: 'default' },
        200,
      );
      const body = {
        projectId: 'default',
        strategyId: strategy.id,
        environmentId: 'development',
        segmentIds: [segment.id],
      };
      const before = await latestEventId(test.db);
      expect(await call(test, 'POST', '/api/admin/segments/strategies', body, 201)).toEqual(body);
      expect(await types(before)).toEqual(['feature-strategy-update']);
      const segments = await call<{ segments: Array<{ id: number }> }>(
        test,
        'GET',
        `/api/admin/segments/strategies/${strategy.id}`,
        undefined,
        200,
      );
      expect(segments.segments.map((row) => row.id)).toEqual([segment.id]);
      await expectRejectedWithoutEvent(
        test,
        'POST',
        '/api/admin/segments/strategies',
        { ...body, segmentIds: [99999] },
        404,
      );
      await expectRejectedWithoutEvent(
        test,
        'POST',
        '/api/admin/segments/strategies',
        { ...body, strategyId: 'nope' },
        404,
      );
    });
  });

  describe('variants', () => {
    it('normalises environment variants to 1000 and records before/after', async () => {
      await createFlag(test, 'variant-flag');
      const url = `${P}/variant-flag/environments/development/variants`;
      const before = await latestEventId(test.db);
      const result = await call<{ variants: Array<{ name: string; weight: number }> }>(
        test,
        'PUT',
        url,
        [
          {
            name: 'b',
            weight: 0,
            weightType: 'variable',
            stickiness: 'userId',
            overrides: [{ contextName: 'userId', values: ['1'] }],
          },
          { name: 'a', weight: 100, weightType: 'fix', payload: { type: 'json', value: '{"x":1}' } },
        ],
        200,
      );
      expect(result.variants).toEqual([
        { name: 'a', weight: 100, weightType: 'fix', payload: { type: 'json', value: '{"x":1}' } },
        {
          name: 'b',
          weight: 900,
          weightType: 'variable',
          stickiness: 'userId',
          overrides: [{ contextName: 'userId', values: ['1'] }],
        },
      ]);
      const patched = await call<{ variants: Array<{ name: string; weight: number }> }>(
        test,
        'PATCH',
        url,
        [{ op: 'add', path: '/-', value: { name: 'c', weight: 0, weightType: 'variable' } }],
        200,
      );
      expect(patched.variants.map((variant) => [variant.name, variant.weight])).toEqual([
        ['a', 100],
        ['b', 450],
        ['c', 450],
      ]);
      expect(await call(test, 'GET', url, undefined, 200)).toEqual({
        version: 1,
        variants: patched.variants,
      });
      const events = await eventsAfter(test.db, before);
      expect(events.map((event) => event.type)).toEqual([
        'feature-environment-variants-updated',
        'feature-environment-variants-updated',
      ]);
      expect(events[1]!.preData).toEqual({ variants: result.variants });
    });

    it('refuses variants without a variable one, duplicates, bad JSON and over-weight', async () => {
      await createFlag(test, 'variant-rules');
      const url = `${P}/variant-rules/environments/development/variants`;
      const noVariable = await expectRejectedWithoutEvent(
        test,
        'PUT',
        url,
        [{ name: 'a', weight: 500, weightType: 'fix' }],
        400,
      );
      expect(JSON.parse(noVariable.body).details[0].message).toBe(
        'There must be at least one "variable" variant',
      );
      await expectRejectedWithoutEvent(
        test,
        'PUT',
        url,
        [
          { name: 'a', weight: 0, weightType: 'variable' },
          { name: 'a', weight: 0, weightType: 'variable' },
        ],
        400,
      );
      await expectRejectedWithoutEvent(
        test,
        'PUT',
        url,
        [{ name: 'a', weight: 0, weightType: 'variable', payload: { type: 'json', value: '{bad' } }],
        400,
      );
      await expectRejectedWithoutEvent(
        test,
        'PUT',
        url,
        [{ name: 'a', weight: 1001, weightType: 'variable' }],
        400,
      );
      await expectRejectedWithoutEvent(
        test,
        'PUT',
        url,
        [{ name: 'a', weight: 0, weightType: 'variable', extra: 1 }],
        400,
      );
    });

    it('sets the same variants on several environments with variants-batch', async () => {
      await createFlag(test, 'batch-variants');
      const result = await call<{ variants: unknown[] }>(
        test,
        'PUT',
        `${P}/batch-variants/variants-batch`,
        {
          variants: [{ name: 'v', weight: 0, weightType: 'variable' }],
          environments: ['development', 'production'],
        },
        200,
      );
      expect(result.variants).toEqual([{ name: 'v', weight: 1000, weightType: 'variable' }]);
      for (const env of ['development', 'production']) {
        const variants = await call<{ variants: unknown[] }>(
          test,
          'GET',
          `${P}/batch-variants/environments/${env}/variants`,
          undefined,
          200,
        );
        expect(variants.variants).toEqual(result.variants);
      }
    });
  });

  describe('clone, stale, archive, revive, delete', () => {
    it('clones strategies (new ids, group id renamed), variants and dependencies, disabled', async () => {
      await createFlag(test, 'origin', 'default', { description: 'src', type: 'experiment' });
      await call(test, 'POST', `${P}/origin/environments/development/on`, undefined, 200);
      await call(
        test,
        'PUT',
        `${P}/origin/environments/development/variants`,
        [{ name: 'v', weight: 0, weightType: 'variable' }],
        200,
      );
      const before = await latestEventId(test.db);
      const clone = await call(test, 'POST', `${P}/origin/clone`, { name: 'origin-copy' }, 201);
      expect(clone).toMatchObject({ name: 'origin-copy', description: 'src', type: 'experiment' });
      const env = await call<{ enabled: boolean; strategies: Strategy[] }>(
        test,
        'GET',
        `${P}/origin-copy/environments/development`,
        undefined,
        200,
      );
      expect(env.enabled).toBe(false);
      expect(env.strategies[0]!.parameters.groupId).toBe('origin-copy');
      const original = await call<{ strategies: Strategy[] }>(
        test,
        'GET',
        `${P}/origin/environments/development`,
        undefined,
        200,
      );
      expect(env.strategies[0]!.id).not.toBe(original.strategies[0]!.id);
      const variants = await call<{ variants: unknown[] }>(
        test,
        'GET',
        `${P}/origin-copy/environments/development/variants`,
        undefined,
        200,
      );
      expect(variants.variants).toHaveLength(1);
      expect(await types(before)).toEqual(['feature-created', 'feature-strategy-add']);
      await expectRejectedWithoutEvent(test, 'POST', `${P}/origin/clone`, { name: 'origin-copy' }, 409);
      await expectRejectedWithoutEvent(test, 'POST', `${P}/nope/clone`, { name: 'fresh' }, 404);
    });

    it('marks stale in bulk, skipping flags already stale and names that do not exist', async () => {
      await createFlag(test, 'stale-a');
      await createFlag(test, 'stale-b');
      await call(
        test,
        'POST',
        '/api/admin/projects/default/stale',
        { features: ['stale-a'], stale: true },
        202,
      );
      const before = await latestEventId(test.db);
      await call(
        test,
        'POST',
        '/api/admin/projects/default/stale',
        { features: ['stale-a', 'stale-b', 'nosuch'], stale: true },
        202,
      );
      const events = await eventsAfter(test.db, before);
      expect(events.map((event) => [event.type, event.featureName])).toEqual([
        ['feature-stale-on', 'stale-b'],
      ]);
      const flag = await call<{ stale: boolean }>(test, 'GET', `${P}/stale-b`, undefined, 200);
      expect(flag.stale).toBe(true);
    });

    it('archives (202), revives and deletes archived flags with their events', async () => {
      await createFlag(test, 'lifecycle');
      const before = await latestEventId(test.db);
      await call(test, 'DELETE', `${P}/lifecycle`, undefined, 202);
      const archived = await call<{ message: string }>(test, 'GET', `${P}/lifecycle`, undefined, 404);
      expect(archived.message).toBe('Could not find feature flag with name lifecycle');
      await call(test, 'POST', '/api/admin/archive/revive/lifecycle', undefined, 200);
      await call(test, 'GET', `${P}/lifecycle`, undefined, 200);
      // Deleting a flag that is not archived does nothing (200, as Unleash).
      await call(test, 'DELETE', '/api/admin/archive/lifecycle', undefined, 200);
      await call(test, 'GET', `${P}/lifecycle`, undefined, 200);
      await call(test, 'DELETE', `${P}/lifecycle`, undefined, 202);
      await call(test, 'DELETE', '/api/admin/archive/lifecycle', undefined, 200);
      const events = await eventsAfter(test.db, before);
      expect(events.map((event) => event.type)).toEqual([
        'feature-archived',
        'feature-revived',
        'feature-archived',
        'feature-deleted',
      ]);
      expect(events[3]!.preData).toMatchObject({ name: 'lifecycle', archived: true });
      await call(test, 'POST', '/api/admin/features/validate', { name: 'lifecycle' }, 200);
      await expectRejectedWithoutEvent(test, 'POST', '/api/admin/archive/revive/nosuch', undefined, 404);
    });

    it('archives, revives and deletes in bulk per project', async () => {
      await createFlag(test, 'bulk-1');
      await createFlag(test, 'bulk-2');
      await call(
        test,
        'POST',
        '/api/admin/projects/default/archive',
        { features: ['bulk-1', 'bulk-2'] },
        202,
      );
      await call(test, 'POST', '/api/admin/projects/default/revive', { features: ['bulk-1'] }, 200);
      await call(test, 'GET', `${P}/bulk-1`, undefined, 200);
      const before = await latestEventId(test.db);
      await call(test, 'POST', '/api/admin/projects/default/delete', { features: ['bulk-2', 'bulk-1'] }, 200);
      // Only the archived one goes.
      expect((await eventsAfter(test.db, before)).map((event) => [event.type, event.featureName])).toEqual([
        ['feature-deleted', 'bulk-2'],
      ]);
      await call(test, 'GET', `${P}/bulk-1`, undefined, 200);
      await expectRejectedWithoutEvent(
        test,
        'POST',
        '/api/admin/projects/default/archive',
        { features: ['nosuch'] },
        404,
      );
    });

    it('turns environments on and off in bulk', async () => {
      await createFlag(test, 'bulk-on-1');
      await createFlag(test, 'bulk-on-2');
      await call(
        test,
        'POST',
        '/api/admin/projects/default/bulk_features/environments/production/on',
        { features: ['bulk-on-1', 'bulk-on-2'] },
        200,
      );
      for (const name of ['bulk-on-1', 'bulk-on-2']) {
        const env = await call<{ enabled: boolean }>(
          test,
          'GET',
          `${P}/${name}/environments/production`,
          undefined,
          200,
        );
        expect(env.enabled).toBe(true);
      }
      // One unknown flag rejects the whole batch.
      await expectRejectedWithoutEvent(
        test,
        'POST',
        '/api/admin/projects/default/bulk_features/environments/production/off',
        { features: ['bulk-on-1', 'nosuch'] },
        404,
      );
      const still = await call<{ enabled: boolean }>(
        test,
        'GET',
        `${P}/bulk-on-1/environments/production`,
        undefined,
        200,
      );
      expect(still.enabled).toBe(true);
    });
  });

  it("lists the project's flags with their environments", async () => {
    await createFlag(test, 'listed');
    await call(test, 'POST', `${P}/listed/environments/development/on`, undefined, 200);
    const list = await call<{ version: number; features: Array<{ name: string; environments: unknown[] }> }>(
      test,
      'GET',
      P,
      undefined,
      200,
    );
    expect(list.version).toBe(2);
    expect(list.features.find((feature) => feature.name === 'listed')?.environments).toEqual([
      {
        name: 'development',
        type: 'development',
        enabled: true,
        sortOrder: 2,
        variantCount: 0,
        lastSeenAt: null,
        hasStrategies: true,
        hasEnabledStrategies: true,
      },
      {
        name: 'production',
        type: 'production',
        enabled: false,
        sortOrder: 3,
        variantCount: 0,
        lastSeenAt: null,
        hasStrategies: false,
        hasEnabledStrategies: false,
      },
    ]);
  });
});
