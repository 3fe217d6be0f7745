import type { Json } from './schema-core';

/** Short-lived single sign-on state: pending logins, used SAML assertion ids, desktop codes (issue 20). */
export interface SsoTransientTable {
  kind: string;
  /** The SHA-256 of a secret (cookie, code) or an assertion id. */
  key: string;
  payload: Json;
  expires_at: Date;
}

export interface SsoTables {
  sso_transient: SsoTransientTable;
}
