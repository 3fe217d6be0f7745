export {
  CONSTRAINT_LIMITS,
  exceedsLimit,
  isSingleValueOperator,
  validateConstraint,
} from './constraint-rules';
export { constraintsWithDefaultValues, withDefaultValues } from './constraint-shape';
export { validateConstraints } from './constraint-validator';
