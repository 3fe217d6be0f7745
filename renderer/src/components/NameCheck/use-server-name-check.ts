import { useDebouncedValue } from '@mantine/hooks';
import { ApiError, NetworkError } from '../../api/api-error';
import { useServerCheck } from '../../stores/use-server-check';

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
  const [debounced] = useDebouncedValue(name, NAME_CHECK_DELAY_MS);
  const settled = enabled && debounced === name;
  const check = useServerCheck(settled ? `POST ${path} ${JSON.stringify(name)}` : null, (api) =>
    api.client.post(path, { name }).then(
      () => null,
      (error: unknown) => {
        if (error instanceof NetworkError) return null;
        // Unleash puts the specific reason in details ("must be URL friendly...") when there is one.
        return error instanceof ApiError ? (error.details[0]?.message ?? error.message) : String(error);
      },
    ),
  );
  return {
    checking: enabled && check.answer === undefined,
    problem: settled && check.answer !== undefined ? check.answer : null,
  };
}
