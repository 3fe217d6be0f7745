import { type Context, isRootContextField } from '../../contract';

/**
 * The value a constraint, override or custom stickiness sees for `field`: the root field when
 * set, otherwise `properties[field]`, as a string (shared/unleash/API.md §5.1). Null counts as absent.
 */
export function resolveContextValue(context: Context, field: string): string | undefined {
  const root = isRootContextField(field) ? (context as Record<string, unknown>)[field] : undefined;
  const properties: Record<string, unknown> | undefined = context.properties;
  // Own keys only: a field named "constructor" must not read Object.prototype.
  const value = root ?? (properties && Object.hasOwn(properties, field) ? properties[field] : undefined);
  return value === undefined || value === null ? undefined : String(value);
}
