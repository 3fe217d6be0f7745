import type { ColumnType, Generated } from 'kysely';

/** A public key whose signed bundles apply without an override (issue 18). */
export interface BundleTrustedKeysTable {
  id: Generated<number>;
  name: string;
  /** base64 of the Ed25519 SubjectPublicKeyInfo DER. */
  public_key: string;
  /** `sha256:<hex>` of the raw 32-byte public key. */
  fingerprint: string;
  added_by: string;
  added_by_user_id: number | null;
  added_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface BundleTables {
  bundle_trusted_keys: BundleTrustedKeysTable;
}
