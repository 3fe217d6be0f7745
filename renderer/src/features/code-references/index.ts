export { FlagCodeReferences } from './FlagCodeReferences';
export { StillReferenced, useStillReferenced } from './StillReferenced';
export { useReferenceCounts } from './use-reference-counts';
