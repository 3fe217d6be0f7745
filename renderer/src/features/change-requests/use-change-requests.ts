import { useState } from 'react';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { useServerData } from '../../stores/use-server-data';
import { configKey, createChangeRequestApi } from './change-request-api';
import type { ChangeRequestListItem, ChangeRequestUser } from './change-request-types';

/** The reason every review step names when the server cannot be asked. */
export const ONLINE_ONLY_REASON =
  'The server is unreachable: reviewing, approving, applying and scheduling need it to answer.';

/**
 * Runs one online-only step of a review (send, approve, apply, schedule…): these change who may do
 * what next, so they are never queued; the result reloads every shown query.
 */
export function useReviewStep() {
  const consoleApi = useConsole();
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function run(step: (api: ReturnType<typeof createChangeRequestApi>) => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await step(createChangeRequestApi(consoleApi.api().client));
      consoleApi.refresh();
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { offline, busy, error, run, clearError: () => setError(null) };
}

/** The project's change-request configuration, kept with the other saved answers for offline use. */
export function useChangeRequestConfig(project: string) {
  return useServerData(configKey(project), (api, signal) =>
    createChangeRequestApi(api.client).config(project, signal),
  );
}

/** Whether an environment of the project requires change requests, as last known. */
export function useGovernedEnvironments(project: string): (environment: string) => boolean {
  const config = useChangeRequestConfig(project);
  return (environment) =>
    (config.data ?? []).some((entry) => entry.environment === environment && entry.changeRequestEnabled);
}

/** The signed-in user, to tell one's own requests from others'. */
export function useMe() {
  return useConsoleState((state) => (state.session.status === 'signed-in' ? state.session.user : null));
}

export function isMine(
  me: { id: number; username?: string | null; email?: string; name?: string | null } | null,
  author: ChangeRequestUser,
): boolean {
  if (!me) return false;
  if (typeof author.id === 'number') return author.id === me.id;
  return Boolean(author.username) && [me.username, me.email, me.name].includes(author.username);
}

/** The states in which the caller's new changes join their request (as the server, issue 31 §2). */
const JOINABLE: ReadonlyArray<ChangeRequestListItem['state']> = ['Draft', 'In review', 'Approved'];

/**
 * The caller's open request in one environment, the one their next change joins: their Draft, or
 * their request In review or Approved (`…/change-requests/pending` holds their open requests).
 */
export function useMyOpenRequest(project: string, environment: string) {
  const pending = useServerData(`change-requests-pending-mine:${project}`, (api, signal) =>
    createChangeRequestApi(api.client).pendingForMe(project, signal),
  );
  const request: ChangeRequestListItem | undefined = (pending.data ?? [])
    .filter((entry) => entry.environment === environment && JOINABLE.includes(entry.state))
    .sort((a, b) => b.id - a.id)[0];
  return { request, query: pending };
}

/** The first environment of the project that requires change requests: project-wide changes go to its draft. */
export function useFirstGovernedEnvironment(project: string): string | null {
  const config = useChangeRequestConfig(project);
  return (config.data ?? []).find((entry) => entry.changeRequestEnabled)?.environment ?? null;
}
