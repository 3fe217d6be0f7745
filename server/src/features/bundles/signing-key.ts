import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { BundleSigningKey } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { ApiError, badData } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { appendEvent } from '../events';
import { fingerprintOf, parsePrivateKey, privateKeyText, publicKeyText } from './bundle-codec';
import { insertSigningKeySetting, readSigningKeySetting } from './signing-key-store';

/**
 * The instance's bundle signing key. Given by SWITCHYARD_BUNDLE_SIGNING_KEY (the desktop app
 * passes the one it keeps in the OS keychain), or generated on first use and kept in `settings`
 * with the private key sealed by SECRETS_ENCRYPTION_KEY, so every instance behind a load
 * balancer signs with the same key and a database dump does not leak it.
 */

const SETTING = 'bundleSigningKey';
const SEAL_CONTEXT = 'bundle-signing-key';

interface StoredKey {
  publicKey: string;
  sealedPrivateKey: string;
}

export interface InstanceSigningKey {
  privateKey: KeyObject;
  info: BundleSigningKey;
}

function infoOf(privateKey: KeyObject, source: BundleSigningKey['source']): BundleSigningKey {
  const publicKey = createPublicKey(privateKey);
  return {
    algorithm: 'ed25519',
    publicKey: publicKeyText(publicKey),
    fingerprint: fingerprintOf(publicKey),
    source,
  };
}

async function readStored(db: Queryable): Promise<StoredKey | undefined> {
  const content = (await readSigningKeySetting(db)) as Partial<StoredKey> | undefined;
  return typeof content?.sealedPrivateKey === 'string' && typeof content.publicKey === 'string'
    ? { publicKey: content.publicKey, sealedPrivateKey: content.sealedPrivateKey }
    : undefined;
}

export function createSigningKeySource(configured: string | null, box: SecretBox) {
  const fromConfig = configured ? parsePrivateKey(configured) : null;

  function keyOf(stored: StoredKey): InstanceSigningKey {
    const privateKey = parsePrivateKey(box.open(stored.sealedPrivateKey, SEAL_CONTEXT));
    return { privateKey, info: infoOf(privateKey, 'database') };
  }

  /** The key, generated (with its event) when there is none yet; `actorName` names who caused that. */
  async function get(db: Queryable, actorName = 'system'): Promise<InstanceSigningKey> {
    if (fromConfig) return { privateKey: fromConfig, info: infoOf(fromConfig, 'config') };
    const stored = await readStored(db);
    if (stored) return keyOf(stored);
    if (!box.available) {
      throw badData(
        'No bundle signing key: set SWITCHYARD_BUNDLE_SIGNING_KEY, or SECRETS_ENCRYPTION_KEY (openssl rand -hex 32) so a generated key is kept encrypted',
      );
    }
    const { privateKey } = generateKeyPairSync('ed25519');
    const info = infoOf(privateKey, 'database');
    const inserted = await insertSigningKeySetting(db, {
      publicKey: info.publicKey,
      sealedPrivateKey: box.seal(privateKeyText(privateKey), SEAL_CONTEXT),
    } satisfies StoredKey);
    if (inserted) {
      await appendEvent(db, {
        type: 'bundle-signing-key-created',
        createdBy: actorName,
        data: { fingerprint: info.fingerprint, publicKey: info.publicKey },
      });
      return { privateKey, info };
    }
    // Another instance made one at the same moment: use that, read once (a row that is there
    // but unreadable would otherwise send this round forever).
    const raced = await readStored(db);
    if (raced) return keyOf(raced);
    throw new ApiError(
      'InternalError',
      `The stored bundle signing key (settings row "${SETTING}") is malformed. Restore it from a backup, or delete the row to generate a new key (bundles signed with the old one then no longer verify here).`,
    );
  }

  return { get };
}

export type SigningKeySource = ReturnType<typeof createSigningKeySource>;
