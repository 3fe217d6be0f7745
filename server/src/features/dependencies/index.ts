export {
  applyDependencyOperation,
  DEPENDENCY_OPERATION_KINDS,
  type DependencyOperation,
  type DependencyOperationResults,
} from './dependency-operations';
