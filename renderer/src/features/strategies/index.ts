/** What strategies offers the other features; they import it only from here (STYLE.md rule 9). */
export { FlagStrategiesPanel } from './FlagStrategiesPanel';
export type { ServingMilestone } from './MilestoneStrategies';
export { deleteMilestoneStrategyEdit, milestoneStrategyBody } from './milestone-strategy-edits';
export { ParametersEditor } from './ParametersEditor';
export { StrategyForm } from './StrategyForm';
export type {
  Constraint,
  FeatureStrategy,
  MilestoneStrategyLocation,
  ReleasePlanMilestoneStrategy,
  StrategyDefinition,
  StrategyDefinitionsResponse,
} from './strategies-api';
export { createStrategiesApi } from './strategies-api';
export { sortStrategies } from './strategy-edits';
export { strategyDisplayName, strategyLabel } from './strategy-names';
export {
  BUILT_IN_STICKINESS,
  cleanParameters,
  defaultParameters,
  parameterLabel,
  parameterProblems,
  splitList,
} from './strategy-parameters';
export { formatPercent } from './variant-weights';
