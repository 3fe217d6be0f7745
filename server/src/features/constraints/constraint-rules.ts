import semver from 'semver';
import type { Constraint, ConstraintOperator, LegalValue } from '../../../contract';
import { isIpOrCidr, re2PatternError } from '../../evaluation';
import { ApiError } from '../../lib/errors';
import { invalidField, invalidRequest } from '../../lib/validation-errors';

/** Unleash's resource limits for constraints (shared/unleash/API.md §5.4, §6.2). */
export const CONSTRAINT_LIMITS = {
  constraintsPerStrategy: 30,
  valuesPerConstraint: 250,
  segmentValues: 1000,
};

const NUMBER_OPERATORS: readonly ConstraintOperator[] = ['NUM_EQ', 'NUM_GT', 'NUM_GTE', 'NUM_LT', 'NUM_LTE'];
const DATE_OPERATORS: readonly ConstraintOperator[] = ['DATE_AFTER', 'DATE_BEFORE'];
const SEMVER_OPERATORS: readonly ConstraintOperator[] = [
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_LT',
  'SEMVER_GTE',
  'SEMVER_LTE',
];

/** Operators that compare against the single `value`; the others read the `values` list. */
export function isSingleValueOperator(operator: ConstraintOperator): boolean {
  return (
    NUMBER_OPERATORS.includes(operator) ||
    DATE_OPERATORS.includes(operator) ||
    SEMVER_OPERATORS.includes(operator) ||
    operator === 'REGEX'
  );
}

/** Strict semver as Unleash's server checks it: no leading `v` or `=` that the semver package tolerates. */
export function isStrictSemver(value: string): boolean {
  return /^\d/.test(value) && value.trim() === value && semver.valid(value) !== null;
}

export function exceedsLimit(resource: string, limit: number): ApiError {
  const message = `Failed to create ${resource}. You can't create more than the established limit of ${limit}.`;
  return new ApiError('ExceedsLimitError', message);
}

/**
 * Checks one constraint the way Unleash does on save and on `/api/admin/constraints/validate`
 * (shared/unleash/OBSERVED.md, validation cases): operator-specific value checks, then the
 * context field's legal values. `field` is the context field definition; `null` when none
 * exists, which is refused (issue 4: constraints must name an existing context field).
 */
export function validateConstraint(
  constraint: Constraint,
  field: { legalValues: LegalValue[] } | null,
): void {
  const { operator, value } = constraint;
  if (value === '') {
    throw new ApiError(
      'BadDataError',
      'Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information.',
      {
        details: [
          {
            path: '/body/value',
            message: 'The `/body/value` property must NOT have fewer than 1 characters. You sent "".',
          },
        ],
      },
    );
  }
  if (operator === 'REGEX' && constraint.inverted) throw invalidRequest('REGEX operator cannot be inverted.');

  if (isSingleValueOperator(operator)) {
    if (value === undefined || value.trim() === '') {
      throw invalidRequest('Single-value constraint operators require a non-empty value.');
    }
    if (NUMBER_OPERATORS.includes(operator) && Number.isNaN(Number(value))) {
      throw invalidField(`"value" must be a number. You provided "${value}".`);
    }
    if (DATE_OPERATORS.includes(operator) && Number.isNaN(new Date(value).getTime())) {
      throw invalidField(`"value" must be a valid date. You provided "${value}".`);
    }
    if (SEMVER_OPERATORS.includes(operator) && !isStrictSemver(value)) {
      throw invalidRequest(
        `the provided value is not a valid semver format. The value provided was: ${value}`,
      );
    }
    // RE2's verdict, plus the length and program-size bounds that keep evaluation cheap (issue 12).
    const regexError =
      operator === 'REGEX' ? re2PatternError(value, constraint.caseInsensitive === true) : undefined;
    if (regexError !== undefined) {
      throw invalidRequest(`the provided value is not a valid regex string. Error: ${regexError}`);
    }
  } else {
    const values = constraint.values ?? [];
    if (values.length === 0) {
      throw invalidField(`"value" must contain at least 1 items. You provided [].`);
    }
    if (values.length > CONSTRAINT_LIMITS.valuesPerConstraint) {
      throw exceedsLimit('constraint values', CONSTRAINT_LIMITS.valuesPerConstraint);
    }
    const notAnAddress =
      operator === 'IN_CIDR' ? values.find((candidate) => !isIpOrCidr(candidate)) : undefined;
    if (notAnAddress !== undefined) {
      throw invalidRequest(`"${notAnAddress}" is not an IP address or a CIDR range (IN_CIDR).`);
    }
  }

  if (field === null) {
    throw invalidRequest(`"${constraint.contextName}" is not a context field that exists. Create it first.`);
  }
  const legal = field.legalValues.map((legalValue) => legalValue.value);
  if (legal.length === 0) return;
  if (isSingleValueOperator(operator)) {
    if (!legal.includes(value!))
      throw invalidRequest(`${value} is not specified as a legal value on this context field`);
  } else if (!(constraint.values ?? []).every((candidate) => legal.includes(candidate))) {
    throw invalidRequest('input values are not specified as a legal value on this context field');
  }
}
