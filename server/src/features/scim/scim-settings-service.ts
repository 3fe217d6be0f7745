import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ScimSettings, ScimToken } from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { appendEvent } from '../events';
import { readScimSettings, SCIM_SETTING, writeScimSettings } from './scim-settings-store';

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Prefix of SCIM bearer tokens, so one found in a log or a config is recognisable. */
export const SCIM_TOKEN_PREFIX = 'scim:';

export type ScimSettingsService = ReturnType<typeof createScimSettingsService>;

/**
 * SCIM's switch and bearer token (shared/unleash/API.md §10.6): the token is shown once when
 * generated and stored as its SHA-256; generating a new one replaces the old at once.
 */
export function createScimSettingsService(db: Db) {
  return {
    async get(): Promise<ScimSettings> {
      const row = await readScimSettings(db);
      return { enabled: row?.enabled ?? false, hasToken: Boolean(row?.tokenHash) };
    },

    async set(enabled: boolean, actor: AuditActor): Promise<ScimSettings> {
      return inTransaction(db, async (trx) => {
        const before = await readScimSettings(trx);
        await writeScimSettings(trx, { enabled, tokenHash: before?.tokenHash ?? null });
        await appendEvent(trx, {
          type: before ? 'setting-updated' : 'setting-created',
          ...actor,
          data: { id: SCIM_SETTING, enabled },
          ...(before ? { preData: { id: SCIM_SETTING, enabled: before.enabled } } : {}),
        });
        return { enabled, hasToken: Boolean(before?.tokenHash) };
      });
    },

    async generateToken(actor: AuditActor): Promise<ScimToken> {
      const token = `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('hex')}`;
      await inTransaction(db, async (trx) => {
        const before = await readScimSettings(trx);
        await writeScimSettings(trx, { enabled: before?.enabled ?? false, tokenHash: sha256(token) });
        // The event says a token was made, never which.
        await appendEvent(trx, {
          type: before ? 'setting-updated' : 'setting-created',
          ...actor,
          data: { id: SCIM_SETTING, tokenGenerated: true },
        });
      });
      return { token };
    },

    /**
     * Whether `secret` is the current token (compared as hashes, in constant time), then whether
     * SCIM is on: a caller without the token learns nothing about the settings.
     */
    async accepts(secret: string): Promise<'ok' | 'disabled' | 'unknown'> {
      const row = await readScimSettings(db);
      if (!row?.tokenHash) return 'unknown';
      const given = Buffer.from(sha256(secret), 'hex');
      const stored = Buffer.from(row.tokenHash, 'hex');
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) return 'unknown';
      return row.enabled ? 'ok' : 'disabled';
    },
  };
}
