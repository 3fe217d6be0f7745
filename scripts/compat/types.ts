// The data model of the compatibility harness (issue 31 §7): corpus cases, the answers both servers
// gave, and the differences found between them.

/** Which credential a case sends: the seeded admin, client or frontend token, none, or a wrong one. */
export type TokenKind = 'admin' | 'client' | 'frontend' | 'none' | 'bad';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CompatCase {
  /** Unique within its area; `area/id` names the case in reports and in the known-differences list. */
  id: string;
  method: Method;
  /** `{p}` becomes the run prefix, `{name}` a value captured earlier on the same server. */
  path: string;
  /** JSON body; strings inside are substituted like the path. */
  body?: unknown;
  /** A raw body sent as is (malformed JSON, text/plain); `contentType` says its type. */
  raw?: string;
  contentType?: string;
  /** Defaults to admin. */
  token?: TokenKind;
  headers?: Record<string, string>;
  /** Values to remember from this server's answer: variable name -> dotted path (`segments.0.id`). */
  capture?: Record<string, string>;
  /** Arrays (dotted paths, '' for the body itself) kept only for elements mentioning the run prefix. */
  scope?: string[];
  /** Elements of the array at `path` reduced to `keys` (compare a listing by what matters in it). */
  pick?: { path: string; keys: string[] };
  /** Keys removed everywhere before comparing (counters that depend on other data on the server). */
  ignoreKeys?: string[];
  /** Sort every array before comparing (listings whose order is unspecified). */
  unordered?: boolean;
  /** How far to compare: only the status, status and shape, or everything (default). */
  compare?: 'status' | 'shape' | 'all';
  /** Milliseconds to wait before sending (lets a cached SDK view catch up with admin changes). */
  waitMs?: number;
}

export interface CompatArea {
  area: string;
  cases: CompatCase[];
}

/** What one server answered. `body` is the parsed JSON, or undefined when the body is not JSON. */
export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

export type Aspect = 'status' | 'name' | 'shape' | 'values';

export interface Difference {
  aspect: Aspect;
  /** Where in the body (dotted path), '' for the status or the whole body. */
  path: string;
  reference: unknown;
  ours: unknown;
}

/** One case's outcome after comparison and the known-differences lookup. */
export interface CaseResult {
  area: string;
  id: string;
  request: string;
  compare: 'status' | 'shape' | 'all';
  differences: Array<Difference & { explained?: string }>;
  reference: Answer;
  ours: Answer;
}

export interface KnownDifference {
  /** Matches `area/id`. */
  case: RegExp;
  aspect: Aspect;
  /** Matches the difference's path; any path when absent. */
  path?: RegExp;
  /** When set, the reference side must be exactly this (`String(value)`: 'absent', 'undefined', '500'). */
  referenceIs?: string;
  /** Why the difference is deliberate (a documented extension, or an Unleash bug we do not copy). */
  reason: string;
}
