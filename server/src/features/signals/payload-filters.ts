import type { ActionSetFilter, Constraint } from '../../../contract';
import { checkConstraint } from '../../evaluation';

/**
 * Action-set filters: each payload path is a constraint, with the signal's payload as the
 * context (Unleash's "Filters work similarly to strategy constraints"). Pure; no I/O.
 */

/** Deeper values are not addressable by a filter, which bounds the work per signal. */
export const MAX_PAYLOAD_DEPTH = 16;

/**
 * The payload's leaves by dotted path (`data.key`, `items.0`), as strings. Objects and arrays
 * are also listed as their JSON text, so a filter may match them whole.
 */
export function flattenPayload(payload: unknown): Record<string, string> {
  const flat: Record<string, string> = Object.create(null);
  const visit = (value: unknown, path: string, depth: number) => {
    if (value === null || value === undefined) return;
    if (typeof value !== 'object') {
      if (path) flat[path] = String(value);
      return;
    }
    if (path) flat[path] = JSON.stringify(value);
    if (depth >= MAX_PAYLOAD_DEPTH) return;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      visit(child, path ? `${path}.${key}` : key, depth + 1);
    }
  };
  visit(payload, '', 0);
  return flat;
}

/** Nesting depth of a JSON value (a scalar is 0). */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(current as Record<string, unknown>)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Whether every filter holds on the payload; no filters match every signal. */
export function payloadMatches(
  filters: Readonly<Record<string, ActionSetFilter>>,
  payload: unknown,
  now: () => Date = () => new Date(),
): boolean {
  const properties = flattenPayload(payload);
  const context = { properties };
  for (const [path, filter] of Object.entries(filters)) {
    const constraint: Constraint = { contextName: path, ...filter };
    if (!checkConstraint(constraint, context, { now })) return false;
  }
  return true;
}
