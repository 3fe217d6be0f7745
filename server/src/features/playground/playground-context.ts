import {
  type Context,
  isRootContextField,
  PLAYGROUND_MAX_EVALUATIONS,
  type SdkContext,
  type SdkFlatContext,
} from '../../../contract';
import { badData } from '../../lib/errors';

export interface CleanedContext {
  /** Root fields and properties in one map, as Unleash echoes an advanced answer's context. */
  flat: SdkFlatContext;
  /** Root keys whose value is not a string: left out, and reported as a warning. */
  invalidProperties: string[];
}

/**
 * Flattens a request context: string root fields and `properties` into one map (a root field
 * wins over a property of the same name, as the engine reads the root first); other root values
 * are dropped and named, as Unleash's playground warns about them instead of refusing.
 */
export function cleanContext(context: SdkContext): CleanedContext {
  const flat: SdkFlatContext = {};
  const invalidProperties: string[] = [];
  for (const [key, value] of Object.entries(context.properties ?? {})) {
    if (typeof value === 'string') flat[key] = value;
  }
  for (const [key, value] of Object.entries(context)) {
    if (key === 'properties') continue;
    if (typeof value === 'string') flat[key] = value;
    else invalidProperties.push(key);
  }
  return { flat, invalidProperties };
}

/** The engine's context for a flat map: root fields at the root, the rest under `properties`. */
export function toEvaluationContext(flat: SdkFlatContext): Context {
  const context: Context & Record<string, unknown> = {};
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(flat)) {
    if (isRootContextField(key)) context[key] = value;
    else properties[key] = value;
  }
  context.properties = properties;
  return context;
}

/** Comma-separated values per field, as the advanced playground reads them (`"a,b"` is two contexts). */
function splitValues(flat: SdkFlatContext): Array<[string, string[]]> {
  return Object.entries(flat).map(([key, value]) => [key, value.split(',')]);
}

/**
 * How many contexts `flat` expands to, stopping as soon as it passes `limit` so that a hostile
 * request never makes us multiply (or allocate) more than that.
 */
export function countCombinations(flat: SdkFlatContext, limit = PLAYGROUND_MAX_EVALUATIONS): number {
  let count = 1;
  for (const [, values] of splitValues(flat)) {
    count *= values.length;
    if (count > limit) return limit + 1;
  }
  return count;
}

/** Every combination of the comma-separated values, fields in request order. */
export function expandContexts(flat: SdkFlatContext): SdkFlatContext[] {
  let combinations: SdkFlatContext[] = [{}];
  for (const [key, values] of splitValues(flat)) {
    combinations = combinations.flatMap((partial) => values.map((value) => ({ ...partial, [key]: value })));
  }
  return combinations;
}

/**
 * One instant per request: a second `currentTime` would be a second clock, and a value that is no
 * date would silently become "now"; both are refused (as observed on Unleash 8.2).
 */
export function assertCurrentTime(flat: SdkFlatContext): void {
  const value = flat.currentTime;
  if (value === undefined) return;
  if (value.includes(',')) {
    throw badData('The playground accepts one currentTime per request', [
      { message: 'currentTime must be a single date-time', path: 'context.currentTime' },
    ]);
  }
  if (Number.isNaN(new Date(value).getTime())) {
    throw badData('context.currentTime must be a date-time', [
      { message: 'currentTime must be a date-time', path: 'context.currentTime' },
    ]);
  }
}

/** Unleash's cap on the work of one advanced request: environments × flags × contexts. */
export function assertEvaluationCount(environments: number, flags: number, contexts: number): void {
  const total = environments * flags * contexts;
  if (contexts > PLAYGROUND_MAX_EVALUATIONS || total > PLAYGROUND_MAX_EVALUATIONS) {
    const shown =
      contexts > PLAYGROUND_MAX_EVALUATIONS ? `more than ${PLAYGROUND_MAX_EVALUATIONS}` : `${total}`;
    throw badData(
      `This request needs ${shown} evaluations, over the limit of ${PLAYGROUND_MAX_EVALUATIONS}: ` +
        `select fewer environments (${environments}), projects (${flags} flags) or context values ` +
        `(${contexts > PLAYGROUND_MAX_EVALUATIONS ? shown : contexts} combinations).`,
    );
  }
}
