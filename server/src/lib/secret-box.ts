import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) for secrets the server must read back later:
 * integration tokens, webhook URLs with secrets, SSO client secrets. Things it only checks
 * (passwords, API tokens) are hashed instead. The key comes from SECRETS_ENCRYPTION_KEY, which
 * the desktop app keeps in the OS keychain and the headless server on the embedded database in
 * DATA_DIR; a server without one (DATABASE_URL and no key) refuses to store such secrets
 * (SecretsKeyMissingError) rather than keep them in clear.
 *
 * Sealed form: `sy1.<key id>.<base64url(iv | ciphertext | tag)>`; the key id (8 hex digits of the
 * key's SHA-256) tells "sealed with another key" apart from "tampered with".
 */
const PREFIX = 'sy1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretsKeyMissingError extends Error {
  constructor() {
    super(
      'No SECRETS_ENCRYPTION_KEY is configured, so secrets cannot be stored: set it to 32 random bytes in hex or base64 (openssl rand -hex 32)',
    );
    this.name = 'SecretsKeyMissingError';
  }
}

export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`A stored secret cannot be read: ${reason}`);
    this.name = 'SecretUnreadableError';
  }
}

/** Whether a stored value has the sealed form (a value kept in clear does not). */
export function isSealed(value: string): boolean {
  return value.startsWith(`${PREFIX}.`);
}

export interface SecretBox {
  /** Whether a key is configured; without one seal/open throw SecretsKeyMissingError. */
  readonly available: boolean;
  seal(plain: string, context?: string): string;
  open(sealed: string, context?: string): string;
}

/**
 * `context` binds a sealed value to where it belongs (e.g. `addon:3:authorization`), so a
 * ciphertext copied into another row does not decrypt there.
 */
export function createSecretBox(key: Buffer | null): SecretBox {
  if (!key) return unavailableBox;
  if (key.length !== 32) throw new Error('A secrets key is 32 bytes');
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return {
    available: true,
    seal(plain, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}.${keyId}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed, context = '') {
      const [prefix, sealedKeyId, payload, extra] = sealed.split('.');
      if (prefix !== PREFIX || !sealedKeyId || payload === undefined || extra !== undefined) {
        throw new SecretUnreadableError('not a sealed secret');
      }
      if (sealedKeyId !== keyId)
        throw new SecretUnreadableError('sealed with another SECRETS_ENCRYPTION_KEY');
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadableError('truncated');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretUnreadableError('altered, or sealed for another place');
      }
    },
  };
}

const unavailableBox: SecretBox = {
  available: false,
  seal() {
    throw new SecretsKeyMissingError();
  },
  open() {
    throw new SecretsKeyMissingError();
  },
};

/**
 * SECRETS_ENCRYPTION_KEY: 64 hex digits or base64 of 32 bytes; null when unset. Anything else
 * throws, so a mistyped key stops the start instead of sealing with a key nobody can repeat.
 */
export function parseSecretsKey(raw: string | undefined): Buffer | null {
  const value = raw?.trim();
  if (!value) return null;
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(value)) return Buffer.from(value, 'base64');
  throw new Error('must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)');
}
