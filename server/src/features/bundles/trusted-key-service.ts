import {
  type CreateTrustedKey,
  MAX_TRUSTED_KEYS,
  type TrustedKey,
  type UpdateTrustedKey,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { AuditActor } from '../../lib/caller';
import { ApiError, badData, notFound } from '../../lib/errors';
import { appendEvent } from '../events';
import { BundleKeyError, fingerprintOf, parsePublicKey, publicKeyText } from './bundle-codec';
import { trustedKeyStore } from './trusted-key-store';

const missing = (id: number) => notFound(`Could not find trusted key with id ${id}`);

/**
 * The public keys whose bundles apply without an override. Every change is one transaction with
 * its event: `bundle-trusted-key-added`, `-updated`, `-removed`.
 */
export function createTrustedKeyService(db: Db) {
  return {
    list: () => trustedKeyStore.list(db),

    async add(input: CreateTrustedKey, actor: AuditActor): Promise<TrustedKey> {
      let key: ReturnType<typeof parsePublicKey>;
      try {
        key = parsePublicKey(input.publicKey);
      } catch (error) {
        if (error instanceof BundleKeyError)
          throw badData(error.message, [{ message: error.message, path: 'publicKey' }]);
        throw error;
      }
      return db.transaction().execute(async (trx) => {
        // Serialises additions so the bound holds with concurrent requests.
        await trustedKeyStore.lockAll(trx);
        if ((await trustedKeyStore.count(trx)) >= MAX_TRUSTED_KEYS) {
          throw new ApiError('ExceedsLimitError', `An instance trusts at most ${MAX_TRUSTED_KEYS} keys.`);
        }
        const created = await trustedKeyStore.insert(trx, {
          name: input.name.trim(),
          publicKey: publicKeyText(key),
          fingerprint: fingerprintOf(key),
          addedBy: actor.createdBy,
          addedByUserId: actor.createdByUserId,
        });
        await appendEvent(trx, { type: 'bundle-trusted-key-added', ...actor, data: created });
        return created;
      });
    },

    async rename(id: number, input: UpdateTrustedKey, actor: AuditActor): Promise<TrustedKey> {
      return db.transaction().execute(async (trx) => {
        const before = await trustedKeyStore.get(trx, id, true);
        if (!before) throw missing(id);
        const after = await trustedKeyStore.rename(trx, id, input.name.trim());
        if (!after) throw missing(id);
        await appendEvent(trx, {
          type: 'bundle-trusted-key-updated',
          ...actor,
          data: after,
          preData: before,
        });
        return after;
      });
    },

    async remove(id: number, actor: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trustedKeyStore.get(trx, id, true);
        if (!before) throw missing(id);
        await trustedKeyStore.remove(trx, id);
        await appendEvent(trx, { type: 'bundle-trusted-key-removed', ...actor, preData: before });
      });
    },
  };
}

export type TrustedKeyService = ReturnType<typeof createTrustedKeyService>;
