import type { Static } from 'typebox';
import type { SegmentStrategiesSchema, UpsertSegment } from '../../../../server/contract';
import type { ApiClient } from '../../api/client';
import type { Segment, SegmentsResponse } from '../../api/types';

export type { Segment, UpsertSegment };
export type SegmentStrategiesResponse = Static<typeof SegmentStrategiesSchema>;

/** Segments (shared/unleash/API.md §6 "Segments"). */
export function createSegmentsApi(client: ApiClient) {
  return {
    list: () => client.get<SegmentsResponse>('/api/admin/segments'),
    get: (id: number) => client.get<Segment>(`/api/admin/segments/${id}`),
    /** The strategies that include the segment, to say where it is used. */
    strategies: (id: number) => client.get<SegmentStrategiesResponse>(`/api/admin/segments/${id}/strategies`),
  };
}
