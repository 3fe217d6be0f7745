import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PersonalDashboard, PersonalDashboardProjectDetails } from '../../../../server/contract';
import { QueryState } from '../../components/QueryState/QueryState';
import { Stat } from '../../components/Stat/Stat';
import { useServerData } from '../../stores/use-server-data';
import {
  getPersonalProject,
  onboardingText,
  personalProjectKey,
  plainSummary,
} from './personal-dashboard-api';

type Project = PersonalDashboard['projects'][number];
type Owner = PersonalDashboardProjectDetails['owners'][number];

const ownerName = (owner: Owner) => (owner.ownerType === 'system' ? 'System' : owner.name);

/** One project of the dashboard: its flags' state, the user's roles, owners and latest events. */
export function PersonalProjectDetails({ project }: { project: Project }) {
  const details = useServerData(personalProjectKey(project.id), (api, signal) =>
    getPersonalProject(api, project.id, signal),
  );
  return (
    <Card withBorder padding="md" component="section" aria-label={`Project ${project.name}`}>
      <Title order={3} size="h5" mb="xs">
        {project.name}
      </Title>
      <QueryState query={details} noun="the project's details">
        {(data) => (
          <Stack gap="sm">
            <Text size="sm">{onboardingText(data.onboardingStatus.status)}</Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Stat label="Flags" value={data.insights.totalFlags} />
              <Stat label="Active" value={data.insights.activeFlags} />
              <Stat label="Stale" value={data.insights.staleFlags} />
              <Stat label="Potentially stale" value={data.insights.potentiallyStaleFlags} />
            </SimpleGrid>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                Your roles:
              </Text>
              {data.roles.length === 0 ? (
                <Text size="sm" c="dimmed">
                  none (you see it as an administrator)
                </Text>
              ) : (
                data.roles.map((role) => (
                  <Badge key={role.id} variant="light">
                    {role.name}
                  </Badge>
                ))
              )}
            </Group>
            <Text size="sm">
              <Text span fw={600}>
                Owners:
              </Text>{' '}
              {data.owners.map(ownerName).join(', ')}
            </Text>
            <LatestEvents events={data.latestEvents} />
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

function LatestEvents({ events }: { events: PersonalDashboardProjectDetails['latestEvents'] }) {
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        Latest events
      </Text>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing has happened in this project yet.
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label="Latest events">
          {events.map((event) => (
            <Text key={event.id} size="xs" role="listitem" style={{ overflowWrap: 'anywhere' }}>
              {plainSummary(event.summary) || `${event.createdBy} made a change`} ·{' '}
              <Text span c="dimmed" size="xs">
                {new Date(event.createdAt).toLocaleString()}
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </div>
  );
}
