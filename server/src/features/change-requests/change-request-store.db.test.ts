import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database';
import type { Actor } from '../events';
import { authorKey } from './change-request-authors';
import { findOpenRequest } from './change-request-read-store';
import { getChangeRequestRecord } from './change-request-records';
import {
  addApproval,
  addRejection,
  clearApprovals,
  insertChange,
  insertChangeRequest,
  insertComment,
  setChangeRequestState,
  upsertSchedule,
} from './change-request-store';
import { toChangeRequestView } from './change-request-view';

describe('change-request store', () => {
  let database: TestDatabase;
  let alice: Actor;
  let bob: Actor;
  beforeAll(async () => {
    database = await createTestDatabase();
    const insertUser = async (username: string) =>
      (
        await database.db
          .insertInto('users')
          .values({ username, name: username, email: `${username}@example.com`, password_hash: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    alice = { name: 'alice', userId: await insertUser('alice') };
    bob = { name: 'bob', userId: await insertUser('bob') };
  });
  afterAll(async () => {
    await database.drop();
  });

  it('creates a draft and reads it back with its changes, reviews, comments, schedule and timestamps', async () => {
    const db = database.db;
    const draft = await insertChangeRequest(db, {
      project: 'default',
      environment: 'production',
      minApprovals: 2,
      actor: alice,
    });
    expect(draft).toMatchObject({
      project: 'default',
      environment: 'production',
      state: 'Draft',
      minApprovals: 2,
      createdBy: 'alice',
      createdByUserId: alice.userId,
      authorKey: `user:${alice.userId}`,
    });
    expect(Object.keys(draft.stateTimestamps)).toEqual(['Draft']);
    expect(
      (await findOpenRequest(db, { project: 'default', environment: 'production', actor: alice }))?.id,
    ).toBe(draft.id);
    expect(
      await findOpenRequest(db, { project: 'default', environment: 'production', actor: bob }),
    ).toBeUndefined();

    const enable = await insertChange(db, {
      changeRequestId: draft.id,
      feature: 'f1',
      action: 'updateEnabled',
      payload: { enabled: true },
      basedOn: { enabled: false },
      actor: alice,
    });
    await insertChange(db, {
      changeRequestId: draft.id,
      feature: null,
      action: 'deleteSegment',
      payload: { id: 7 },
      basedOn: { name: 'beta-users' },
      actor: alice,
    });
    expect(enable).toMatchObject({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } });

    await setChangeRequestState(db, draft.id, 'In review', new Date('2030-01-01T00:00:00.000Z'));
    expect(await addApproval(db, draft.id, bob)).toBe(true);
    expect(await addApproval(db, draft.id, bob)).toBe(false);
    expect(await addRejection(db, draft.id, bob)).toBe(true);
    await insertComment(db, draft.id, 'looks good', bob);
    await upsertSchedule(db, {
      changeRequestId: draft.id,
      scheduledAt: new Date('2030-02-01T10:00:00.000Z'),
      actor: alice,
    });

    const record = await getChangeRequestRecord(db, draft.id);
    if (!record) throw new Error('record missing');
    const view = toChangeRequestView(record);
    expect(view).toMatchObject({
      id: draft.id,
      state: 'In review',
      minApprovals: 2,
      features: [
        { name: 'f1', changes: [{ id: enable.id, action: 'updateEnabled', payload: { enabled: true } }] },
      ],
      segments: [{ action: 'deleteSegment', name: 'beta-users', payload: { id: 7 } }],
      approvals: [{ createdBy: { id: bob.userId, username: 'bob' } }],
      rejections: [{ createdBy: { id: bob.userId, username: 'bob' } }],
      comments: [{ text: 'looks good', createdBy: { username: 'bob' } }],
      createdBy: { id: alice.userId, username: 'alice' },
      schedule: { scheduledAt: '2030-02-01T10:00:00.000Z', status: 'pending' },
    });
    expect(view.stateTimestamps['In review']).toBe('2030-01-01T00:00:00.000Z');
    expect(view.stateTimestamps.Draft).toBe(draft.stateTimestamps.Draft);

    await clearApprovals(db, draft.id);
    expect((await getChangeRequestRecord(db, draft.id))?.approvals).toEqual([]);
  });

  it('allows one open draft per author, project and environment', async () => {
    const db = database.db;
    const carol: Actor = { name: 'admin-token', userId: -42 };
    expect(authorKey(carol)).toBe('name:admin-token');
    await insertChangeRequest(db, {
      project: 'default',
      environment: 'development',
      minApprovals: 1,
      actor: carol,
    });
    await expect(
      insertChangeRequest(db, {
        project: 'default',
        environment: 'development',
        minApprovals: 1,
        actor: carol,
      }),
    ).rejects.toThrow(/change_requests_one_draft/);
    const other = await insertChangeRequest(db, {
      project: 'default',
      environment: 'development',
      minApprovals: 1,
      actor: bob,
    });
    expect(other.createdByUserId).toBe(bob.userId);
  });
});
