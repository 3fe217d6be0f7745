import type { AdminSegment, UpsertSegment } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { ApiError, nameExists, notFound } from '../../lib/errors';
import { invalidRequest } from '../../lib/validation-errors';
import { CONSTRAINT_LIMITS, exceedsLimit, validateConstraints, withDefaultValues } from '../constraints';
import { type Actor, appendEvent } from '../events';
import { getProject } from '../projects';
import {
  deleteSegment,
  getSegment,
  getSegmentByName,
  insertSegment,
  SEGMENT_EXISTS,
  type SegmentRow,
  strategiesUsingSegment,
  toAdminSegment,
  updateSegment,
} from './segment-store';

/** Changes to segments as serialisable operations (change requests carry updateSegment/deleteSegment). */
export type SegmentOperation =
  | { kind: 'create-segment'; segment: UpsertSegment }
  | { kind: 'update-segment'; id: number; segment: UpsertSegment }
  | { kind: 'delete-segment'; id: number };

export interface SegmentOperationResults {
  'create-segment': AdminSegment;
  'update-segment': AdminSegment;
  'delete-segment': undefined;
}

export const SEGMENT_OPERATION_KINDS: ReadonlySet<string> = new Set<SegmentOperation['kind']>([
  'create-segment',
  'update-segment',
  'delete-segment',
]);

export const segmentNotFound = (id: number) => notFound(`No segment exists with ID "${id}"`);

async function checkSegment(db: Queryable, segment: UpsertSegment): Promise<void> {
  await validateConstraints(db, segment.constraints, { limit: Number.MAX_SAFE_INTEGER });
  const values = segment.constraints.reduce(
    (sum, constraint) => sum + (constraint.values?.length ?? 0) + (constraint.value ? 1 : 0),
    0,
  );
  if (values > CONSTRAINT_LIMITS.segmentValues)
    throw exceedsLimit('segment values', CONSTRAINT_LIMITS.segmentValues);
  if (segment.project) {
    if (!(await getProject(db, segment.project)))
      throw notFound(`Could not find project with id ${segment.project}`);
  }
}

export async function applySegmentOperation<O extends SegmentOperation>(
  db: Queryable,
  operation: O,
  actor: Actor,
): Promise<SegmentOperationResults[O['kind']]> {
  type Result = SegmentOperationResults[O['kind']];
  const op = operation as SegmentOperation;
  // Change requests may govern this write (issue 13: change-requests/direct-write-check.ts).
  await actor.checkDirectWrite?.(db, op);
  const record = (type: string, project: string | null, data: unknown, preData?: unknown) =>
    appendEvent(db, { type, createdBy: actor.name, createdByUserId: actor.userId, project, data, preData });
  switch (op.kind) {
    case 'create-segment': {
      if (await getSegmentByName(db, op.segment.name)) throw nameExists(SEGMENT_EXISTS);
      await checkSegment(db, op.segment);
      const id = await insertSegment(db, {
        name: op.segment.name,
        description: op.segment.description ?? null,
        constraints: op.segment.constraints.map(withDefaultValues),
        project: op.segment.project ?? null,
        createdBy: actor.name,
      });
      const created = toAdminSegment((await getSegment(db, id))!);
      await record('segment-created', created.project ?? null, created);
      return created as Result;
    }
    case 'update-segment': {
      const before = await getSegment(db, op.id, true);
      if (!before) throw segmentNotFound(op.id);
      const sameName = await getSegmentByName(db, op.segment.name);
      if (sameName && sameName.id !== op.id) throw nameExists(SEGMENT_EXISTS);
      await checkSegment(db, op.segment);
      const project = op.segment.project ?? null;
      if (project) {
        const elsewhere = (await strategiesUsingSegment(db, op.id)).filter(
          (usage) => usage.projectId !== project,
        );
        if (elsewhere.length > 0) {
          throw invalidRequest(
            `Invalid project. Segment is being used by strategies in other projects: ${[...new Set(elsewhere.map((usage) => usage.projectId))].join(', ')}`,
          );
        }
      }
      // As in Unleash: a description left out is kept, a project left out is cleared.
      const after: SegmentRow = {
        ...before,
        name: op.segment.name,
        description: op.segment.description === undefined ? before.description : op.segment.description,
        constraints: op.segment.constraints.map(withDefaultValues),
        project,
      };
      await updateSegment(db, after);
      await record('segment-updated', project, toAdminSegment(after), toAdminSegment(before));
      return toAdminSegment(after) as Result;
    }
    case 'delete-segment': {
      const before = await getSegment(db, op.id, true);
      // Issue 4: deleting a missing segment answers 409, as the seed documents it.
      if (!before) throw new ApiError('ConflictError', `No segment exists with ID "${op.id}"`);
      const usage = await strategiesUsingSegment(db, op.id);
      if (usage.length > 0) {
        throw new ApiError(
          'ConflictError',
          `Segment "${before.name}" is used by ${usage.length} strategies and cannot be deleted; remove it from them first.`,
        );
      }
      await deleteSegment(db, op.id);
      await record('segment-deleted', before.project, null, toAdminSegment(before));
      return undefined as Result;
    }
  }
}
