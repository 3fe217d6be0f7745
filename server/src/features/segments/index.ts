export {
  applySegmentOperation,
  SEGMENT_OPERATION_KINDS,
  type SegmentOperation,
  type SegmentOperationResults,
  segmentNotFound,
} from './segment-operations';
export { getSegment, getSegmentsByIds, type SegmentRow, strategiesUsingSegment } from './segment-service';
