import { useMemo } from 'react';
import { useConsole, useConsoleState } from '../../stores/console-context';
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
