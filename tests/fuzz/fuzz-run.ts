import fc from 'fast-check';
import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database';
import type { App } from '../../server/src/http/app-type';
import { type FuzzRequest, operationsOf, requestArbitrary } from './fuzz-requests';

/**
 * Tables written in the background (buffered SDK metrics flushed on a timer, the unknown-flags
 * list) or by refusals on purpose (the per-account count of failed logins), not by the request
 * being checked, and columns a refused request may legitimately touch (a token's or user's
 * last-seen time, failed login attempts, as Unleash does).
 */
const BACKGROUND_TABLES = new Set([
  'login_attempts',
  // Every login attempt, refused ones included, is kept for the admins (issue 19), as Unleash does.
  'login_history',
  'unknown_flags',
  'client_applications',
  'client_applications_usage',
  'client_instances',
  'client_metrics_env',
  'client_metrics_env_variants',
  'feature_last_seen',
]);
const SEEN_COLUMNS = ['seen_at', 'last_seen', 'last_seen_at', 'login_attempts'];

export interface FuzzFailure {
  problem: '5xx' | 'hang' | 'error-shape' | 'database-changed' | 'inject-error';
  request: FuzzRequest;
  status?: number;
  body?: string;
  detail?: string;
}

export interface FuzzResult {
  requests: number;
  operations: number;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
  milliseconds: number;
  /** Where the time went: generating requests, answering them, fingerprinting the database. */
  timings: { generate: number; answer: number; fingerprint: number };
}

/**
 * A cheap fingerprint of the database: row triggers (installed in the fuzz run's own database)
 * count committed row changes per table, ignoring updates that touch only "seen" columns. Rolled
 * back changes roll their counts back too, so a refusal must leave every count unchanged.
 */
export async function createFingerprint(db: Db): Promise<() => Promise<Map<string, string>>> {
  const tables = (await db.introspection.getTables())
    .filter((table) => !BACKGROUND_TABLES.has(table.name) && !table.name.startsWith('kysely_'))
    .map((table) => table.name);
  const ignored = SEEN_COLUMNS.map((column) => ` - '${column}'`).join('');
  await sql
    .raw(`
      create table if not exists fuzz_changes (table_name text primary key, changes bigint not null);
      create or replace function fuzz_count_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and (to_jsonb(new)${ignored}) = (to_jsonb(old)${ignored}) then
          return null;
        end if;
        insert into fuzz_changes values (tg_table_name, 1)
          on conflict (table_name) do update set changes = fuzz_changes.changes + 1;
        return null;
      end $$;
      ${tables
        .map(
          (name) => `
      drop trigger if exists fuzz_count_change on "${name}";
      create trigger fuzz_count_change after insert or update or delete on "${name}"
        for each row execute function fuzz_count_change();`,
        )
        .join('')}
    `)
    .execute(db);
  const query = sql.raw<{ table_name: string; changes: string }>(
    'select table_name, changes from fuzz_changes',
  );
  return async () => {
    const { rows } = await query.execute(db);
    return new Map(rows.map((row) => [row.table_name, String(row.changes)]));
  };
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

/**
 * SCIM (RFC 7644 §3.12), OFREP, MCP (JSON-RPC) and OpenFeature's manifest API (`{error: {message, status}}`)
 * answer their protocols' error bodies, which their clients read, instead of Unleash's;
 * /edge/issue-token refuses a signature with Unleash's own `{error}` body.
 */
function hasOwnProtocolErrorShape(url: string, body: string): boolean {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (url.startsWith('/scim/')) {
      return (
        Array.isArray(parsed.schemas) &&
        parsed.schemas.includes('urn:ietf:params:scim:api:messages:2.0:Error') &&
        typeof parsed.status === 'string'
      );
    }
    if (url.startsWith('/edge/issue-token')) return typeof parsed.error === 'string';
    // MCP answers JSON-RPC errors, which MCP clients read.
    if (url.startsWith('/api/admin/mcp')) return parsed.jsonrpc === '2.0' && typeof parsed.error === 'object';
    if (url.includes('/openfeature/v0/manifest')) {
      const error = parsed.error as { message?: unknown; status?: unknown } | undefined;
      return typeof error?.message === 'string' && typeof error.status === 'number';
    }
    return url.startsWith('/ofrep/') && typeof parsed.errorCode === 'string';
  } catch {
    return false;
  }
}

function hasErrorShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return (
      typeof parsed.id === 'string' &&
      typeof parsed.name === 'string' &&
      typeof parsed.message === 'string' &&
      (parsed.details === undefined || Array.isArray(parsed.details))
    );
  } catch {
    return false;
  }
}

async function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), milliseconds);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface FuzzOptions {
  app: App;
  db: Db;
  adminToken: string;
  /** Total requests, spread over every operation in rounds. */
  requests: number;
  seed: number;
  /** A request slower than this counts as a hang. */
  timeoutMs: number;
  /** Called before every round (reseeds what valid deletes removed). */
  beforeRound?: () => Promise<void>;
  seededValues?: readonly string[];
  onProgress?: (done: number, failures: number) => void;
  /** Called with every failure as it happens (the long run prints them live). */
  onFailure?: (failure: FuzzFailure) => void;
  /** The server's last logged error since the previous call (why a 5xx happened). */
  takeServerError?: () => string | undefined;
}

