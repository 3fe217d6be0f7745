import { createFlagPageApi, type FlagRef, flagPath } from '../../api/flag-api';
import { useConsoleState } from '../../stores/console-context';
import { useServerMutation } from '../../stores/use-mutations';
import { createChangeRequestApi } from '../change-requests/index';

/** Archive and revive answer nothing an outbox could compare, and archiving is not routine: online only. */
export function useOnlineFlagAction(
  flag: FlagRef,
  action: 'archive' | 'revive',
  onDone: () => void,
  draftEnvironment?: string | null,
) {
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const mutation = useServerMutation(
    (api) =>
      // Where change requests are required, archiving is a change in that environment's draft.
      draftEnvironment && action === 'archive'
        ? createChangeRequestApi(api.client).addChanges(flag.project, draftEnvironment, {
            feature: flag.name,
            action: 'archiveFeature',
          })
        : createFlagPageApi(api.client)[action](flag),
    // The path names the flag, so its own reads and every list fetch again.
    { kind: `flag-${action}`, path: flagPath(flag) },
  );
  return {
    offline,
    busy: mutation.isPending,
    error: mutation.error,
    run: () => mutation.mutateAsync().then(onDone, () => {}),
  };
}

export const OFFLINE_REASON = 'The server is unreachable: archiving and reviving need it to answer.';
