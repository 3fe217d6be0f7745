// Pure normalisation of an answer body before two servers' answers are compared: what legitimately
// differs between two installations (ids, timestamps, secrets, the run prefix, data left by other
// runs) is replaced by placeholders or dropped, so that what remains differs only when behaviour does.

export interface NormaliseOptions {
  /** The run prefix every seeded name starts with; it becomes `<p>`. */
  prefix: string;
  /** Secrets this server handed out (tokens); each becomes `<token>`. */
  secrets?: string[];
  /** Arrays (dotted paths, '' for the body) kept only for elements that mention the prefix. */
  scope?: string[];
  ignoreKeys?: string[];
  /** Elements of the array at `path` reduced to `keys`. */
  pick?: { path: string; keys: string[] };
  unordered?: boolean;
  /** Keys dropped because their value is free text (error messages). */
  textKeys?: string[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
// Strategy ids are ULIDs on both servers (Crockford base32, 26 characters).
const ULID = /\b[0-9A-HJKMNP-TV-Z]{26}\b/g;
const TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})/g;
// Unleash token secrets: `project:environment.hex` (also `[]:env.hex` and `*:*.hex`).
const TOKEN = /(\*|\[\]|[\w-]+):(\*|[\w-]+)\.[0-9a-f]{16,}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function normaliseString(value: string, options: NormaliseOptions): string {
  let out = value;
  for (const secret of options.secrets ?? []) {
    if (secret) out = out.split(secret).join('<token>');
  }
  out = out.replace(TOKEN, '<token>');
  if (options.prefix) out = out.replace(new RegExp(escapeRegExp(options.prefix), 'g'), '<p>');
  return out.replace(UUID, '<uuid>').replace(ULID, '<ulid>').replace(TIMESTAMP, '<ts>');
}

/** Keys whose value identifies a row or a moment rather than describing behaviour. */
function volatileKey(key: string, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  // A strategy's segment ids: numbers that differ between two databases.
  if (key === 'segments' && Array.isArray(value) && value.every((item) => typeof item === 'number')) {
    return value.map(() => '<id>');
  }
  if (key === 'id' || /[a-z]Id$/.test(key)) return typeof value === 'object' ? undefined : '<id>';
  if (/[a-z]At$/.test(key) || key === 'seenAt') return '<ts>';
  if (key === 'secret' || key === 'token') return typeof value === 'string' ? '<token>' : undefined;
  // Revision fingerprints: they hash each server's own revision ids.
  if (key === 'etag' || key === 'queryHash') return '<etag>';
  return undefined;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Unordered listings sort by what names an element first, so one differing field does not reorder them. */
function sortKey(value: unknown): string {
  const record =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const label = [record.name, record.tokenName, record.featureName, record.type, record.value].find(
    (candidate) => typeof candidate === 'string',
  );
  return `${label ?? ''}\u0000${canonical(value)}`;
}

function normaliseValue(value: unknown, options: NormaliseOptions): unknown {
  if (typeof value === 'string') return normaliseString(value, options);
  if (Array.isArray(value)) {
    const items = value.map((item) => normaliseValue(item, options));
    return options.unordered ? items.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1)) : items;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (options.ignoreKeys?.includes(key) || options.textKeys?.includes(key)) continue;
      out[key] = volatileKey(key, inner) ?? normaliseValue(inner, options);
    }
    return out;
  }
  return value;
}

function mentionsPrefix(value: unknown, prefix: string): boolean {
  return JSON.stringify(value)?.includes(prefix) ?? false;
}

/** Applies `change` to the array at `path` (dotted; '' for the root); other bodies pass unchanged. */
function atArray(body: unknown, path: string, change: (items: unknown[]) => unknown[]): unknown {
  if (path === '') return Array.isArray(body) ? change(body) : body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const [head, ...rest] = path.split('.');
  const record = body as Record<string, unknown>;
  if (!(head! in record)) return body;
  return { ...record, [head!]: atArray(record[head!], rest.join('.'), change) };
}

/** Keeps, in the array at `path`, only the elements that mention the prefix. */
export function scopeArray(body: unknown, path: string, prefix: string): unknown {
  return atArray(body, path, (items) => items.filter((item) => mentionsPrefix(item, prefix)));
}

/** Reduces the objects in the array at `path` to the given keys. */
export function pickKeys(body: unknown, path: string, keys: string[]): unknown {
  return atArray(body, path, (items) =>
    items.map((item) =>
      item && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).filter(([key]) => keys.includes(key)))
        : item,
    ),
  );
}

export function normaliseBody(body: unknown, options: NormaliseOptions): unknown {
  let scoped = body;
  for (const path of options.scope ?? []) scoped = scopeArray(scoped, path, options.prefix);
  if (options.pick) scoped = pickKeys(scoped, options.pick.path, options.pick.keys);
  return normaliseValue(scoped, options);
}

/** Reads a dotted path (`segments.0.id`) out of a JSON body. */
export function readPath(body: unknown, path: string): unknown {
  let current: unknown = body;
  for (const part of path.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Substitutes `{name}` placeholders in strings (recursively through objects and arrays). */
export function substitute(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') {
    // A string that is exactly one numeric placeholder becomes the number it names (segment ids).
    const whole = /^\{#(\w+)\}$/.exec(value);
    if (whole && vars[whole[1]!] !== undefined) return Number(vars[whole[1]!]);
    return value.replace(/\{(\w+)\}/g, (match, name: string) => vars[name] ?? match);
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, substitute(inner, vars)]));
  }
  return value;
}