/**
 * Walks /docs/openapi.json and sends generated requests to every operation, round after round
 * (operations shuffled each round, deterministic from `seed`), checking each answer.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const arbitraries = new Map<string, ReturnType<typeof requestArbitrary>>();
  const started = performance.now();
  const documentResponse = await options.app.inject({ method: 'GET', url: '/docs/openapi.json' });
  // Maintenance mode is an instance-wide switch (issue 19): once a generated request turned it on,
  // every later write would rightly answer 503. tests/server/maintenance-mode.db.test.ts covers it.
  const operations = operationsOf(documentResponse.json()).filter(
    (operation) => operation.operationId !== 'toggleMaintenance',
  );
  const fingerprint = await createFingerprint(options.db);
  const failures: FuzzFailure[] = [];
  const fail = (failure: FuzzFailure) => {
    failures.push(failure);
    options.onFailure?.(failure);
  };
  const byStatus: Record<string, number> = {};
  const perRound = operations.length;
  const arbitraryFor = (operation: (typeof operations)[number]) => {
    let arbitrary = arbitraries.get(operation.operationId);
    if (!arbitrary) {
      arbitrary = requestArbitrary(operation, options.adminToken, options.seededValues ?? []);
      arbitraries.set(operation.operationId, arbitrary);
    }
    return arbitrary;
  };
  const rounds = Math.max(1, Math.ceil(options.requests / perRound));
  let done = 0;
  const timings = { generate: 0, answer: 0, fingerprint: 0 };
  const timed = async <T>(phase: keyof typeof timings, run: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      timings[phase] += performance.now() - start;
    }
  };
  let before = await fingerprint();

  for (let round = 0; round < rounds && done < options.requests; round++) {
    await options.beforeRound?.();
    before = await fingerprint();
    const order = fc.sample(fc.shuffledSubarray(operations, { minLength: operations.length }), {
      seed: options.seed + round,
      numRuns: 1,
    })[0] as typeof operations;
    for (const [index, operation] of order.entries()) {
      if (done >= options.requests) break;
      const [request] = (await timed('generate', () =>
        fc.sample(arbitraryFor(operation), {
          seed: options.seed * 7_919 + round * 104_729 + index,
          numRuns: 1,
        }),
      )) as [FuzzRequest];
      done += 1;
      let response: Awaited<ReturnType<App['inject']>> | 'timeout';
      try {
        response = await timed('answer', () =>
          withTimeout(
            options.app.inject({
              method: request.method,
              url: request.url,
              headers: request.headers,
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            }),
            options.timeoutMs,
          ),
        );
      } catch (error) {
        fail({ problem: 'inject-error', request, detail: String(error) });
        continue;
      }
      if (response === 'timeout') {
        fail({ problem: 'hang', request });
        before = await fingerprint();
        continue;
      }
      const status = response.statusCode;
      if (status < 500) options.takeServerError?.();
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      const after = await timed('fingerprint', fingerprint);
      if (status >= 500) {
        const detail = options.takeServerError?.();
        fail({
          problem: '5xx',
          request,
          status,
          body: response.body.slice(0, 500),
          ...(detail ? { detail } : {}),
        });
      } else if (status >= 400) {
        if (!hasErrorShape(response.body) && !hasOwnProtocolErrorShape(request.url, response.body)) {
          fail({ problem: 'error-shape', request, status, body: response.body.slice(0, 300) });
        }
        const changed = changedTables(before, after);
        if (changed.length > 0) {
          fail({ problem: 'database-changed', request, status, detail: changed.join(', ') });
        }
      }
      before = after;
      options.onProgress?.(done, failures.length);
    }
  }
  return {
    requests: done,
    operations: operations.length,
    byStatus,
    failures,
    milliseconds: Math.round(performance.now() - started),
    timings: {
      generate: Math.round(timings.generate),
      answer: Math.round(timings.answer),
      fingerprint: Math.round(timings.fingerprint),
    },
  };
}

/** One line per failure class (problem, operation, kind, status), with one example each. */
export function summarise(failures: FuzzFailure[]): string[] {
  const seen = new Map<string, FuzzFailure & { count: number }>();
  for (const failure of failures) {
    const key = `${failure.problem} ${failure.request.operationId} ${failure.request.kind} ${failure.status ?? ''}`;
    const entry = seen.get(key);
    if (entry) entry.count += 1;
    else seen.set(key, { ...failure, count: 1 });
  }
  return [...seen.entries()].map(
    ([key, failure]) =>
      `${key} x${failure.count}: ${failure.request.method} ${failure.request.url.slice(0, 160)} ${
        failure.request.payload?.slice(0, 160) ?? ''
      } -> ${failure.detail ?? failure.body?.slice(0, 200) ?? ''}`,
  );
}
