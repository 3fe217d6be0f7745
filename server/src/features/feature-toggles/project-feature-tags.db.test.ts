import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Issue 31 §4: Unleash 8.2's admin flag list carries each flag's tags (projectFeatureSchema.tags).
describe('GET /api/admin/projects/:projectId/features tags', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await createFlag(test, 'tagged-one', 'default', { tags: [{ type: 'simple', value: 'ui' }] });
    await createFlag(test, 'tagged-two');
    await call(
      test,
      'PUT',
      '/api/admin/features/tagged-two/tags',
      {
        addedTags: [
          { type: 'simple', value: 'api' },
          { type: 'simple', value: 'beta' },
        ],
        removedTags: [],
      },
      200,
    );
    await createFlag(test, 'untagged');
  });
  afterAll(() => test.close());

  it('lists each flag with its tags as {value, type}, leaving tags out when a flag has none', async () => {
    const body = await call<{ features: Array<{ name: string; tags?: unknown }> }>(
      test,
      'GET',
      '/api/admin/projects/default/features',
      undefined,
      200,
    );
    const byName = new Map(body.features.map((feature) => [feature.name, feature]));
    expect(byName.get('tagged-one')?.tags).toEqual([{ value: 'ui', type: 'simple' }]);
    expect(byName.get('tagged-two')?.tags).toEqual([
      { value: 'api', type: 'simple' },
      { value: 'beta', type: 'simple' },
    ]);
    expect(byName.get('untagged')).not.toHaveProperty('tags');
  });
});
