import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/errors';

/**
 * NUL (PostgreSQL refuses it in text: 22021/22P05) and unpaired UTF-16 surrogates (they cannot be
 * encoded in UTF-8; `encodeURIComponent` throws, jsonb refuses the escape). With the `u` flag a
 * well-formed pair is one code point, so `\p{Cs}` matches only the unpaired halves.
 */
const UNSTORABLE = /[\0\p{Cs}]/u;

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('/');
}

/**
 * The path (`/body/name`, `/query/q`) of the first string or key that PostgreSQL cannot store.
 * Iterative, with paths built only for a find: a body nested thousands deep must not overflow
 * the stack, and a large metrics body costs one pass.
 */
export function findUnstorableText(root: unknown, rootPath: string): string | undefined {
  const pending: Visit[] = [{ value: root, key: rootPath, parent: undefined }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const value = visit.value;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        pending.push({ value: value[index], key: String(index), parent: visit });
      }
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] as string;
        if (UNSTORABLE.test(key)) return `${pathOf(visit)}/${key.replace(UNSTORABLE, '?')}`;
        pending.push({ value: (value as Record<string, unknown>)[key], key, parent: visit });
      }
    }
  }
  return undefined;
}

function refusal(path: string): ApiError {
  const message = `The ${path} property contains a NUL character or an unpaired UTF-16 surrogate, which cannot be stored`;
  return new ApiError(
    'BadDataError',
    'Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information.',
    { details: [{ path, message }] },
  );
}

/**
 * Issue 12: refuses, before validation and before any handler, path parameters, query values
 * and JSON bodies that carry text PostgreSQL cannot store, with Unleash's 400 BadDataError
 * instead of a database error. The SDK fast path never sees such bodies: it hands any JSON with
 * a `\u0000` or surrogate escape to Fastify, and so to this check.
 */
export function registerUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const found =
      findUnstorableText(request.params, '/params') ??
      findUnstorableText(request.query, '/query') ??
      findUnstorableText(request.body, '/body');
    if (found) throw refusal(found);
  });
}
