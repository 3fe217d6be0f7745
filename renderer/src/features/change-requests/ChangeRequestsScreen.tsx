import { Stack, Text, Title } from '@mantine/core';
import type { AdminApi } from '../../api/admin-api';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { type ChangeRequestRow, ChangeRequestTable } from './ChangeRequestList';
import { createChangeRequestApi } from './change-request-api';
import type { ChangeRequestListItem } from './change-request-types';
import { isMine, useMe } from './use-change-requests';

type Me = ReturnType<typeof useMe>;

/**
 * What waits for the signed-in user: requests in review by someone else that they have not
 * approved yet, and their own approved requests, ready to apply or schedule.
 */
export function waitsFor(me: Me, request: ChangeRequestListItem): 'review' | 'apply' | null {
  const mine = isMine(me, request.createdBy);
  if (request.state === 'In review' && !mine) {
    const reviewed = [...(request.approvals ?? []), ...(request.rejections ?? [])].some((entry) =>
      isMine(me, entry.createdBy),
    );
    return reviewed ? null : 'review';
  }
  if (request.state === 'Approved' && mine) return 'apply';
  return null;
}

async function everyProjectsRequests(api: AdminApi, signal: AbortSignal): Promise<ChangeRequestListItem[]> {
  const { projects } = await api.listProjects();
  const requests = createChangeRequestApi(api.client);
  const lists = await Promise.all(projects.map((project) => requests.list(project.id, signal)));
  return lists.flat();
}

const toRow = (request: ChangeRequestListItem): ChangeRequestRow => ({
  ...request,
  flags: request.features.map((feature) => feature.name),
});

/** `/change-requests`: what waits for me across projects, and my own open requests. */
export function ChangeRequestsScreen() {
  const now = useNow();
  const me = useMe();
  const all = useServerData('change-requests-all', everyProjectsRequests);
  const byNewest = (a: ChangeRequestListItem, b: ChangeRequestListItem) =>
    b.createdAt.localeCompare(a.createdAt);
  const sorted = [...(all.data ?? [])].sort(byNewest);
  const review = sorted.filter((request) => waitsFor(me, request) === 'review').map(toRow);
  const apply = sorted.filter((request) => waitsFor(me, request) === 'apply').map(toRow);
  const mineOpen = sorted
    .filter(
      (request) =>
        isMine(me, request.createdBy) && ['Draft', 'In review', 'Scheduled'].includes(request.state),
    )
    .map(toRow);
  const section = (title: string, rows: ChangeRequestRow[], empty: string) => (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h4">
        {title} ({rows.length})
      </Title>
      {rows.length ? (
        <ChangeRequestTable rows={rows} showProject />
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </Stack>
  );
  return (
    <>
      <PageHeader
        title="Change requests"
        description="Change requests waiting for you in every project."
        savedAt={all.savedAt}
        fromCache={all.fromCache}
        now={now}
      />
      <QueryState query={all} noun="change requests">
        {() => (
          <Stack gap="xl">
            {section('Waiting for your review', review, 'Nothing to review.')}
            {section('Approved, ready to apply', apply, 'None of your requests waits to be applied.')}
            {section('Your open requests', mineOpen, 'You have no drafts or requests in review.')}
          </Stack>
        )}
      </QueryState>
    </>
  );
}
