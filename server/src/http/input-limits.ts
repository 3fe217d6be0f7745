import type { FastifyInstance } from 'fastify';

/** PostgreSQL's int4, the type of every id, sort order, limit and offset column. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * Keys and names: primary keys and indexed columns. A B-tree entry holds at most ~2,700 bytes,
 * so 255 characters (≤ 1,020 bytes of UTF-8) always fit; Unleash's own tables use varchar(255).
 */
export const IDENTIFIER_MAX_LENGTH = 255;
/** Descriptions, titles, URLs and other free text shown to people. */
export const TEXT_MAX_LENGTH = 10_000;
/**
 * Everything else (strategy parameters such as a userIds list, constraint values, JSON
 * payloads): generous, yet far from the megabyte values of issue 12.
 */
export const VALUE_MAX_LENGTH = 100_000;
/** Lists: bulk operations, constraint values. Far below PostgreSQL's 65,535 bind parameters. */
export const LIST_MAX_ITEMS = 1_000;

const IDENTIFIER_KEYS = new Set([
  'name',
  'id',
  'project',
  'projectId',
  'projects',
  'environment',
  'environments',
  'featureName',
  'features',
  'feature',
  'appName',
  'contextName',
  'contextField',
  'type',
  'tagType',
  'username',
  'email',
  'stickiness',
  'defaultStickiness',
  'strategyName',
  'strategyId',
  'parent',
  'child',
  'linkId',
  'tokenName',
  'alias',
  'instanceId',
  'token',
  'secret',
  'sortBy',
  'sortOrder',
  'groupId',
  'mode',
  'icon',
  'color',
  'legalValue',
  'permission',
  'segment',
  'tag',
  'namePrefix',
]);
const TEXT_KEYS = new Set([
  'description',
  'title',
  'displayName',
  'url',
  'imageUrl',
  'query',
  'q',
  'password',
  'featureNamingPattern',
  'featureNamingExample',
  'featureNamingDescription',
]);

interface SchemaNode {
  type?: unknown;
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, SchemaNode>;
  patternProperties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

function hasType(node: SchemaNode, type: string): boolean {
  return node.type === type || (Array.isArray(node.type) && node.type.includes(type));
}

function stringLimit(key: string | undefined): number {
  if (key !== undefined && IDENTIFIER_KEYS.has(key)) return IDENTIFIER_MAX_LENGTH;
  if (key !== undefined && TEXT_KEYS.has(key)) return TEXT_MAX_LENGTH;
  return VALUE_MAX_LENGTH;
}

/**
 * Gives every string, integer and array of a request schema the bounds PostgreSQL needs
 * (issue 12), where the contract does not declare its own: a maxLength by the field's role, int4
 * minimum/maximum for integers that reach int4 columns, a maxItems for lists. Idempotent: a
 * schema shared by several routes is bounded once. Exported for its unit test.
 */
export function boundRequestSchema(node: unknown, key: string | undefined, options: { int4: boolean }): void {
  if (node === null || typeof node !== 'object') return;
  const schema = node as SchemaNode;
  if (hasType(schema, 'string') && schema.enum === undefined && schema.const === undefined) {
    if (schema.maxLength === undefined && schema.format !== 'date-time') schema.maxLength = stringLimit(key);
  }
  if (hasType(schema, 'integer') && options.int4) {
    if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) schema.minimum = INT4_MIN;
    if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) schema.maximum = INT4_MAX;
  }
  if (hasType(schema, 'array') && schema.maxItems === undefined) schema.maxItems = LIST_MAX_ITEMS;
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    boundRequestSchema(child, name, options);
  for (const child of Object.values(schema.patternProperties ?? {}))
    boundRequestSchema(child, undefined, options);
  if (typeof schema.additionalProperties === 'object') {
    boundRequestSchema(schema.additionalProperties, undefined, options);
  }
  // An array's items keep the array's name: `features: string[]` holds flag names.
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  for (const child of items) boundRequestSchema(child, key, options);
  for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    boundRequestSchema(child, key, options);
  }
}

/**
 * SDK metrics carry counters PostgreSQL keeps as int8 (a busy hour may pass 2^31) and lists
 * bounded by the body limit; their bounds are the metrics routes' own.
 */
function isSdkMetricsRoute(url: string): boolean {
  return /\/(client|frontend)\/(metrics|register)|\/edge\/metrics|\/client\/metrics\/bulk/.test(url);
}

/** Applies boundRequestSchema to every route's body, query string and path parameters. */
export function registerInputLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema) return;
    for (const part of ['params', 'querystring']) boundRequestSchema(schema[part], undefined, { int4: true });
    if (!isSdkMetricsRoute(route.url)) boundRequestSchema(schema.body, undefined, { int4: true });
  });
}
