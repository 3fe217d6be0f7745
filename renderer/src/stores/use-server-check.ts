import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { AdminApi } from '../api/admin-api';
import { useConsole, useConsoleState } from './console-context';
import { checkQueryKey } from './server-queries';

export interface ServerCheck<T> {
  /** The server's answer for this key, once it is current (not while it is being asked again). */
  answer: T | undefined;
  checking: boolean;
}

/**
 * Asks the server something a form needs to know as the operator types (is this name free?), through
 * the console's query client: the same question is asked once however many fields ask it, and the
 * answers are not kept in IndexedDB (they are only true for now). `check` turns every failure into an
 * answer; `key` null asks nothing.
 */
export function useServerCheck<T>(
  key: string | null,
  check: (api: AdminApi, signal: AbortSignal) => Promise<T>,
): ServerCheck<T> {
  const consoleApi = useConsole();
  const profileId = useConsoleState((state) => state.activeProfileId);
  const checkRef = useRef(check);
  checkRef.current = check;
  const query = useQuery({
    queryKey: checkQueryKey(profileId, key ?? ''),
    queryFn: ({ signal }) => checkRef.current(consoleApi.api(), signal),
    enabled: key !== null,
    gcTime: 60_000,
  });
  const current = key !== null && query.isSuccess && !query.isFetching;
  return { answer: current ? query.data : undefined, checking: key !== null && !current };
}
