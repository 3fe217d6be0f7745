export {
  applyFeatureTypeOperation,
  FEATURE_TYPE_OPERATION_KINDS,
  type FeatureTypeOperation,
  type FeatureTypeOperationResults,
} from './feature-type-operations';
export { getFeatureType, listFeatureTypes } from './feature-type-service';
