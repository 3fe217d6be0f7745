import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { Link } from '../../router/navigation';
import { ChangeRequestModeContext, useChangeRequestMode } from '../../stores/change-request-mode';
import { ConsoleProvider, useConsole } from '../../stores/console-context';
import type { Console } from '../../stores/console-store';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { changeRequestPagePath, createChangeRequestApi } from './change-request-api';
import { DRAFT_CHANGE_KIND, draftTargetPrefix, toDraftChange } from './change-request-edits';
import { changeCount, userName } from './change-request-types';
import { StateBadge } from './StateBadge';
import { useChangeRequestConfig, useGovernedEnvironments, useMyOpenRequest } from './use-change-requests';

/**
 * Change-request mode (issue 13): when the project requires change requests in `environment`,
 * every edit the children send there (switch, strategies, variants) is added to the caller's draft
 * instead of written directly, through the same outbox. Without an environment the children's
 * project-wide edits (dependencies) go into the draft of the first environment that requires
 * change requests, as Unleash does.
 */
export function ChangeRequestRouting({
  project,
  environment,
  children,
}: {
  project: string;
  environment?: string;
  children: ReactNode;
}) {
  const consoleApi = useConsole();
  const config = useChangeRequestConfig(project);
  const governedEnvironments = (config.data ?? [])
    .filter((entry) => entry.changeRequestEnabled)
    .map((entry) => entry.environment);
  const draftEnvironment =
    environment === undefined
      ? (governedEnvironments[0] ?? null)
      : governedEnvironments.includes(environment)
        ? environment
        : null;
  const routed: Console = useMemo(
    () =>
      draftEnvironment
        ? {
            ...consoleApi,
            sendOrQueue: (draft) =>
              consoleApi.sendOrQueue(
                toDraftChange(draft, (edited) =>
                  // An environment's routing takes that environment's edits; the project-wide one, the rest.
                  (environment === undefined ? edited === null : edited === environment)
                    ? draftEnvironment
                    : null,
                ) ?? draft,
              ),
          }
        : consoleApi,
    [consoleApi, draftEnvironment, environment],
  );
  return (
    <ChangeRequestModeContext.Provider value={draftEnvironment}>
      {/* Always the same tree, so the config arriving late does not remount the children. */}
      <ConsoleProvider console={routed}>{children}</ConsoleProvider>
    </ChangeRequestModeContext.Provider>
  );
}

/** What the counter calls the caller's open request: their draft, or their request under review. */
const requestWords = (state: string) => (state === 'Draft' ? 'your draft' : `your change request (${state})`);

/**
 * "2 changes in your draft — review", plus changes still waiting in the outbox. The caller's
 * request In review or Approved takes their next change too (issue 31 §2); an Approved one is
 * sent back to review by it, which the counter says before they make it.
 */
export function DraftCounter({ project, environment }: { project: string; environment: string }) {
  const governed = useGovernedEnvironments(project)(environment);
  const { request } = useMyOpenRequest(project, environment);
  const outbox = useProfileOutbox();
  if (!governed) return null;
  const prefix = draftTargetPrefix(project, environment);
  const queued = outbox.filter(
    (entry) => entry.kind === DRAFT_CHANGE_KIND && entry.target.startsWith(prefix),
  ).length;
  const count = request ? changeCount(request) : 0;
  return (
    <Group gap="xs" data-testid={`draft-counter-${environment}`}>
      <Badge variant="light" color="violet">
        Change requests required
      </Badge>
      {count > 0 && request ? (
        <Anchor component={Link} to={changeRequestPagePath(project, request.id)} size="sm">
          {count} change{count === 1 ? '' : 's'} in {requestWords(request.state)} — review
        </Anchor>
      ) : null}
      {request?.state === 'Approved' ? (
        <Text size="sm" c="orange" data-testid={`approved-request-warning-${environment}`}>
          A further change here joins it, sends it back to review and withdraws its approvals.
        </Text>
      ) : null}
      {queued > 0 ? (
        <Badge variant="light" color="yellow">
          {queued} pending
        </Badge>
      ) : null}
    </Group>
  );
}

/** Says what the environment's buttons do while change requests are required there. */
export function ChangeRequestModeNotice({ environment }: { environment: string }) {
  if (!useChangeRequestMode()) return null;
  return (
    <Text size="sm" c="dimmed" mt={4}>
      Change requests are required in {environment}: switching, strategy and variant changes are added to your
      draft, and take effect once the request is approved and applied.
    </Text>
  );
}

/** The flag's open change requests (`…/pending/{featureName}`), on the flag page. */
export function FlagChangeRequests({ project, name }: { project: string; name: string }) {
  const pending = useServerData(`change-requests-pending-flag:${project}/${name}`, (api, signal) =>
    createChangeRequestApi(api.client).pendingForFlag(project, name, signal),
  );
  const requests = pending.data ?? [];
  if (requests.length === 0) return null;
  return (
    <Card withBorder padding="sm" mb="md" aria-label="Change requests for this flag" component="section">
      <Text fw={700} size="sm" mb={4}>
        Change requests waiting for this flag
      </Text>
      <Stack gap={4} data-testid="flag-change-requests">
        {requests.map((request) => (
          <Group gap="xs" key={request.id}>
            <Anchor component={Link} to={changeRequestPagePath(project, request.id)} size="sm">
              #{request.id} {request.title || 'Change request'}
            </Anchor>
            <StateBadge state={request.state} />
            <Text size="sm" c="dimmed">
              in {request.environment} by {userName(request.createdBy)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
