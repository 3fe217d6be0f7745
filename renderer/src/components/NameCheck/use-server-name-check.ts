import { useEffect, useState } from 'react';
import { ApiError, NetworkError } from '../../api/api-error';
import { useConsole } from '../../stores/console-context';

/** How long typing pauses before a name is checked with the server. */
export const NAME_CHECK_DELAY_MS = 250;

export interface NameCheck {
  /** True until the server answered for the name as it is now. */
  checking: boolean;
  /** The server's reason the name cannot be used (taken, malformed), or null. */
  problem: string | null;
}

/**
 * Asks one of Unleash's `.../validate` endpoints (`POST {name}`) about a name while it is typed,
 * once typing pauses. Offline the server cannot be asked: the name counts as free, and the create
 * itself is checked when the outbox sends it.
 */
export function useServerNameCheck(path: string, name: string, enabled: boolean): NameCheck {
  const consoleApi = useConsole();
  const [state, setState] = useState<{ name: string; problem: string | null } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const timer = setTimeout(() => {
      consoleApi
        .api()
        .client.post(path, { name })
        .then(() => {
          if (live) setState({ name, problem: null });
        })
        .catch((error: unknown) => {
          if (!live) return;
          if (error instanceof NetworkError) {
            setState({ name, problem: null });
            return;
          }
          // Unleash puts the specific reason in details ("must be URL friendly...") when there is one.
          const message =
            error instanceof ApiError ? (error.details[0]?.message ?? error.message) : String(error);
          setState({ name, problem: message });
        });
    }, NAME_CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, name, enabled, consoleApi]);
  const known = enabled && state?.name === name;
  return { checking: enabled && !known, problem: known ? (state?.problem ?? null) : null };
}
