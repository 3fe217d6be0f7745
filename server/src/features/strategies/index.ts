export {
  applyStrategyOperation,
  STRATEGY_OPERATION_KINDS,
  type StrategyOperation,
  type StrategyOperationResults,
} from './strategy-operations';
export { getStrategy, type StrategyRow } from './strategy-service';
