export {
  applySegmentOperation,
  SEGMENT_OPERATION_KINDS,
  type SegmentOperation,
  type SegmentOperationResults,
  segmentNotFound,
} from './segment-operations';
export { getSegmentsByIds, type SegmentRow } from './segment-store';
