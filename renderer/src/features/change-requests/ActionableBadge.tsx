import { Badge } from '@mantine/core';
import type { AdminApi } from '../../api/admin-api';
import { Link } from '../../router/navigation';
import { useServerData } from '../../stores/use-server-data';
import { createChangeRequestApi } from './change-request-api';

// Apart from ChangeRequestsScreen: the shell shows this badge on every screen, and the screen
// itself loads in its own chunk only when opened (issue 33).

/** The number the shell shows: the server's actionable count summed over projects. */
async function actionableTotal(api: AdminApi, signal: AbortSignal): Promise<number> {
  const { projects } = await api.listProjects();
  const requests = createChangeRequestApi(api.client);
  const counts = await Promise.all(projects.map((project) => requests.actionableCount(project.id, signal)));
  return counts.reduce((sum, count) => sum + count.total, 0);
}

export const ACTIONABLE_KEY = 'change-requests-actionable';

/** The shell's badge: change requests waiting for the signed-in user, linking to the list. */
export function ActionableBadge() {
  const total = useServerData(ACTIONABLE_KEY, actionableTotal);
  if (!total.data) return null;
  return (
    <Badge
      component={Link}
      to="/change-requests"
      color="violet"
      variant="light"
      data-testid="actionable-change-requests"
      title="Change requests waiting for you"
    >
      {total.data} change request{total.data === 1 ? '' : 's'} waiting
    </Badge>
  );
}
