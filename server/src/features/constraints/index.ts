export {
  CONSTRAINT_LIMITS,
  exceedsLimit,
  isSingleValueOperator,
  validateConstraint,
} from './constraint-rules';
export { validateConstraints } from './constraint-validator';
