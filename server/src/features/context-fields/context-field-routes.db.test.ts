import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFlag,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/** Observed on the reference Unleash 8.2 OSS, fresh database (issue 31 §4). */
const BUILT_IN_CONTEXT_FIELDS_OF_UNLEASH = [
  {
    name: 'appName',
    description: 'Allows you to constrain on application name',
    stickiness: false,
    sortOrder: 2,
    legalValues: [],
  },
  {
    name: 'currentTime',
    description: 'Allows you to constrain on date values',
    stickiness: false,
    sortOrder: 3,
    legalValues: [],
  },
  {
    name: 'environment',
    description: 'Allows you to constrain on application environment',
    stickiness: false,
    sortOrder: 0,
    legalValues: [],
  },
  {
    name: 'sessionId',
    description: 'Allows you to constrain on sessionId',
    stickiness: true,
    sortOrder: 4,
    legalValues: [],
  },
  {
    name: 'userId',
    description: 'Allows you to constrain on userId',
    stickiness: false,
    sortOrder: 1,
    legalValues: [],
  },
];

describe('context fields API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists the built-in fields by name', async () => {
    const fields = await call<Array<{ name: string; stickiness: boolean; sortOrder: number }>>(
      test,
      'GET',
      '/api/admin/context',
      undefined,
      200,
    );
    expect(fields.map((field) => field.name)).toEqual([
      'appName',
      'currentTime',
      'environment',
      'sessionId',
      'userId',
    ]);
    expect(fields.find((field) => field.name === 'sessionId')).toMatchObject({
      stickiness: true,
      sortOrder: 4,
    });
  });

  it('describes the built-in fields as Unleash 8.2 does (GET /api/admin/context on a fresh reference)', async () => {
    const fields = await call<
      Array<{
        name: string;
        description: string;
        stickiness: boolean;
        sortOrder: number;
        legalValues: unknown[];
      }>
    >(test, 'GET', '/api/admin/context', undefined, 200);
    const builtIn = ['appName', 'currentTime', 'environment', 'sessionId', 'userId'];
    expect(
      fields
        .filter((field) => builtIn.includes(field.name))
        .map(({ name, description, stickiness, sortOrder, legalValues }) => ({
          name,
          description,
          stickiness,
          sortOrder,
          legalValues,
        })),
    ).toEqual(BUILT_IN_CONTEXT_FIELDS_OF_UNLEASH);
  });

  it('creates, reads, replaces and deletes a field, with one event each', async () => {
    const before = await latestEventId(test.db);
    const created = await call(
      test,
      'POST',
      '/api/admin/context',
      {
        name: 'country',
        stickiness: true,
        legalValues: [{ value: 'SE' }, { value: 'NO', description: 'Norway' }],
      },
      201,
    );
    expect(created).toMatchObject({ name: 'country', stickiness: true, sortOrder: 0, description: null });
    expect(await call(test, 'GET', '/api/admin/context/country', undefined, 200)).toMatchObject({
      legalValues: [{ value: 'SE' }, { value: 'NO', description: 'Norway' }],
    });
    await call(test, 'PUT', '/api/admin/context/country', { description: 'Country' }, 200);
    // A PUT replaces: legal values and stickiness left out are reset.
    expect(await call(test, 'GET', '/api/admin/context/country', undefined, 200)).toMatchObject({
      description: 'Country',
      stickiness: false,
      legalValues: [],
    });
    await call(test, 'POST', '/api/admin/context/country/legal-values', { value: 'DK' }, 200);
    await call(
      test,
      'POST',
      '/api/admin/context/country/legal-values',
      { value: 'DK', description: 'Denmark' },
      200,
    );
    await call(test, 'POST', '/api/admin/context/country/legal-values', { value: 'FI' }, 200);
    await call(test, 'DELETE', '/api/admin/context/country/legal-values/FI', undefined, 200);
    expect(await call(test, 'GET', '/api/admin/context/country', undefined, 200)).toMatchObject({
      legalValues: [{ value: 'DK', description: 'Denmark' }],
    });
    await call(test, 'DELETE', '/api/admin/context/country', undefined, 200);
    await call(test, 'GET', '/api/admin/context/country', undefined, 404);
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => event.type)).toEqual([
      'context-field-created',
      'context-field-updated',
      'context-field-updated',
      'context-field-updated',
      'context-field-updated',
      'context-field-updated',
      'context-field-deleted',
    ]);
    expect(events[1]!.preData).toMatchObject({ name: 'country', stickiness: true });
    expect(events[1]!.data).toMatchObject({ name: 'country', description: 'Country' });
  });

  it('validates names: 409 for an existing one, 400 when not URL friendly, 200 when free', async () => {
    await call(test, 'POST', '/api/admin/context/validate', { name: 'free-name' }, 200);
    const conflict = await call<{ name: string; message: string }>(
      test,
      'POST',
      '/api/admin/context/validate',
      { name: 'userId' },
      409,
    );
    expect(conflict).toMatchObject({
      name: 'NameExistsError',
      message: 'A context field with that name already exist',
    });
    await call(test, 'POST', '/api/admin/context/validate', { name: 'bad name' }, 400);
  });

  it('rejects bad creates without writing an event', async () => {
    await expectRejectedWithoutEvent(test, 'POST', '/api/admin/context', { name: 'userId' }, 409);
    const bad = await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/context',
      { name: 'bad name' },
      400,
    );
    expect(JSON.parse(bad.body).details[0].message).toBe(
      '"name" must be URL friendly. You provided "bad name".',
    );
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/context',
      { name: 'dup', legalValues: [{ value: 'a' }, { value: 'a' }] },
      400,
    );
    await expectRejectedWithoutEvent(test, 'PUT', '/api/admin/context/nope', { description: 'x' }, 404);
    await expectRejectedWithoutEvent(test, 'DELETE', '/api/admin/context/nope', undefined, 404);
  });

  it('requires JSON bodies (415)', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/admin/context/validate',
      headers: { ...test.adminHeaders, 'content-type': 'text/plain' },
      payload: 'name',
    });
    expect(response.statusCode).toBe(415);
  });

  it('lists project-scoped fields under the project routes', async () => {
    await call(test, 'POST', '/api/admin/projects/default/context', { name: 'tenant' }, 201);
    const scoped = await call<Array<{ name: string; project?: string }>>(
      test,
      'GET',
      '/api/admin/projects/default/context',
      undefined,
      200,
    );
    expect(scoped.find((field) => field.name === 'tenant')).toMatchObject({ project: 'default' });
    await call(test, 'POST', '/api/admin/projects/default/context/validate', { name: 'tenant' }, 409);
  });
  it('shows which strategies use a field, and counts its use', async () => {
    await createFlag(test, 'by-user');
    const strategy = await call<{ id: string }>(
      test,
      'POST',
      '/api/admin/projects/default/features/by-user/environments/development/strategies',
      { name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }] },
      200,
    );
    expect(await call(test, 'GET', '/api/admin/context/userId/strategies', undefined, 200)).toEqual({
      strategies: [
        {
          id: strategy.id,
          featureName: 'by-user',
          projectId: 'default',
          environment: 'development',
          strategyName: 'default',
        },
      ],
    });
    expect(
      await call(test, 'GET', '/api/admin/projects/default/context/userId/strategies', undefined, 200),
    ).toMatchObject({
      strategies: [{ id: strategy.id }],
    });
    expect(await call(test, 'GET', '/api/admin/context/appName/strategies', undefined, 200)).toEqual({
      strategies: [],
    });
    const fields = await call<Array<{ name: string; usedInFeatures: number; usedInProjects: number }>>(
      test,
      'GET',
      '/api/admin/context',
      undefined,
      200,
    );
    expect(fields.find((field) => field.name === 'userId')).toMatchObject({
      usedInFeatures: 1,
      usedInProjects: 1,
    });
  });
});
