import { RE2JS, RE2JSException } from 're2js';

/**
 * REGEX constraints carry RE2 patterns (shared/unleash/API.md §5.4; client-specification
 * 21-regex), matched with "find" (unanchored). They run on re2js, a port of RE2, whose matching
 * time is linear in the input: a backtracking RegExp let `(a+)+$` on a 31-character userId stop
 * the process for 19 s (issue 12). Linear is not free, though: the cost is the input length
 * times the compiled program's size, so both the pattern and its program are bounded here.
 */

/** Longest REGEX pattern accepted, in characters (issue 12; Unleash itself sets no bound). */
export const MAX_PATTERN_LENGTH = 1000;

/**
 * Largest compiled program accepted, in RE2 instructions. Counted repetition expands in the
 * program (`[a-z]{1000}` alone is 1,002 instructions), which a short pattern can hide; real
 * patterns (e-mail, UUID, version prefixes) stay under 100.
 */
export const MAX_PROGRAM_SIZE = 1000;

/** A compiled pattern: `test` is true when it matches anywhere in the value. */
export interface CompiledPattern {
  test(value: string): boolean;
}

/** Why RE2 refuses `pattern`, or undefined when it compiles within the bounds. */
export function re2PatternError(pattern: string, caseInsensitive = false): string | undefined {
  const compiled = compile(pattern, caseInsensitive);
  return compiled instanceof RE2JS ? undefined : compiled;
}

/** RE2's own message (e.g. "error parsing regexp: missing closing ): `(`"), or the bound broken. */
function compile(pattern: string, caseInsensitive: boolean): RE2JS | string {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return `the pattern is ${pattern.length} characters long, over the limit of ${MAX_PATTERN_LENGTH}`;
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern, caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    if (error instanceof RE2JSException) return error.message;
    throw error;
  }
  if (compiled.programSize() > MAX_PROGRAM_SIZE) {
    return `the pattern compiles to ${compiled.programSize()} instructions, over the limit of ${MAX_PROGRAM_SIZE}`;
  }
  return compiled;
}

/**
 * Snapshots evaluate the same few patterns for every request: compiled programs (and the DFA
 * states re2js caches in them) are kept, least recently used out first. Bounded, since each
 * entry's DFA may grow to re2js's 8 MB budget.
 */
const CACHE_LIMIT = 128;
const cache = new Map<string, CompiledPattern | null>();

/** The compiled `pattern`, or undefined when RE2 rejects it or it exceeds the bounds above. */
export function compileRe2(pattern: string, caseInsensitive: boolean): CompiledPattern | undefined {
  const key = `${caseInsensitive ? 'i' : '-'}${pattern}`;
  const cached = cache.get(key);
  if (cached !== undefined) {
    cache.delete(key);
    cache.set(key, cached);
    return cached ?? undefined;
  }
  const compiled = compile(pattern, caseInsensitive);
  const entry = compiled instanceof RE2JS ? compiled : null;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  return entry ?? undefined;
}

/** RE2 "find" semantics: true when the pattern matches anywhere in `value`; false when it does not compile. */
export function re2Find(pattern: string, value: string, caseInsensitive: boolean): boolean {
  return compileRe2(pattern, caseInsensitive)?.test(value) ?? false;
}
