export {
  applyEnvironmentOperation,
  ENVIRONMENT_OPERATION_KINDS,
  type EnvironmentOperation,
  type EnvironmentOperationResults,
} from './environment-operations';
