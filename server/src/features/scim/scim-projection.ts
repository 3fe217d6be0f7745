import { ScimProblem } from './scim-error';

/**
 * RFC 7644 §3.4.2.5 / §3.9: `attributes` and `excludedAttributes` narrow what a resource answer
 * carries. Names are case-insensitive, may be fully qualified with their schema URN
 * (`urn:ietf:params:scim:schemas:core:2.0:User:userName`) and may name a sub-attribute
 * (`name.givenName`, `emails.value`). `schemas` and `id` are always returned (RFC 7643 §3.1:
 * `id` is "returned: always").
 */
export interface ScimProjection {
  mode: 'include' | 'exclude';
  paths: { attribute: string; sub: string | undefined }[];
}

const ALWAYS_RETURNED = new Set(['schemas', 'id']);
const MAX_PATHS = 50;
const NAME = /^[A-Za-z][\w$-]*$/;

function parsePath(raw: string): { attribute: string; sub: string | undefined } {
  // The schema URN ends at the last ':'; what follows is `attr` or `attr.sub`.
  const name = raw.includes(':') ? raw.slice(raw.lastIndexOf(':') + 1) : raw;
  const [attribute, sub, extra] = name.split('.');
  if (!attribute || !NAME.test(attribute) || extra !== undefined || (sub !== undefined && !NAME.test(sub))) {
    throw new ScimProblem(400, `${JSON.stringify(raw)} is not an attribute name`, 'invalidSyntax');
  }
  return { attribute: attribute.toLowerCase(), sub: sub?.toLowerCase() };
}

function listOf(value: unknown, parameter: string): string[] | undefined {
  if (value === undefined) return undefined;
  const joined = Array.isArray(value) ? value.join(',') : value;
  if (typeof joined !== 'string' || joined.length > 1000) {
    throw new ScimProblem(
      400,
      `${parameter} must be a comma-separated list of attribute names`,
      'invalidSyntax',
    );
  }
  const names = joined
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length > MAX_PATHS) {
    throw new ScimProblem(400, `${parameter} names more than ${MAX_PATHS} attributes`, 'invalidSyntax');
  }
  return names;
}

/** Reads the two query parameters; undefined when neither narrows anything. */
export function scimProjectionOf(query: unknown): ScimProjection | undefined {
  const { attributes, excludedAttributes } = (query ?? {}) as Record<string, unknown>;
  const include = listOf(attributes, 'attributes');
  const exclude = listOf(excludedAttributes, 'excludedAttributes');
  if (include?.length && exclude?.length) {
    throw new ScimProblem(
      400,
      'attributes and excludedAttributes are mutually exclusive (RFC 7644 §3.4.2.5)',
      'invalidSyntax',
    );
  }
  if (include?.length) return { mode: 'include', paths: include.map(parsePath) };
  if (exclude?.length) return { mode: 'exclude', paths: exclude.map(parsePath) };
  return undefined;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps (or drops) the named keys of an object, or of each object of an array. */
function narrow(value: unknown, subs: Set<string>, keep: boolean): unknown {
  const one = (item: unknown) =>
    isObject(item)
      ? Object.fromEntries(Object.entries(item).filter(([key]) => subs.has(key.toLowerCase()) === keep))
      : item;
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** One resource (User, Group) narrowed as asked. */
export function projectScimResource(resource: Json, projection: ScimProjection): Json {
  const whole = new Set<string>();
  const subs = new Map<string, Set<string>>();
  for (const { attribute, sub } of projection.paths) {
    if (sub === undefined) whole.add(attribute);
    else subs.set(attribute, (subs.get(attribute) ?? new Set()).add(sub));
  }
  const result: Json = {};
  for (const [key, value] of Object.entries(resource)) {
    const name = key.toLowerCase();
    if (ALWAYS_RETURNED.has(name)) {
      result[key] = value;
      continue;
    }
    const named = subs.get(name);
    if (projection.mode === 'include') {
      if (whole.has(name)) result[key] = value;
      else if (named) result[key] = narrow(value, named, true);
    } else if (!whole.has(name)) {
      result[key] = named ? narrow(value, named, false) : value;
    }
  }
  return result;
}

/** A resource or a ListResponse (each of its `Resources`) narrowed as asked. */
export function projectScimAnswer(body: unknown, projection: ScimProjection): unknown {
  if (!isObject(body)) return body;
  if (Array.isArray(body.Resources)) {
    return {
      ...body,
      Resources: body.Resources.map((item) =>
        isObject(item) ? projectScimResource(item, projection) : item,
      ),
    };
  }
  return projectScimResource(body, projection);
}
