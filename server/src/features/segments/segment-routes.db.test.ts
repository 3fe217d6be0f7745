import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFlag,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

interface Segment {
  id: number;
  createdBy: string | null;
  name: string;
  description: string | null;
  project?: string | null;
  constraints: unknown[];
  usedInFeatures?: number;
  usedInProjects?: number;
}

const inUserIds = { contextName: 'userId', operator: 'IN', values: ['a', 'b'] };

describe('segments API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('creates, reads, updates and deletes a segment with events', async () => {
    const before = await latestEventId(test.db);
    const created = await call<Segment>(
      test,
      'POST',
      '/api/admin/segments',
      { name: 'seg1', constraints: [inUserIds] },
      201,
    );
    expect(created).toMatchObject({ name: 'seg1', description: null, constraints: [inUserIds] });
    expect(created.project).toBeUndefined();
    await call(
      test,
      'PUT',
      `/api/admin/segments/${created.id}`,
      { name: 'seg1b', description: 'dd', project: 'default', constraints: [] },
      204,
    );
    expect(await call(test, 'GET', `/api/admin/segments/${created.id}`, undefined, 200)).toMatchObject({
      name: 'seg1b',
      description: 'dd',
      project: 'default',
      constraints: [],
    });
    // An update without description keeps it; without project clears it.
    await call(test, 'PUT', `/api/admin/segments/${created.id}`, { name: 'seg1b', constraints: [] }, 204);
    const updated = await call<Segment>(test, 'GET', `/api/admin/segments/${created.id}`, undefined, 200);
    expect(updated.description).toBe('dd');
    expect(updated.project).toBeUndefined();
    await call(test, 'DELETE', `/api/admin/segments/${created.id}`, undefined, 204);
    await call(test, 'GET', `/api/admin/segments/${created.id}`, undefined, 404);
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => event.type)).toEqual([
      'segment-created',
      'segment-updated',
      'segment-updated',
      'segment-deleted',
    ]);
    // The segment records who created it, as the audit log does.
    expect(created).toMatchObject({ createdBy: events[0]!.createdBy });
    expect(events[1]!.preData).toMatchObject({ name: 'seg1' });
    expect(events[1]!.data).toMatchObject({ name: 'seg1b', project: 'default' });
    expect(events[3]!.preData).toMatchObject({ name: 'seg1b' });
  });

  it('takes null as null: "project": null is a global segment, a null description stays null (issue 12)', async () => {
    const created = await call<Segment>(
      test,
      'POST',
      '/api/admin/segments',
      { name: 'global-null', description: null, project: null, constraints: [] },
      201,
    );
    expect(created.description).toBeNull();
    expect(created.project).toBeUndefined();
    await call(
      test,
      'PUT',
      `/api/admin/segments/${created.id}`,
      { name: 'global-null', description: null, project: null, constraints: [] },
      204,
    );
    const read = await call<Segment>(test, 'GET', `/api/admin/segments/${created.id}`, undefined, 200);
    expect(read.description).toBeNull();
    expect(read.project).toBeUndefined();
    // Other types are still coerced as Unleash 8.2 coerces them: the name 7 is "7".
    const numbered = await call<Segment>(
      test,
      'POST',
      '/api/admin/segments',
      { name: 7, constraints: [] },
      201,
    );
    expect(numbered.name).toBe('7');
  });

  it('validates names: 204 free, 409 taken', async () => {
    await call(test, 'POST', '/api/admin/segments', { name: 'taken', constraints: [] }, 201);
    await call(test, 'POST', '/api/admin/segments/validate', { name: 'free' }, 204);
    const taken = await call<{ message: string }>(
      test,
      'POST',
      '/api/admin/segments/validate',
      { name: 'taken' },
      409,
    );
    expect(taken.message).toBe('Segment name already exists');
  });

  it('refuses duplicates, missing constraints, bad constraints and unknown ids without events', async () => {
    await call(test, 'POST', '/api/admin/segments', { name: 'dup', constraints: [] }, 201);
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/segments',
      { name: 'dup', constraints: [] },
      409,
    );
    const other = await call<Segment>(
      test,
      'POST',
      '/api/admin/segments',
      { name: 'other', constraints: [] },
      201,
    );
    await expectRejectedWithoutEvent(
      test,
      'PUT',
      `/api/admin/segments/${other.id}`,
      { name: 'dup', constraints: [] },
      409,
    );
    await expectRejectedWithoutEvent(test, 'PUT', `/api/admin/segments/${other.id}`, { name: 'other' }, 400);
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/segments',
      { name: 'bad', constraints: [{ contextName: 'userId', operator: 'NUM_EQ', value: 'x' }] },
      400,
    );
    const missing = await expectRejectedWithoutEvent(
      test,
      'PUT',
      '/api/admin/segments/987654',
      { name: 'x', constraints: [] },
      404,
    );
    expect(JSON.parse(missing.body).message).toBe('No segment exists with ID "987654"');
    await call(test, 'GET', '/api/admin/segments/987654', undefined, 404);
  });

  it('answers 409 when deleting a missing segment (issue 4) or one a strategy uses', async () => {
    const missing = await expectRejectedWithoutEvent(
      test,
      'DELETE',
      '/api/admin/segments/987654',
      undefined,
      409,
    );
    expect(JSON.parse(missing.body)).toMatchObject({
      name: 'ConflictError',
      message: 'No segment exists with ID "987654"',
    });
    const used = await call<Segment>(
      test,
      'POST',
      '/api/admin/segments',
      { name: 'used', constraints: [inUserIds] },
      201,
    );
    await createFlag(test, 'uses-segment');
    await call(
      test,
      'POST',
      '/api/admin/projects/default/features/uses-segment/environments/development/strategies',
      { name: 'default', segments: [used.id] },
      200,
    );
    const inUse = await expectRejectedWithoutEvent(
      test,
      'DELETE',
      `/api/admin/segments/${used.id}`,
      undefined,
      409,
    );
    expect(JSON.parse(inUse.body).name).toBe('ConflictError');
    const list = await call<{ segments: Segment[] }>(test, 'GET', '/api/admin/segments', undefined, 200);
    expect(list.segments.find((segment) => segment.id === used.id)).toMatchObject({
      usedInFeatures: 1,
      usedInProjects: 1,
    });
  });

  it('keeps a project segment to its project', async () => {
    await call(test, 'POST', '/api/admin/projects', { id: 'elsewhere', name: 'Elsewhere' }, 201);
    const scoped = await call<Segment>(
      test,
      'POST',
      '/api/admin/segments',
      { name: 'scoped', constraints: [], project: 'elsewhere' },
      201,
    );
    await createFlag(test, 'wrong-project-user');
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/projects/default/features/wrong-project-user/environments/development/strategies',
      { name: 'default', segments: [scoped.id] },
      400,
    );
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/segments',
      { name: 'p', constraints: [], project: 'nosuch' },
      404,
    );
  });
});
