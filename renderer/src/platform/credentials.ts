/**
 * Where the console keeps an admin token or personal access token.
 *
 * - Desktop: the token goes to the main process (IPC `switchyard:secrets:set`), which keeps it in the
 *   OS keychain and adds it to the console's requests itself; the renderer never reads it back.
 * - Browser: in memory, and in sessionStorage (this tab only, gone when it closes) when the operator
 *   asks to stay signed in across reloads. Never in localStorage: it outlives the session.
 */
export type TokenKind = 'admin-token' | 'personal-access-token';

export interface CredentialStore {
  /** True when tokens live outside the renderer (desktop keychain); requests are signed by main. */
  readonly heldOutside: boolean;
  store(profileId: string, kind: TokenKind, token: string, options?: { keepForTab?: boolean }): Promise<void>;
  clear(profileId: string): Promise<void>;
  /** The `Authorization` header value for a profile; always null when tokens are held outside. */
  authorization(profileId: string): string | null;
  /** Whether a token is stored for the profile. */
  has(profileId: string): Promise<boolean>;
}

/** Personal access tokens look like `user:<hex>` (shared/unleash/API.md §4.2). */
export function tokenKindOf(token: string): TokenKind {
  return token.trim().startsWith('user:') ? 'personal-access-token' : 'admin-token';
}

const SESSION_KEY_PREFIX = 'switchyard.token.';

export function createBrowserCredentialStore(storage: Storage | null): CredentialStore {
  const memory = new Map<string, string>();
  const read = (profileId: string): string | null => {
    const held = memory.get(profileId);
    if (held) return held;
    try {
      const kept = storage?.getItem(SESSION_KEY_PREFIX + profileId) ?? null;
      if (kept) memory.set(profileId, kept);
      return kept;
    } catch {
      return null;
    }
  };
  return {
    heldOutside: false,
    async store(profileId, _kind, token, options = {}) {
      const value = token.trim();
      memory.set(profileId, value);
      try {
        if (options.keepForTab) storage?.setItem(SESSION_KEY_PREFIX + profileId, value);
        else storage?.removeItem(SESSION_KEY_PREFIX + profileId);
      } catch {
        // Storage can be disabled (private mode, policy); memory still holds the token.
      }
    },
    async clear(profileId) {
      memory.delete(profileId);
      try {
        storage?.removeItem(SESSION_KEY_PREFIX + profileId);
      } catch {
        // Nothing stored then.
      }
    },
    authorization: (profileId) => read(profileId),
    has: async (profileId) => read(profileId) !== null,
  };
}
