import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/**
 * The Ajv options of every route's validation (Fastify's `ajv` option), as used for query
 * strings, path parameters and headers: text there is read as numbers, booleans and lists
 * (`?project=a` is `['a']`). Bodies get BODY_AJV_OPTIONS. `null` stays null where the schema
 * allows it: see keepNullsUncoerced.
 */
export const AJV_OPTIONS = {
  customOptions: {
    // Unknown properties are rejected (400), never silently dropped.
    removeAdditional: false,
    coerceTypes: 'array',
    useDefaults: true,
    // The first failing field only, as Unleash answers (checked against 8.2: a registration
    // missing four required fields gets one detail); also Ajv's advice for untrusted input.
    allErrors: false,
  },
  plugins: [],
} as const;

/**
 * Bodies are coerced as Unleash 8.2 coerces them (checked against it): scalars only (`"name": 7`
 * is the name "7", `"rollout": 50` the parameter "50", `"impressionData": 1` true), never a
 * scalar into a one-item list: `"projects": 5` or `"events": "feature-created"` is a 400
 * (issue 31 §4).
 */
const BODY_AJV_OPTIONS = {
  ...AJV_OPTIONS,
  customOptions: { ...AJV_OPTIONS.customOptions, coerceTypes: true },
} as const;

type AjvOptions = { customOptions: Record<string, unknown> };

function bodyOptionsOf(options: unknown): AjvOptions {
  const given = options as AjvOptions;
  return { ...given, customOptions: { ...given.customOptions, coerceTypes: true } };
}

type Node = Record<string, unknown>;

function isNullBranch(node: unknown): boolean {
  return (
    typeof node === 'object' &&
    node !== null &&
    (node as Node).type === 'null' &&
    Object.keys(node).length === 1
  );
}

/**
 * Ajv tries `anyOf` branches in order and coerces within each: for our `Nullable(X)`
 * (`anyOf: [X, {type: 'null'}]`) it turned `null` into `""`, `0` or `false` before the null
 * branch was reached (issue 12: a global segment's `"project": null` stored as "" and a 500).
 * Unleash's schemas say `nullable: true`, which Ajv checks before coercing, so this rewrites the
 * union the same way: `{...X, nullable: true}` when X has one `type`, otherwise the null branch
 * first. A copy: the route keeps its schema for the serializer and the OpenAPI document.
 */
export function keepNullsUncoerced(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(keepNullsUncoerced);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Node = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = keepNullsUncoerced(value);
  const branches = copy.anyOf;
  if (!Array.isArray(branches) || !branches.some(isNullBranch)) return copy;
  const others = branches.filter((branch) => !isNullBranch(branch)) as Node[];
  const [only] = others;
  if (others.length === 1 && only && typeof only.type === 'string' && only.nullable === undefined) {
    const { anyOf: _union, ...rest } = copy;
    const { const: constant, ...single } = only;
    const merged: Node = { ...rest, ...single, nullable: true };
    // Ajv requires a nullable enumeration to list null itself.
    const values = constant !== undefined ? [constant] : (only.enum as unknown[] | undefined);
    if (values) merged.enum = [...values, null];
    return merged;
  }
  return { ...copy, anyOf: [{ type: 'null' }, ...others] };
}

/**
 * A body validator built exactly as Fastify builds a route's (same compiler, same options,
 * same schema rewrite, same coercions applied to the data), for a handler that runs outside
 * Fastify (the SDK fast path) and must accept exactly what the route accepts.
 */
export function compileBodyValidator(schema: object): (data: unknown) => boolean {
  const compile = AjvCompiler()({} as never, BODY_AJV_OPTIONS as never);
  const validate = compile({
    schema: keepNullsUncoerced(schema),
    method: 'POST',
    url: '',
    httpPart: 'body',
  } as never) as Validate;
  return (data) => validate(data) === true;
}

function withNullableBody(route: unknown): unknown {
  const { httpPart, schema } = route as { httpPart?: string; schema?: unknown };
  return httpPart === 'body' ? { ...(route as object), schema: keepNullsUncoerced(schema) } : route;
}

/**
 * Fastify's own validator and serializer compilers (Ajv, fast-json-stringify), made lazy: a
 * route's code is generated on its first request instead of at start-up. With ~225 routes,
 * compiling everything eagerly cost over a second of every start; most routes of a desktop
 * session are never called, and the SDK routes compile once on their first poll.
 */
export function lazyCompilersFactory(): CompilersFactory {
  const validatorFactory = AjvCompiler();
  const serializerFactory = SerializerSelector();
  return {
    buildValidator(externalSchemas: unknown, options: unknown) {
      const compile = validatorFactory(externalSchemas as never, options as never);
      // Fastify's options for bodies alone: same as the other parts but scalar coercion only.
      const compileBody = validatorFactory(externalSchemas as never, bodyOptionsOf(options) as never);
      return (route: unknown) => {
        let compiled: Validate | undefined;
        const isBody = (route as { httpPart?: string }).httpPart === 'body';
        const validate: Validate = (data) => {
          compiled ??= (isBody ? compileBody : compile)(withNullableBody(route) as never) as Validate;
          const result = compiled(data);
          // Fastify reads the errors of the last call from the validator function itself.
          validate.errors = compiled.errors;
          return result;
        };
        return validate as never;
      };
    },
    buildSerializer(externalSchemas: unknown, options: unknown) {
      const compile = serializerFactory(externalSchemas as never, options as never);
      return (route: unknown) => {
        let compiled: ((data: unknown) => string) | undefined;
        return (data: unknown) => {
          compiled ??= compile(route as never) as (data: unknown) => string;
          return compiled(data);
        };
      };
    },
  } as CompilersFactory;
}
