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

describe('dependencies API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    for (const name of ['parent', 'child', 'other', 'grandchild']) await createFlag(test, name);
  });
  afterAll(async () => {
    await test.close();
  });

  it('adds (upserting), lists and removes a dependency with events', async () => {
    expect(await call(test, 'GET', '/api/admin/projects/default/dependencies', undefined, 200)).toBe(false);
    const before = await latestEventId(test.db);
    await call(test, 'POST', `${P}/child/dependencies`, { feature: 'parent' }, 200);
    await call(test, 'POST', `${P}/child/dependencies`, { feature: 'parent', enabled: false }, 200);
    expect(await call(test, 'GET', '/api/admin/projects/default/dependencies', undefined, 200)).toBe(true);
    const child = await call<{ dependencies: unknown[] }>(test, 'GET', `${P}/child`, undefined, 200);
    expect(child.dependencies).toEqual([{ feature: 'parent', enabled: false, variants: [] }]);
    const parent = await call<{ children: string[] }>(test, 'GET', `${P}/parent`, undefined, 200);
    expect(parent.children).toEqual(['child']);
    await call(test, 'DELETE', `${P}/child/dependencies/parent`, undefined, 200);
    await call(test, 'POST', `${P}/child/dependencies`, { feature: 'parent', variants: ['a'] }, 200);
    await call(test, 'DELETE', `${P}/child/dependencies`, undefined, 200);
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => [event.type, event.featureName])).toEqual([
      ['feature-dependency-added', 'child'],
      ['feature-dependency-added', 'child'],
      ['feature-dependency-removed', 'child'],
      ['feature-dependency-added', 'child'],
      ['feature-dependencies-removed', 'child'],
    ]);
    expect(events[0]!.data).toEqual({ feature: 'parent', enabled: true });
    expect(events[3]!.data).toEqual({ feature: 'parent', enabled: true, variants: ['a'] });
  });

  it("enforces Unleash's write rules with 403 InvalidOperationError", async () => {
    const self = await expectRejectedWithoutEvent(
      test,
      'POST',
      `${P}/child/dependencies`,
      { feature: 'child' },
      403,
    );
    expect(JSON.parse(self.body)).toMatchObject({
      name: 'InvalidOperationError',
      message: 'A feature flag cannot depend on itself.',
    });
    const missing = await expectRejectedWithoutEvent(
      test,
      'POST',
      `${P}/child/dependencies`,
      { feature: 'nosuch' },
      403,
    );
    expect(JSON.parse(missing.body).message).toBe('No active feature nosuch exists');
    await call(test, 'POST', `${P}/child/dependencies`, { feature: 'parent' }, 200);
    const parentGetsParent = await expectRejectedWithoutEvent(
      test,
      'POST',
      `${P}/parent/dependencies`,
      { feature: 'other' },
      403,
    );
    expect(JSON.parse(parentGetsParent.body).message).toBe(
      'Transitive dependency detected. Cannot add a dependency to the feature that other features depend on.',
    );
    const childBecomesParent = await expectRejectedWithoutEvent(
      test,
      'POST',
      `${P}/grandchild/dependencies`,
      { feature: 'child' },
      403,
    );
    expect(JSON.parse(childBecomesParent.body).message).toBe(
      'Transitive dependency detected. Cannot add a dependency to the feature that has parent dependency.',
    );
    await call(test, 'POST', '/api/admin/projects', { id: 'far', name: 'Far' }, 201);
    await createFlag(test, 'far-flag', 'far');
    const crossProject = await expectRejectedWithoutEvent(
      test,
      'POST',
      `${P}/child/dependencies`,
      { feature: 'far-flag' },
      404,
    );
    expect(JSON.parse(crossProject.body).message).toBe(
      'Cannot add the dependency. Both the parent and the child feature must belong to project "default".',
    );
    await expectRejectedWithoutEvent(
      test,
      'POST',
      `${P}/nosuchchild/dependencies`,
      { feature: 'parent' },
      404,
    );
  });

  it('lists parent and parent-variant options', async () => {
    expect(await call(test, 'GET', `${P}/grandchild/parents`, undefined, 200)).toEqual(['other', 'parent']);
    // A parent cannot get parents itself.
    expect(await call(test, 'GET', `${P}/parent/parents`, undefined, 200)).toEqual([]);
    await call(
      test,
      'POST',
      `${P}/parent/environments/development/strategies`,
      {
        name: 'default',
        variants: [{ name: 'blue', weight: 0, weightType: 'variable', stickiness: 'default' }],
      },
      200,
    );
    await call(
      test,
      'PUT',
      `${P}/parent/environments/production/variants`,
      [{ name: 'red', weight: 0, weightType: 'variable' }],
      200,
    );
    expect(await call(test, 'GET', `${P}/parent/parent-variants`, undefined, 200)).toEqual(['blue', 'red']);
  });

  it('refuses to archive a parent alone, archives it with its children, and validates first', async () => {
    await createFlag(test, 'p2');
    await createFlag(test, 'c2');
    await call(test, 'POST', `${P}/c2/dependencies`, { feature: 'p2' }, 200);
    expect(
      await call(test, 'POST', '/api/admin/projects/default/archive/validate', { features: ['p2'] }, 200),
    ).toEqual({ parentsWithChildFeatures: ['p2'], hasDeletedDependencies: true });
    expect(
      await call(
        test,
        'POST',
        '/api/admin/projects/default/archive/validate',
        { features: ['p2', 'c2'] },
        200,
      ),
    ).toEqual({ parentsWithChildFeatures: [], hasDeletedDependencies: true });
    const refused = await expectRejectedWithoutEvent(test, 'DELETE', `${P}/p2`, undefined, 403);
    expect(JSON.parse(refused.body).message).toBe(
      'You can not archive/delete this feature since other features depend on it.',
    );
    const before = await latestEventId(test.db);
    await call(test, 'POST', '/api/admin/projects/default/archive', { features: ['p2', 'c2'] }, 202);
    expect((await eventsAfter(test.db, before)).map((event) => [event.type, event.featureName])).toEqual([
      ['feature-dependencies-removed', 'c2'],
      ['feature-archived', 'c2'],
      ['feature-archived', 'p2'],
    ]);
  });
});
