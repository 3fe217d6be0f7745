import type { AdminApi } from '../../api/admin-api';
import { isApiError } from '../../api/client';
import { normaliseConstraint } from '../../components/ConstraintEditor/constraint-operators';
import type { Edit, Snapshot } from '../../offline/outbox';
import { createSegmentsApi, type Segment, type UpsertSegment } from './segments-api';

/**
 * Segment edits for the outbox (stores/editable-resources.ts): snapshots of what the segment form
 * edits, and the reader that fetches the server's version when an edit is replayed.
 */

type EditDraft = Omit<Edit, 'profileId'>;

/** Pending creations have no server id yet: their target carries a local one with this prefix. */
const NEW_PREFIX = 'new:';

export function segmentSnapshot(segment: Segment | UpsertSegment) {
  return {
    name: segment.name,
    description: segment.description ? segment.description : null,
    project: segment.project ? segment.project : null,
    constraints: segment.constraints.map(normaliseConstraint),
  };
}

export function isPendingSegmentCreation(target: string): boolean {
  return target.startsWith(NEW_PREFIX);
}

export function createSegmentEdit(body: UpsertSegment, localId: string): EditDraft {
  return {
    kind: 'segment',
    target: `${NEW_PREFIX}${localId}`,
    summary: `Create the segment ${body.name}`,
    request: { method: 'POST', path: '/api/admin/segments', body },
    base: null,
    mine: segmentSnapshot(body),
  };
}

export function updateSegmentEdit(segment: Segment, body: UpsertSegment): EditDraft {
  return {
    kind: 'segment',
    target: String(segment.id),
    summary: `Change the segment ${body.name}`,
    request: { method: 'PUT', path: `/api/admin/segments/${segment.id}`, body },
    base: segmentSnapshot(segment),
    mine: segmentSnapshot(body),
  };
}

export function deleteSegmentEdit(segment: Segment): EditDraft {
  return {
    kind: 'segment',
    target: String(segment.id),
    summary: `Delete the segment ${segment.name}`,
    request: { method: 'DELETE', path: `/api/admin/segments/${segment.id}` },
    base: segmentSnapshot(segment),
    mine: null,
  };
}

/** Outbox replay reader for segments (gathered in app/resource-readers.ts). */
export const SEGMENT_READERS: Record<string, (api: AdminApi, target: string) => Promise<Snapshot | null>> = {
  segment: async (api, target) => {
    // A queued creation: the segment it makes cannot exist before it is sent.
    if (isPendingSegmentCreation(target)) return null;
    try {
      return segmentSnapshot(await createSegmentsApi(api.client).get(Number(target)));
    } catch (error) {
      if (isApiError(error, 'NotFoundError')) return null;
      throw error;
    }
  },
};
