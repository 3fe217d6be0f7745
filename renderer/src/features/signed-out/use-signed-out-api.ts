import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { checkQueryKey } from '../../stores/server-queries';
import { createSignedOutApi, type SignedOutApi } from './signed-out-api';

/** The signed-out endpoints of the console's active server (stable while the server is the same). */
export function useSignedOutApi(): SignedOutApi {
  const consoleApp = useConsole();
  const serverUrl = useConsoleState((state) => state.serverUrl);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new client only when the server changes
  return useMemo(
    () => createSignedOutApi(consoleApp.api().client, consoleApp.services.fetch),
    [consoleApp, serverUrl],
  );
}

/**
 * A question a signed-out page asks the server (is this link usable? does this password meet the
 * policy?) as a query of the console's client: asked once per `key`, never kept in IndexedDB and
 * dropped from memory as soon as no page shows it (a password may be part of the key). null asks nothing.
 */
export function useSignedOutCheck<T>(
  key: string | null,
  ask: (api: SignedOutApi, signal: AbortSignal) => Promise<T>,
): UseQueryResult<T> {
  const api = useSignedOutApi();
  const profileId = useConsoleState((state) => state.activeProfileId);
  return useQuery({
    queryKey: checkQueryKey(profileId, `signed-out ${key ?? ''}`),
    // A query may not answer undefined (TanStack refuses it), and a usable link answers 200 with
    // no body: that is null here.
    queryFn: async ({ signal }) => ((await ask(api, signal)) ?? null) as T,
    enabled: key !== null,
    gcTime: 0,
    // A link checked once stays as it was for this page; the person acts on the answer.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
