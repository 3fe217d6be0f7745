import fc from 'fast-check';
import {
  type JsonSchema,
  mapStrings,
  mutate,
  nullEverywhere,
  SEEDED_STRINGS,
  validArbitrary,
} from './schema-arbitrary';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}

/** One operation of /docs/openapi.json, reduced to what the fuzzer needs. */
export interface Operation {
  operationId: string;
  method: Method;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

/** A request ready for `app.inject`, with the class of input it exercises (for the report). */
export interface FuzzRequest {
  operationId: string;
  kind: string;
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content?.['application/json']?.schema;
      operations.push({
        operationId: String(operation.operationId),
        method: method.toUpperCase() as Method,
        path,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        ...(body ? { body } : {}),
      });
    }
  }
  return operations;
}

/** Raw path segments (already percent-encoded) that must never reach PostgreSQL or a URIError. */
const HOSTILE_PATH_SEGMENTS = [
  '%00',
  'fuzz-flag%00',
  '%ED%A0%80',
  '%F0%9F%98',
  '%',
  '%zz',
  '2147483648',
  '99999999999999999999',
  '-1',
  '1.5',
  '0',
  '1e3',
  'x'.repeat(3_000),
  '%2e%2e',
  '%C3%A4',
  '%20',
  'null',
];

const HOSTILE_QUERY_VALUES = [
  ...HOSTILE_PATH_SEGMENTS,
  '2147483648',
  '-2147483649',
  'true',
  '',
  '[]',
  '%5B%5D',
];

/** Ids of seeded rows for integer path parameters (users, roles, groups, segments, tokens). */
const SEEDED_IDS = ['1', '2', '3', '4', '5', '6', '7'];

const pathSlug = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);

function pathValueArbitrary(parameter: Parameter, extra: readonly string[]): fc.Arbitrary<string> {
  const type = parameter.schema?.type;
  if (type === 'integer' || type === 'number') return fc.constantFrom(...SEEDED_IDS);
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...SEEDED_STRINGS, ...extra).map(encodeURIComponent) },
    { weight: 1, arbitrary: pathSlug },
  );
}

function encodeQueryValue(value: unknown): string {
  return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
}

/** Callers of the `headers` kind; every other kind is the admin token. */
const AUTH_VARIANTS = ['admin', 'admin', 'none', 'garbage', 'wrong-secret', 'nul'];
const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
  '',
];
const RAW_BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '42',
  '1e999',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  '\ufeff{}',
  '{"a":"\\u0000"}',
  '{"name":"\\ud800"}',
  '{}',
];

function authHeaders(variant: string, adminToken: string): Record<string, string> {
  switch (variant) {
    case 'none':
      return {};
    case 'garbage':
      return { authorization: 'garbage' };
    case 'wrong-secret':
      return { authorization: '*:*.not-the-secret' };
    case 'nul':
      return { authorization: `${adminToken}%00` };
    default:
      return { authorization: adminToken };
  }
}

/**
 * Requests for `operation`: valid ones from its schemas, and invalid ones of every class in
 * issue 12 (hostile bodies, parameters and headers), as one fast-check arbitrary.
 */
export function requestArbitrary(
  operation: Operation,
  adminToken: string,
  seededValues: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter(
    (p) => p.in === 'query' && p.name !== 'additionalProperties',
  );
  const pathValues = fc.tuple(...pathParameters.map((p) => pathValueArbitrary(p, seededValues)));
  const queryValues = fc.tuple(
    ...queryParameters.map((p) => fc.option(validArbitrary(p.schema), { freq: 2, nil: undefined })),
  );
  const body = operation.body ? validArbitrary(operation.body) : fc.constant(undefined);
  const kinds = [
    'valid',
    'valid',
    'body-field',
    'body-field',
    'body-field',
    'path',
    'query',
    'headers',
    'raw-body',
    'nul-everywhere',
    'surrogate-everywhere',
    'null-everywhere',
    'huge-everywhere',
  ] as const;

  return fc
    .record({
      kind: fc.constantFrom(...kinds),
      path: pathValues,
      query: queryValues,
      body,
      picks: fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()),
    })
    .map(({ kind, path, query, body: validBody, picks }) => {
      const [a, b, c, d] = picks;
      const segments = [...path];
      if (kind === 'path' && segments.length > 0) {
        segments[a % segments.length] = HOSTILE_PATH_SEGMENTS[b % HOSTILE_PATH_SEGMENTS.length] as string;
      }
      let url = operation.path;
      pathParameters.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, segments[index] as string);
      });

      const pairs: string[] = [];
      queryParameters.forEach((parameter, index) => {
        const value = query[index];
        if (value === undefined) return;
        if (Array.isArray(value)) {
          for (const item of value) pairs.push(`${parameter.name}=${encodeQueryValue(item)}`);
        } else pairs.push(`${parameter.name}=${encodeQueryValue(value)}`);
      });
      if (kind === 'query') {
        const name =
          queryParameters.length > 0 && c % 4 !== 0
            ? (queryParameters[a % queryParameters.length] as Parameter).name
            : 'fuzzExtra';
        pairs.push(`${name}=${HOSTILE_QUERY_VALUES[b % HOSTILE_QUERY_VALUES.length]}`);
        if (d % 3 === 0) pairs.push(`${name}=second`);
      }
      if (pairs.length > 0) url = `${url}?${pairs.join('&')}`;

      const caller = kind === 'headers' ? (AUTH_VARIANTS[a % AUTH_VARIANTS.length] as string) : 'admin';
      const headers: Record<string, string> = authHeaders(caller, adminToken);
      if (kind === 'headers') {
        headers['if-none-match'] = ['"x"', '*', 'W/"\u0000"', 'x'.repeat(2_000)][b % 4] as string;
        if (d % 2 === 0) headers['x-unleash-connection-id'] = 'x'.repeat(500);
      }

      let payload: string | undefined;
      const hasBody = operation.body !== undefined || ['POST', 'PUT', 'PATCH'].includes(operation.method);
      if (hasBody) {
        let value: unknown = validBody ?? {};
        if (kind === 'body-field') value = mutate(value, a, b);
        if (kind === 'nul-everywhere') value = mapStrings(value, (text) => `${text}\u0000`);
        if (kind === 'surrogate-everywhere') value = mapStrings(value, (text) => `${text}\ud800`);
        if (kind === 'huge-everywhere') value = mapStrings(value, (text) => `${text}${'x'.repeat(4_000)}`);
        if (kind === 'null-everywhere') value = nullEverywhere(value);
        payload = kind === 'raw-body' ? RAW_BODIES[a % RAW_BODIES.length] : JSON.stringify(value);
        headers['content-type'] =
          kind === 'headers' ? (CONTENT_TYPES[c % CONTENT_TYPES.length] as string) : 'application/json';
        if (headers['content-type'] === '') delete headers['content-type'];
      }
      return {
        operationId: operation.operationId,
        kind,
        method: operation.method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload }),
      };
    });
}
