import { Alert, Button, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { useServerData } from '../../stores/use-server-data';
import {
  adminOnlyEnvironments,
  approverRoleBody,
  approverRoleName,
  approvingEnvironments,
  approvingEnvironmentsKey,
} from './approver-role';
import { useReviewRights } from './change-request-permissions';
import { ONLINE_ONLY_REASON } from './use-change-requests';

const NOT_ADMIN = 'Only admins create roles: ask one to create it.';

/**
 * On the project's change-request settings: for each environment requiring change requests where
 * no project role may approve (so only admins can), says so and offers to create a custom project
 * role that approves and applies there (issue 31 §2).
 */
export function ApproverRoleNotice({ projectId, governed }: { projectId: string; governed: string[] }) {
  const consoleApi = useConsole();
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const approving = useServerData(governed.length ? approvingEnvironmentsKey : null, (api, signal) =>
    approvingEnvironments(api.client, signal),
  );
  const rights = useReviewRights(projectId, governed[0] ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<string | null>(null);
  if (!approving.data) return null;
  const adminOnly = adminOnlyEnvironments(governed, approving.data);

  async function create(environment: string) {
    setBusy(true);
    setError(null);
    try {
      await consoleApi.api().client.post('/api/admin/roles', approverRoleBody(environment));
      setCreated(approverRoleName(environment));
      consoleApi.refresh();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const why = offline ? ONLINE_ONLY_REASON : rights.admin === false ? NOT_ADMIN : null;
  return (
    <Stack gap="xs">
      {adminOnly.map((environment) => (
        <Alert
          key={environment}
          color="yellow"
          variant="light"
          title={`Only admins can approve change requests in ${environment}`}
          data-testid={`admin-only-approvers-${environment}`}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              No project role grants APPROVE_CHANGE_REQUEST in {environment}, and the built-in roles never do.
              Create a role that approves and applies there, then give it to the project's reviewers.
            </Text>
            <Tooltip label={why ?? ''} disabled={!why} multiline w={260}>
              <Button
                size="xs"
                variant="light"
                loading={busy}
                disabled={why !== null}
                data-disabled-reason={why ?? undefined}
                onClick={() => void create(environment)}
              >
                Create an approver role for {environment}
              </Button>
            </Tooltip>
          </Stack>
        </Alert>
      ))}
      {created ? (
        <Alert color="teal" variant="light" data-testid="approver-role-created">
          Created the project role “{created}”. Give it to the reviewers in the project's access settings.
        </Alert>
      ) : null}
      {error ? <ErrorNotice error={error} title="The approver role was not created" /> : null}
    </Stack>
  );
}
