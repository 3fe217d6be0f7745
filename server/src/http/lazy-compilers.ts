import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/**
 * The Ajv options of every route's validation (Fastify's `ajv` option). Query strings, path
 * parameters and headers arrive as text, so they are coerced to the schema's types ("7" to 7,
 * one value to an array). JSON bodies are not (BODY_AJV_OPTIONS): `null` stays null where the
 * schema allows it (a global segment's `"project": null`, issue 12) and "1" is no number.
 */
export const AJV_OPTIONS = {
  customOptions: {
    // Unknown properties are rejected (400), never silently dropped.
    removeAdditional: false,
    coerceTypes: 'array',
    useDefaults: true,
    allErrors: true,
  },
  plugins: [],
} as const;

export const BODY_AJV_OPTIONS = {
  customOptions: { ...AJV_OPTIONS.customOptions, coerceTypes: false },
  plugins: [],
} as const;

interface ValidatorOptions {
  customOptions?: Record<string, unknown>;
}

/** The same options with body coercion switched off. */
function bodyOptions(options: unknown): unknown {
  const base = (options ?? {}) as ValidatorOptions;
  return { ...base, customOptions: { ...base.customOptions, coerceTypes: false } };
}

/**
 * A body validator built exactly as Fastify builds a route's (same compiler, same options),
 * for a handler that runs outside Fastify (the SDK fast path) and must accept exactly what the
 * route accepts.
 */
export function compileBodyValidator(schema: object): (data: unknown) => boolean {
  const compile = AjvCompiler()({} as never, BODY_AJV_OPTIONS as never);
  const validate = compile({ schema, method: 'POST', url: '', httpPart: 'body' } as never) as Validate;
  return (data) => validate(data) === true;
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
      const compileCoercing = validatorFactory(externalSchemas as never, options as never);
      const compileBody = validatorFactory(externalSchemas as never, bodyOptions(options) as never);
      return (route: unknown) => {
        const compile = (route as { httpPart?: string }).httpPart === 'body' ? compileBody : compileCoercing;
        let compiled: Validate | undefined;
        const validate: Validate = (data) => {
          compiled ??= compile(route as never) as Validate;
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
