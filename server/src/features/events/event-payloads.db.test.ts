import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Issue 31 §4: the data/preData of api-token, tag, tag-type and context-field events as Unleash 8.2
// records them (observed on the reference through the compat harness), never a token's secret.
const TS = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

describe('event payloads', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('records api tokens without their secret or its prefix', async () => {
    const before = await latestEventId(test.db);
    const { secret, prefix } = await call<{ secret: string; prefix: string }>(
      test,
      'POST',
      '/api/admin/api-tokens',
      { tokenName: 'payload', type: 'client', environment: 'development', projects: ['default'] },
      201,
    );
    const expiresAt = '2031-01-01T00:00:00.000Z';
    await call(test, 'PUT', `/api/admin/api-tokens/${encodeURIComponent(prefix)}`, { expiresAt }, 200);
    await call(test, 'DELETE', `/api/admin/api-tokens/${encodeURIComponent(prefix)}`, undefined, 200);
    const token = {
      tokenName: 'payload',
      type: 'client',
      environment: 'development',
      project: 'default',
      projects: ['default'],
      alias: null,
      secure: true,
      createdAt: TS,
    };
    const events = await eventsAfter(test.db, before);
    expect(events.map(({ type, project, data, preData }) => ({ type, project, data, preData }))).toEqual([
      { type: 'api-token-created', project: 'default', data: token, preData: null },
      {
        type: 'api-token-updated',
        project: 'default',
        data: { ...token, expiresAt, seenAt: null },
        preData: { ...token, expiresAt: null, seenAt: null },
      },
      {
        type: 'api-token-deleted',
        project: 'default',
        data: null,
        preData: { ...token, expiresAt, seenAt: null },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(secret.slice(0, 20));
  });

  it('names all projects `*` on the event of an all-projects token', async () => {
    const before = await latestEventId(test.db);
    await call(test, 'POST', '/api/admin/api-tokens', { tokenName: 'everywhere', type: 'frontend' }, 201);
    const [created] = await eventsAfter(test.db, before);
    expect(created).toMatchObject({ project: '*', data: { project: '*', projects: ['*'] } });
  });

  it('records tag types without an unset colour, and a deleted tag as data', async () => {
    const before = await latestEventId(test.db);
    await call(
      test,
      'POST',
      '/api/admin/tag-types',
      { name: 'team', description: 'Owning team', icon: '#' },
      201,
    );
    await call(test, 'PUT', '/api/admin/tag-types/team', { description: 'Team', icon: 'T' }, 200);
    await call(test, 'POST', '/api/admin/tags', { type: 'team', value: 'core' }, 201);
    await call(test, 'DELETE', '/api/admin/tags/team/core', undefined, 200);
    const events = await eventsAfter(test.db, before);
    expect(events.map(({ type, data, preData }) => ({ type, data, preData }))).toEqual([
      {
        type: 'tag-type-created',
        data: { name: 'team', description: 'Owning team', icon: '#' },
        preData: null,
      },
      {
        type: 'tag-type-updated',
        data: { name: 'team', description: 'Team', icon: 'T' },
        preData: { name: 'team', description: 'Owning team', icon: '#' },
      },
      { type: 'tag-created', data: { type: 'team', value: 'core' }, preData: null },
      { type: 'tag-deleted', data: { type: 'team', value: 'core' }, preData: null },
    ]);
  });

  it('records context fields as requested on create and PUT, and only preData on delete', async () => {
    const before = await latestEventId(test.db);
    await call(test, 'POST', '/api/admin/context', { name: 'region', description: 'Where' }, 201);
    await call(
      test,
      'PUT',
      '/api/admin/context/region',
      { name: 'region', description: 'Region', legalValues: [{ value: 'eu' }] },
      200,
    );
    await call(test, 'POST', '/api/admin/context/region/legal-values', { value: 'us' }, 200);
    await call(test, 'DELETE', '/api/admin/context/region', undefined, 200);
    const events = await eventsAfter(test.db, before);
    const stored = { name: 'region', description: 'Region', stickiness: false, sortOrder: 0, createdAt: TS };
    expect(events.map(({ type, data, preData }) => ({ type, data, preData }))).toEqual([
      {
        type: 'context-field-created',
        data: { name: 'region', description: 'Where', stickiness: false },
        preData: null,
      },
      {
        type: 'context-field-updated',
        data: { name: 'region', description: 'Region', stickiness: false, legalValues: [{ value: 'eu' }] },
        preData: { name: 'region', description: 'Where', stickiness: false, legalValues: [] },
      },
      {
        type: 'context-field-updated',
        data: { ...stored, legalValues: [{ value: 'eu' }, { value: 'us' }] },
        preData: { ...stored, legalValues: [{ value: 'eu' }] },
      },
      {
        type: 'context-field-deleted',
        data: null,
        preData: { ...stored, legalValues: [{ value: 'eu' }, { value: 'us' }] },
      },
    ]);
  });
  it('records a custom strategy type without an unset title', async () => {
    const before = await latestEventId(test.db);
    const parameters = [{ name: 'level', type: 'string', description: 'Level', required: false }];
    await call(
      test,
      'POST',
      '/api/admin/strategies',
      { name: 'custom', description: 'A custom', parameters },
      201,
    );
    const [created] = await eventsAfter(test.db, before);
    expect(created).toMatchObject({ type: 'strategy-created', preData: null });
    expect(created!.data).toEqual({
      name: 'custom',
      description: 'A custom',
      parameters,
      editable: true,
      deprecated: false,
    });
  });
  it('answers the coloured tags of an untagging event on the events API', async () => {
    await call(test, 'POST', '/api/admin/projects/default/features', { name: 'untag-me' }, 201);
    await call(test, 'POST', '/api/admin/features/untag-me/tags', { type: 'simple', value: 'aa' }, 201);
    await call(test, 'DELETE', '/api/admin/features/untag-me/tags/simple/aa', undefined, 200);
    const { events } = await call<{ events: Array<{ type: string; tags: unknown }> }>(
      test,
      'GET',
      '/api/admin/events/untag-me',
      undefined,
      200,
    );
    expect(events.find((event) => event.type === 'feature-untagged')?.tags).toEqual([
      { type: 'simple', value: 'aa', color: '#FFFFFF' },
    ]);
    expect(events.find((event) => event.type === 'feature-tagged')?.tags).toEqual([
      { type: 'simple', value: 'aa' },
    ]);
  });
  it('tags a flag with several tags as Unleash orders it: tags created, then one event each', async () => {
    await call(test, 'POST', '/api/admin/projects/default/features', { name: 'multi' }, 201);
    const before = await latestEventId(test.db);
    await call(
      test,
      'PUT',
      '/api/admin/features/multi/tags',
      {
        addedTags: [
          { type: 'simple', value: 'one' },
          { type: 'simple', value: 'two' },
        ],
        removedTags: [{ type: 'simple', value: 'absent' }],
      },
      200,
    );
    const rows = await test.db
      .selectFrom('events')
      .select(['type', 'data', 'pre_data', 'tags'])
      .where('id', '>', before)
      .orderBy('id')
      .execute();
    const both = [
      { type: 'simple', value: 'one' },
      { type: 'simple', value: 'two' },
    ];
    expect(rows.map((row) => [row.type, row.data ?? row.pre_data, row.tags])).toEqual([
      ['tag-created', both[0], []],
      ['tag-created', both[1], []],
      ['feature-tagged', both[0], both],
      ['feature-tagged', both[1], both],
      [
        'feature-untagged',
        { type: 'simple', value: 'absent' },
        both.map((tag) => ({ ...tag, color: '#FFFFFF' })),
      ],
    ]);
  });
});
