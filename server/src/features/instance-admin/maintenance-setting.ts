import type { Db } from '../../db/database';
import type { AuditActor } from '../../lib/caller';
import { appendEvent } from '../events';
import { instanceSettingStore } from './settings-store';

/** Unleash keeps maintenance mode in its settings table under this name. */
export const MAINTENANCE_SETTING = 'maintenance.mode';
/** How long another instance's toggle may take to reach this one. */
const DEFAULT_MAX_AGE_MS = 1000;
const FIRST_READ_TIMEOUT_MS = 2000;

/**
 * Maintenance mode (API.md §1 "Maintenance mode"), shared by every instance through the settings
 * table and cached here: `isOn()` answers from memory and, once the value is older than
 * `maxAgeMs`, refreshes it behind the answer, so a request pays no query. A failed refresh keeps
 * the last known value (a database outage must not flip the instance in or out of maintenance).
 */
export function createMaintenanceSetting(db: Db, options: { maxAgeMs?: number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  let known: { enabled: boolean; at: number } | undefined;
  let refreshing: Promise<boolean> | undefined;

  async function read(): Promise<boolean> {
    const content = (await instanceSettingStore.content(db, MAINTENANCE_SETTING)) as
      | { enabled?: unknown }
      | null
      | undefined;
    return content?.enabled === true;
  }

  function refresh(): Promise<boolean> {
    refreshing ??= read()
      .then((enabled) => {
        known = { enabled, at: Date.now() };
        return enabled;
      })
      .catch(() => {
        // Unknown and unreadable: off (the write itself will meet the same database).
        known = { enabled: known?.enabled ?? false, at: Date.now() };
        return known.enabled;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  /** The first read waits at most FIRST_READ_TIMEOUT_MS: a frozen database must not hang requests. */
  function firstRead(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(known?.enabled ?? false), FIRST_READ_TIMEOUT_MS);
      timer.unref();
    });
    return Promise.race([refresh(), timeout]).finally(() => clearTimeout(timer));
  }

  return {
    /** The current value: from memory when known (refreshed behind when old), else read once. */
    async isOn(): Promise<boolean> {
      if (!known) return firstRead();
      if (Date.now() - known.at > maxAgeMs) void refresh();
      return known.enabled;
    },

    /** Read now, not from memory: the scheduler's check before it runs flag-changing jobs. */
    current: refresh,

    async set(enabled: boolean, actor: AuditActor): Promise<void> {
      const content = JSON.stringify({ enabled });
      await db.transaction().execute(async (trx) => {
        const before = await instanceSettingStore.lock(trx, MAINTENANCE_SETTING);
        await instanceSettingStore.put(trx, MAINTENANCE_SETTING, content);
        await appendEvent(trx, {
          type: before ? 'setting-updated' : 'setting-created',
          ...actor,
          data: { id: MAINTENANCE_SETTING, enabled },
          ...(before ? { preData: { id: MAINTENANCE_SETTING, ...(before.content as object) } } : {}),
        });
      });
      known = { enabled, at: Date.now() };
    },
  };
}

export type MaintenanceSetting = ReturnType<typeof createMaintenanceSetting>;
