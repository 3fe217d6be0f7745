export {
  applyTagOperation,
  changeFeatureTags,
  TAG_OPERATION_KINDS,
  type TagOperation,
  type TagOperationResults,
} from './tag-operations';
export { listFeatureTags, listTagsOfFeatures } from './tag-service';
