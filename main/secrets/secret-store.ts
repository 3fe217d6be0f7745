import { Value } from 'typebox/value';
import {
  type SecretKey,
  SecretKeySchema,
  type SecretsAvailability,
  ServerProfileIdSchema,
} from '../../server/contract';
import { SafeIpcError } from '../ipc/ipc-errors';

/**
 * Credentials per server profile (admin token, personal access token), kept in
 * the OS keychain and only ever read by main: they are attached to the console's
 * requests by the request signer and never returned over IPC.
 */
export interface SecretStore {
  availability(): Promise<SecretsAvailability>;
  get(profile: string, key: SecretKey): Promise<string | null>;
  set(profile: string, key: SecretKey, value: string): Promise<void>;
  /** Returns whether something was deleted. */
  delete(profile: string, key: SecretKey): Promise<boolean>;
  /** Names of the keys stored for a profile, never their values. */
  list(profile: string): Promise<SecretKey[]>;
}

export const KEYCHAIN_UNAVAILABLE_MESSAGE =
  'No system keychain is available, so Switchyard cannot store or read tokens. It keeps them only in the ' +
  'OS keychain (Keychain on macOS, Credential Manager on Windows, a Secret Service such as GNOME Keyring ' +
  'or KWallet over D-Bus on Linux) and never writes them to disk in plain text. Start and unlock a ' +
  'keychain service, then try again.';

export class KeychainUnavailableError extends SafeIpcError {
  constructor(detail: string | null, options?: ErrorOptions) {
    super(
      'KeychainUnavailableError',
      detail === null ? KEYCHAIN_UNAVAILABLE_MESSAGE : `${KEYCHAIN_UNAVAILABLE_MESSAGE} (${detail})`,
      options,
    );
  }
}

/** Guards the keychain's service and account names, which are built from these. */
export function assertSecretAddress(profile: string, key: string): asserts key is SecretKey {
  if (!Value.Check(ServerProfileIdSchema, profile)) {
    throw new SafeIpcError(
      'ValidationError',
      'A server profile id is 1-64 characters of a-z, 0-9, ".", "_" or "-".',
    );
  }
  if (!Value.Check(SecretKeySchema, key)) {
    throw new SafeIpcError('ValidationError', 'Unknown secret key.');
  }
}

export function isSecretKey(value: string): value is SecretKey {
  return Value.Check(SecretKeySchema, value);
}
