export {
  ADMIN_OPERATION_KINDS,
  type AdminOperation,
  type AdminOperationResults,
  applyAdminOperation,
  applyAdminOperations,
} from './admin-operations';
