// Here rather than in main.tsx: the charts' styles load with the charts' chunk (issue 33).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ProjectStatus } from '../../../../server/contract';
import { QueryState } from '../../components/QueryState/QueryState';
import { Stat } from '../../components/Stat/Stat';
import { useServerData } from '../../stores/use-server-data';
import { loadProjectStatus } from './insights-api';

const STAGES = [
  { key: 'initial', label: 'Initial' },
  { key: 'preLive', label: 'Pre-live' },
  { key: 'live', label: 'Live' },
  { key: 'completed', label: 'Completed' },
] as const;

/** Events per month from the per-day activity, for a readable year at a glance. */
export function activityByMonth(activity: ProjectStatus['activityCountByDate']) {
  const months = new Map<string, number>();
  for (const { date, count } of activity)
    months.set(date.slice(0, 7), (months.get(date.slice(0, 7)) ?? 0) + count);
  return [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, events]) => ({ month, events }));
}

/** Unleash's "Project status" view (getProjectStatus): health, resources, activity and lifecycle. */
export function ProjectStatusDialog({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const status = useServerData(opened ? `project-status:${projectId}` : null, (api) =>
    loadProjectStatus(api.client, projectId),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Project status" size="xl">
      <QueryState query={status} noun="the project status">
        {(data) => <ProjectStatusBody status={data} />}
      </QueryState>
    </Modal>
  );
}

function ProjectStatusBody({ status }: { status: ProjectStatus }) {
  const months = activityByMonth(status.activityCountByDate);
  const summary = status.lifecycleSummary;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Stat label="Health" value={`${status.health.current}%`} />
        <Stat label="Technical debt" value={`${status.technicalDebt.current}%`} />
        <Stat label="Stale flags" value={status.staleFlags.total} />
        <Stat label="API tokens" value={status.resources.apiTokens} />
        <Stat label="Members" value={status.resources.members} />
        <Stat label="Segments" value={status.resources.segments} />
      </SimpleGrid>
      <section aria-labelledby="project-activity-title">
        <Title order={3} size="h5" id="project-activity-title" mb="xs">
          Activity in the last year
        </Title>
        {months.length === 0 ? (
          <Text size="sm">No changes in the last year.</Text>
        ) : (
          <div
            role="img"
            aria-label={`${months.reduce((sum, month) => sum + month.events, 0)} changes over ${months.length} months`}
          >
            <BarChart
              h={180}
              data={months}
              dataKey="month"
              series={[{ name: 'events', label: 'Changes', color: 'blue.6' }]}
            />
          </div>
        )}
      </section>
      <section aria-labelledby="project-lifecycle-title">
        <Title order={3} size="h5" id="project-lifecycle-title" mb="xs">
          Flag lifecycle
        </Title>
        <Table data-testid="project-lifecycle-summary">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Stage</Table.Th>
              <Table.Th>Flags now</Table.Th>
              <Table.Th>Average days in stage</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {STAGES.map(({ key, label }) => (
              <Table.Tr key={key}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>{summary[key].currentFlags}</Table.Td>
                <Table.Td>{summary[key].averageDays ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>Archived</Table.Td>
              <Table.Td>{summary.archived.currentFlags}</Table.Td>
              <Table.Td>{summary.archived.last30Days} in the last 30 days</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </section>
    </Stack>
  );
}
