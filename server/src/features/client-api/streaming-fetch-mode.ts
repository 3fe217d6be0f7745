import type { Db } from '../../db/database';
import type { AuditActor } from '../../lib/caller';
import { appendEvent } from '../events';
import type { FetchMode } from './client-streaming';
import { FETCH_MODE_SETTING, readFetchModeSetting, writeFetchModeSetting } from './fetch-mode-store';

/** How long another instance's choice may take to reach this one. */
const DEFAULT_MAX_AGE_MS = 1000;

function parse(content: unknown): FetchMode {
  const mode = (content as { mode?: unknown } | null | undefined)?.mode;
  return mode === 'polling' || mode === 'streaming' ? mode : null;
}

/**
 * The operator's choice of how SDKs fetch (API.md §2.7 `fetch-mode`): `polling` makes the
 * streaming hub send every stream `event: fetch-mode / data: polling` (the node SDK switches to
 * polling at once, no failure count), `streaming` adds `fetch-mode: streaming` to full polling
 * answers (the node SDK switches to streaming). `current()` answers from memory and refreshes
 * behind when older than `maxAgeMs`; a failed refresh keeps the last value, so a database outage
 * never moves SDKs around.
 */
export function createStreamingFetchMode(db: Db, options: { maxAgeMs?: number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  let known: { mode: FetchMode; at: number } | undefined;
  let refreshing: Promise<FetchMode> | undefined;

  async function read(): Promise<FetchMode> {
    return parse((await readFetchModeSetting(db))?.content);
  }

  function refresh(): Promise<FetchMode> {
    refreshing ??= read()
      .then((mode) => {
        known = { mode, at: Date.now() };
        return mode;
      })
      .catch(() => {
        known = { mode: known?.mode ?? null, at: Date.now() };
        return known.mode;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  return {
    /** From memory, never waiting: null until the first read came back. */
    current(): FetchMode {
      if (!known || Date.now() - known.at > maxAgeMs) void refresh();
      return known?.mode ?? null;
    },

    read: refresh,

    async set(mode: FetchMode, actor: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await readFetchModeSetting(trx);
        await writeFetchModeSetting(trx, { mode });
        await appendEvent(trx, {
          type: before ? 'setting-updated' : 'setting-created',
          ...actor,
          data: { id: FETCH_MODE_SETTING, mode },
          preData: before ? { id: FETCH_MODE_SETTING, mode: parse(before.content) } : undefined,
        });
      });
      known = { mode, at: Date.now() };
    },
  };
}

export type StreamingFetchMode = ReturnType<typeof createStreamingFetchMode>;
