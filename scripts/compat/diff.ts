// Pure comparison of two answers to the same request: status, error name, shape (key sets and
// value kinds, recursively) and values, each difference with the path where it was found.
import type { Answer, Difference } from './types';

type Kind = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'absent';

function kindOf(value: unknown): Kind {
  if (value === undefined) return 'absent';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as Kind;
}

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/** Differences in key sets and value kinds; arrays are compared element by element up to the shorter. */
export function shapeDifferences(reference: unknown, ours: unknown, path = ''): Difference[] {
  const refKind = kindOf(reference);
  const ourKind = kindOf(ours);
  if (refKind !== ourKind) return [{ aspect: 'shape', path, reference: refKind, ours: ourKind }];
  if (refKind === 'array') {
    const refItems = reference as unknown[];
    const ourItems = ours as unknown[];
    const out: Difference[] = [];
    for (let index = 0; index < Math.min(refItems.length, ourItems.length); index += 1) {
      out.push(...shapeDifferences(refItems[index], ourItems[index], join(path, index)));
    }
    return out;
  }
  if (refKind !== 'object') return [];
  const refRecord = reference as Record<string, unknown>;
  const ourRecord = ours as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(refRecord), ...Object.keys(ourRecord)])].sort();
  return keys.flatMap((key) => shapeDifferences(refRecord[key], ourRecord[key], join(path, key)));
}

/** Differences in leaf values and array lengths, where the shapes agree. */
export function valueDifferences(reference: unknown, ours: unknown, path = ''): Difference[] {
  const refKind = kindOf(reference);
  if (refKind !== kindOf(ours)) return [];
  if (refKind === 'array') {
    const refItems = reference as unknown[];
    const ourItems = ours as unknown[];
    const out: Difference[] = [];
    if (refItems.length !== ourItems.length) {
      out.push({
        aspect: 'values',
        path: join(path, 'length'),
        reference: refItems.length,
        ours: ourItems.length,
      });
    }
    for (let index = 0; index < Math.min(refItems.length, ourItems.length); index += 1) {
      out.push(...valueDifferences(refItems[index], ourItems[index], join(path, index)));
    }
    return out;
  }
  if (refKind === 'object') {
    const refRecord = reference as Record<string, unknown>;
    const ourRecord = ours as Record<string, unknown>;
    return Object.keys(refRecord)
      .filter((key) => key in ourRecord)
      .sort()
      .flatMap((key) => valueDifferences(refRecord[key], ourRecord[key], join(path, key)));
  }
  return reference === ours ? [] : [{ aspect: 'values', path, reference, ours }];
}

function errorName(answer: Answer): unknown {
  const body = answer.status >= 400 ? answer.body : undefined;
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as { name?: unknown }).name
    : undefined;
}

/**
 * Compares two answers whose bodies are already normalised. A different status makes the bodies
 * answers to different outcomes, so only the status (and error name) is reported then.
 */
export function compareAnswers(
  reference: Answer,
  ours: Answer,
  depth: 'status' | 'shape' | 'all' = 'all',
): Difference[] {
  const out: Difference[] = [];
  if (reference.status !== ours.status) {
    out.push({ aspect: 'status', path: '', reference: reference.status, ours: ours.status });
  }
  // Both failed: the error names must agree (a different status is already reported above).
  if (reference.status >= 400 && ours.status >= 400) {
    const refName = errorName(reference);
    const ourName = errorName(ours);
    if (refName !== ourName) out.push({ aspect: 'name', path: 'name', reference: refName, ours: ourName });
  }
  if (out.some((difference) => difference.aspect === 'status') || depth === 'status') return out;
  const refJson = reference.body !== undefined;
  const ourJson = ours.body !== undefined;
  if (!refJson || !ourJson) {
    if (refJson !== ourJson) {
      out.push({
        aspect: 'shape',
        path: '',
        reference: refJson ? 'json' : 'text',
        ours: ourJson ? 'json' : 'text',
      });
    } else if (depth === 'all' && reference.text !== ours.text) {
      out.push({ aspect: 'values', path: '', reference: reference.text, ours: ours.text });
    }
    return out;
  }
  out.push(...shapeDifferences(reference.body, ours.body));
  if (depth !== 'all') return out;
  // A different error name is already reported under its own aspect.
  const named = out.some((difference) => difference.aspect === 'name');
  out.push(
    ...valueDifferences(reference.body, ours.body).filter(
      (difference) => !named || difference.path !== 'name',
    ),
  );
  return out;
}
