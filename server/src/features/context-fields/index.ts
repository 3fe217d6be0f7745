export {
  applyContextFieldOperation,
  CONTEXT_FIELD_OPERATION_KINDS,
  type ContextFieldOperation,
  type ContextFieldOperationResults,
} from './context-field-operations';
export { type ContextFieldRow, getContextFields } from './context-field-service';
