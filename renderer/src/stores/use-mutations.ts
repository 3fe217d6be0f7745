import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { AdminApi } from '../api/admin-api';
import { useConsole } from './console-context';
import type { EditDraft } from './editable-resources';
import type { SubmitResult } from './outbox-sync';
import type { WriteTarget } from './write-invalidation';

/**
 * Every write a screen makes goes through one of these two TanStack mutations, so each one ends the
 * same way: the queries it may have changed are invalidated and the shown ones fetch again.
 */

/**
 * An edit the outbox can carry. Online it is sent now; offline (or behind earlier queued edits) it is
 * queued, and the screens overlay it as a pending value or row until the replay sends it.
 */
export function useEditMutation(): UseMutationResult<SubmitResult, unknown, EditDraft> {
  const consoleApi = useConsole();
  return useMutation({
    mutationFn: (draft: EditDraft) => consoleApi.sendOrQueue(draft),
    onSuccess: (result, draft) => {
      if (result === 'applied') void consoleApi.invalidateAfter([draft]);
    },
  });
}

/** What an online-only write may change: its kind, and its path when it concerns one flag. */
export type WriteScope = { kind: string; path?: string };

/**
 * A write that needs the server to answer (it returns something the screen shows, like a new
 * token's secret, or it is not routine enough to queue): refused with the failure when offline.
 */
export function useServerMutation<TVariables = void, TResult = unknown>(
  write: (api: AdminApi, variables: TVariables) => Promise<TResult>,
  scope: WriteScope | ((variables: TVariables) => WriteScope),
): UseMutationResult<TResult, unknown, TVariables> {
  const consoleApi = useConsole();
  return useMutation({
    mutationFn: (variables: TVariables) => write(consoleApi.api(), variables),
    onSuccess: (_result, variables) => {
      const { kind, path = '' } = typeof scope === 'function' ? scope(variables) : scope;
      const target: WriteTarget = { kind, request: { path } };
      void consoleApi.invalidateAfter([target]);
    },
  });
}

/**
 * `useServerMutation` for a screen with several online-only writes of one kind (create, delete, ...):
 * each call runs its write through the same mutation, so each invalidates what it may change.
 */
export function useServerWrite(scope: WriteScope): <T>(write: (api: AdminApi) => Promise<T>) => Promise<T> {
  const { mutateAsync } = useServerMutation(
    (api, write: (api: AdminApi) => Promise<unknown>) => write(api),
    scope,
  );
  return <T>(write: (api: AdminApi) => Promise<T>) => mutateAsync(write) as Promise<T>;
}
