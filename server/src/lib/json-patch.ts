import { ApiError } from './errors';

/** One RFC 6902 operation, as Unleash's patchSchema declares it. */
export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'copy' | 'move' | 'test';
  path: string;
  from?: string;
  value?: unknown;
}

type Container = Record<string, unknown> | unknown[];
type Dict = Record<string, unknown>;

function patchError(message: string): ApiError {
  return new ApiError('BadDataError', message, { details: [{ message }] });
}

/** RFC 6901 pointer tokens: `~1` is `/`, `~0` is `~`. */
function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw patchError(`Invalid JSON pointer "${pointer}"`);
  const tokens = pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
  // Assigning `__proto__` would replace a plain object's prototype instead of adding a member.
  if (tokens.includes('__proto__')) throw patchError(`Invalid JSON pointer "${pointer}"`);
  return tokens;
}

/** RFC 6902 §4: add, replace and test carry a `value`; copy and move a `from` pointer. */
function checkOperation(operation: PatchOperation): void {
  if (typeof operation !== 'object' || operation === null || typeof operation.path !== 'string') {
    throw patchError('Every patch operation needs an "op" and a "path"');
  }
  const needsValue = operation.op === 'add' || operation.op === 'replace' || operation.op === 'test';
  if (needsValue && operation.value === undefined) {
    throw patchError(`"value" is required for ${operation.op}`);
  }
  if ((operation.op === 'copy' || operation.op === 'move') && typeof operation.from !== 'string') {
    throw patchError(`"from" is required for ${operation.op}`);
  }
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function arrayIndex(array: unknown[], token: string, allowEnd: boolean): number {
  if (allowEnd && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw patchError(`Invalid array index "${token}"`);
  const index = Number(token);
  if (index > array.length || (!allowEnd && index === array.length)) {
    throw patchError(`Array index ${index} is out of bounds`);
  }
  return index;
}

/** The container holding the pointer's last token, and that token. */
function resolveParent(doc: unknown, tokens: string[], path: string): { parent: Container; key: string } {
  let current: unknown = doc;
  for (const token of tokens.slice(0, -1)) {
    if (Array.isArray(current)) current = current[arrayIndex(current, token, false)];
    else if (isContainer(current) && Object.hasOwn(current, token)) current = (current as Dict)[token];
    else throw patchError(`Path "${path}" does not exist`);
  }
  if (!isContainer(current)) throw patchError(`Path "${path}" does not exist`);
  return { parent: current, key: tokens[tokens.length - 1]! };
}

function getValue(doc: unknown, path: string): unknown {
  let current: unknown = doc;
  for (const token of parsePointer(path)) {
    if (Array.isArray(current)) current = current[arrayIndex(current, token, false)];
    else if (isContainer(current) && Object.hasOwn(current, token)) current = (current as Dict)[token];
    else throw patchError(`Path "${path}" does not exist`);
  }
  return current;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isContainer(a) && isContainer(b) && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => deepEqual(a[key], b[key]));
  }
  return false;
}

function add(doc: unknown, path: string, value: unknown): unknown {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return value;
  const { parent, key } = resolveParent(doc, tokens, path);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else parent[key] = value;
  return doc;
}

function remove(doc: unknown, path: string): unknown {
  const tokens = parsePointer(path);
  if (tokens.length === 0) throw patchError('Cannot remove the whole document');
  const { parent, key } = resolveParent(doc, tokens, path);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
  else if (Object.hasOwn(parent, key)) delete parent[key];
  else throw patchError(`Path "${path}" does not exist`);
  return doc;
}

function replace(doc: unknown, path: string, value: unknown): unknown {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return value;
  getValue(doc, path);
  const { parent, key } = resolveParent(doc, tokens, path);
  if (Array.isArray(parent)) parent[arrayIndex(parent, key, false)] = value;
  else parent[key] = value;
  return doc;
}

/**
 * Applies a JSON Patch (RFC 6902) to a copy of `document` and returns the result; the input is
 * never modified. Used by Unleash's PATCH operations on flags, strategies and variants.
 * A failing operation (missing path, failed `test`) rejects the whole patch with a BadDataError.
 */
export function applyJsonPatch<T>(document: T, operations: readonly PatchOperation[]): T {
  let doc: unknown = structuredClone(document);
  for (const operation of operations) {
    checkOperation(operation);
    switch (operation.op) {
      case 'add':
        doc = add(doc, operation.path, structuredClone(operation.value));
        break;
      case 'remove':
        doc = remove(doc, operation.path);
        break;
      case 'replace':
        doc = replace(doc, operation.path, structuredClone(operation.value));
        break;
      case 'copy': {
        if (operation.from === undefined) throw patchError('"from" is required for copy');
        doc = add(doc, operation.path, structuredClone(getValue(doc, operation.from)));
        break;
      }
      case 'move': {
        if (operation.from === undefined) throw patchError('"from" is required for move');
        if (operation.path.startsWith(`${operation.from}/`)) {
          throw patchError('Cannot move a value into one of its children');
        }
        const value = getValue(doc, operation.from);
        doc = remove(doc, operation.from);
        doc = add(doc, operation.path, value);
        break;
      }
      case 'test':
        if (!deepEqual(getValue(doc, operation.path), operation.value)) {
          throw patchError(`Test operation failed at "${operation.path}"`);
        }
        break;
      default:
        throw patchError(`Unknown patch operation "${(operation as { op: string }).op}"`);
    }
  }
  return doc as T;
}
