export { FlagCodeReferences } from './FlagCodeReferences';
export { StillReferenced, useStillReferenced } from './StillReferenced';
