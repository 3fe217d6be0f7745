export {
  type CompiledFlag,
  compiledFlagsOf,
  compileFlag,
  evaluateCompiledOutcome,
} from './compiled';
export {
  type ConstraintEnvironment,
  checkConstraint,
  checkConstraints,
  SUPPORTED_OPERATORS,
} from './constraints';
export { resolveContextValue } from './context';
export { applyDeltaEvent, applyDeltaEvents, type DeltaState } from './delta';
export {
  type EvaluationDeps,
  evaluateFlag,
  evaluateFlagByName,
  type FlagEvaluation,
  getVariant,
  isEnabled,
} from './evaluate';
export {
  type ExplainableFlag,
  type ExplainableStrategy,
  type ExplainOptions,
  explainFlag,
  type FlagExplanation,
  HOST_DEPENDENT_STRATEGIES,
  type StrategyExplanation,
} from './explain';
export { createFlagRepository, type FlagRepository, type FlagState } from './flag-repository';
export {
  evaluateFrontendToggles,
  type FrontendBody,
  type FrontendToggle,
  type FrontendVariant,
  renderFrontendBody,
} from './frontend';
export {
  hash32,
  normalizedStrategyValue,
  normalizedValue,
  normalizedVariantValue,
  STRATEGY_SEED,
  VARIANT_SEED,
} from './hashing';
export { isIpOrCidr } from './ip-address';
export { evaluateOfrepFlag, evaluateOfrepFlags, type OfrepResult } from './ofrep';
export {
  type CompiledPattern,
  compileRe2,
  MAX_PATTERN_LENGTH,
  MAX_PROGRAM_SIZE,
  re2Find,
  re2PatternError,
} from './regex';
export { BUILT_IN_STRATEGIES, type StrategyEnvironment, type StrategyImplementation } from './strategies';
export { disabledVariant, type VariantResult } from './variants';
