import fc from 'fast-check';

/** The subset of JSON Schema (OpenAPI 3.0 flavour) our routes publish in /docs/openapi.json. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

/**
 * Values that name what the fuzz run seeded, so generated requests reach past "not found" into
 * the services and stores (where the 5xx of issue 12 were).
 */
export const SEEDED_STRINGS = [
  'default',
  'fuzz-project',
  'fuzz-flag',
  'fuzz-child',
  'development',
  'production',
  'fuzz-segment',
  'fuzzField',
  'simple',
  'fuzz-tag',
  'flexibleRollout',
  'default-strategy',
  'release',
  'userId',
  'fuzz-app',
];

const seededString = fc.constantFrom(...SEEDED_STRINGS);
// Built once: compiling a regular expression into an arbitrary is slow (tens of milliseconds).
const slugString = fc.stringMatching(/^[a-z][a-z0-9-]{1,20}$/);
const patternArbitraries = new Map<string, fc.Arbitrary<string>>();

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.pattern) {
    try {
      let arbitrary = patternArbitraries.get(schema.pattern);
      if (!arbitrary) {
        arbitrary = fc.stringMatching(new RegExp(schema.pattern));
        patternArbitraries.set(schema.pattern, arbitrary);
      }
      const maxLength = schema.maxLength ?? 200;
      return arbitrary.filter((s) => s.length <= maxLength);
    } catch {
      // A pattern JavaScript cannot compile: fall back to plain strings.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
  return fc.oneof(
    { weight: 3, arbitrary: seededString.filter((s) => s.length >= minLength && s.length <= maxLength) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength }) },
    {
      weight: 2,
      arbitrary: slugString.filter((s) => s.length >= minLength && s.length <= maxLength),
    },
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (integer ? -5 : -1000);
  const max = schema.maximum ?? (integer ? Math.max(min + 10, 100) : 1000);
  if (integer) return fc.oneof(fc.integer({ min, max: Math.min(max, min + 5) }), fc.integer({ min, max }));
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Arbitrary for a value valid against `schema` (as far as the schema itself says). */
export function validArbitrary(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 2 });
  const base = nonNullArbitrary(schema, depth);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function nonNullArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((member) => validArbitrary(member, depth)));
  if (schema.allOf && schema.allOf.length > 0) return validArbitrary(schema.allOf[0], depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, depth > 2 ? minLength : 3));
      return fc.array(validArbitrary(schema.items, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, depth);
    default:
      if (schema.properties) return objectArbitrary(schema, depth);
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    if (typeof schema.additionalProperties === 'object') {
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }),
        validArbitrary(schema.additionalProperties, depth + 1),
        {
          maxKeys: 3,
        },
      );
    }
    return fc.constant({});
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) model[key] = validArbitrary(properties[key], depth + 1);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

/** Strings that broke the server in issue 12 or might: NUL, lone surrogates, megabytes, odd Unicode. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'fuzz\u0000flag',
  '\ud800',
  'a\udc00b',
  'x'.repeat(3_000),
  'x'.repeat(100_000),
  '',
  ' ',
  '..',
  '%00',
  '\u202e\ufeff',
  "'; drop table features; --",
  '😀'.repeat(50),
  '{{constructor}}',
  '2147483648',
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
];

/** Numbers beyond PostgreSQL's int4 and friends. */
export const HOSTILE_NUMBERS: readonly number[] = [
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_992,
  1e300,
  -1e300,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER,
];

/** Paths to every value inside a JSON value (the root included). */
function locations(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (out.length > 200) return out;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) locations(item, [...prefix, index], out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) locations(item, [...prefix, key], out);
  }
  return out;
}

function valueAt(root: unknown, path: (string | number)[]): unknown {
  let current = root;
  for (const key of path) current = (current as Record<string | number, unknown>)[key];
  return current;
}

function replaceAt(root: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let current = copy;
  for (const key of path.slice(0, -1)) current = current[key] as Record<string | number, unknown>;
  current[path[path.length - 1] as string | number] = replacement;
  return copy;
}

/** What replaces a value: the hostile value classes of issue 12, chosen by `pick`. */
function hostileReplacement(original: unknown, pick: number): unknown {
  if (Array.isArray(original)) {
    // Over PostgreSQL's 65,535 bind parameters when each item becomes one.
    if (pick % 7 === 1) return new Array(70_000).fill(original[0] ?? 'fuzz');
    const choices = [[], null, {}, 'not-an-array', [null], [42]];
    return choices[pick % choices.length];
  }
  if (typeof original === 'string') {
    const choices: unknown[] = [
      ...HOSTILE_STRINGS,
      null,
      42,
      true,
      {},
      ['x'],
      `${original}\u0000`,
      `${original}\ud800`,
    ];
    return choices[pick % choices.length];
  }
  if (typeof original === 'number') {
    const choices: unknown[] = [...HOSTILE_NUMBERS, null, '12', 'abc', true, []];
    return choices[pick % choices.length];
  }
  if (typeof original === 'boolean') return [null, 'true', 1, 'yes'][pick % 4];
  if (original !== null && typeof original === 'object') {
    const choices: unknown[] = [null, [], 'object', 0, { ...original, fuzzExtra: 1 }, {}];
    return choices[pick % choices.length];
  }
  const choices: unknown[] = ['\u0000', 2_147_483_648, [], {}, 'x'.repeat(5_000), false];
  return choices[pick % choices.length];
}

/** An invalid (or edge-case) variant of `valid`: one location replaced by a hostile value. */
export function mutate(valid: unknown, locationPick: number, valuePick: number): unknown {
  const paths = locations(valid);
  const path = paths[locationPick % paths.length] as (string | number)[];
  return replaceAt(valid, path, hostileReplacement(valueAt(valid, path), valuePick));
}

/** Every string in `value` replaced by `transform(string)`: NUL or surrogates in every field at once. */
export function mapStrings(value: unknown, transform: (text: string) => unknown): unknown {
  if (typeof value === 'string') return transform(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, transform));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, transform)]));
  }
  return value;
}

/** Every leaf of `value` set to null: "null in every field". */
export function nullEverywhere(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullEverywhere);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, nullEverywhere(item)]));
  }
  return null;
}
