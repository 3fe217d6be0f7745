import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * A short description of why a value failed its schema, naming paths and rules but
 * never the offending values: a rejected payload may carry a token.
 */
export function describeSchemaErrors(schema: TSchema, value: unknown, max = 3): string {
  const errors = Value.Errors(schema, value);
  const parts = errors.slice(0, max).map((error) => `${error.instancePath || '/'} ${error.message}`);
  const more = errors.length > max ? ` (and ${errors.length - max} more)` : '';
  return `${parts.join('; ')}${more}`;
}
