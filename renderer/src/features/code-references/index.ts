export { FlagCodeReferences } from './FlagCodeReferences';
