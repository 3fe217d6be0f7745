import jsonPatch, { type Operation } from 'fast-json-patch';
import { ApiError } from './errors';

/** One RFC 6902 operation, as Unleash's patchSchema declares it. */
export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'copy' | 'move' | 'test';
  path: string;
  from?: string;
  value?: unknown;
}

function patchError(message: string): ApiError {
  return new ApiError('BadDataError', message, { details: [{ message }] });
}

/**
 * Applies a JSON Patch (RFC 6902) to a copy of `document` and returns the result; the input is
 * never modified. Used by Unleash's PATCH operations on flags, strategies and variants.
 * fast-json-patch (the library Unleash uses) validates each operation as it applies it to a
 * clone (missing `value` or `from`, bad pointers, out-of-bounds indexes) and refuses prototype
 * pollution; a failing operation (missing path, failed `test`) rejects the whole patch with a
 * BadDataError.
 */
export function applyJsonPatch<T>(document: T, operations: readonly PatchOperation[]): T {
  const patch = operations as Operation[];
  try {
    return jsonPatch.applyPatch(document, patch, true, false, true).newDocument;
  } catch (error) {
    if (error instanceof jsonPatch.JsonPatchError) throw patchError(error.message.split('\n')[0]!);
    if (error instanceof TypeError) throw patchError('Every patch operation needs an "op" and a "path"');
    throw error;
  }
}
