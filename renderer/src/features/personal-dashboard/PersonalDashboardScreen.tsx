import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { PersonalDashboard } from '../../../../server/contract';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { Link } from '../../router/navigation';
import { flagPath, projectPath } from '../../router/paths';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import classes from './PersonalDashboardScreen.module.css';
import { PersonalProjectDetails } from './PersonalProjectDetails';
import { getPersonalDashboard, PERSONAL_DASHBOARD_KEY } from './personal-dashboard-api';

type Project = PersonalDashboard['projects'][number];

/**
 * `/personal`: the signed-in user's projects and flags, as Unleash's personal dashboard shows
 * them, with the chosen project's health, latest events, owners and the user's roles in it.
 */
export function PersonalDashboardScreen() {
  const now = useNow();
  const dashboard = useServerData(PERSONAL_DASHBOARD_KEY, getPersonalDashboard);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your projects and the flags you created or favourited."
        savedAt={dashboard.savedAt}
        fromCache={dashboard.fromCache}
        now={now}
      />
      <QueryState query={dashboard} noun="your dashboard">
        {(data) => (
          <Stack gap="lg">
            <MyProjects data={data} />
            <MyFlags flags={data.flags} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}

function MyProjects({ data }: { data: PersonalDashboard }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = data.projects.find((project) => project.id === chosen) ?? data.projects[0];
  return (
    <section aria-labelledby="my-projects-title">
      <Title order={2} size="h4" id="my-projects-title" mb="xs">
        My projects
      </Title>
      {data.projects.length === 0 ? (
        <NoProjects data={data} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="xs" role="list" aria-label="My projects">
            {data.projects.map((project) => (
              <ProjectChoice
                key={project.id}
                project={project}
                selected={project.id === selected?.id}
                onChoose={() => setChosen(project.id)}
              />
            ))}
          </Stack>
          {selected && <PersonalProjectDetails project={selected} />}
        </SimpleGrid>
      )}
    </section>
  );
}

function ProjectChoice(props: { project: Project; selected: boolean; onChoose: () => void }) {
  const { project, selected, onChoose } = props;
  return (
    <Card withBorder padding="sm" role="listitem" className={classes.choice} data-selected={selected}>
      <UnstyledButton onClick={onChoose} aria-pressed={selected} className={classes.choiceButton}>
        <Text fw={600} truncate="end">
          {project.name}
        </Text>
        <Text size="xs" c="dimmed">
          {project.featureCount} {project.featureCount === 1 ? 'flag' : 'flags'} · {project.memberCount}{' '}
          {project.memberCount === 1 ? 'member' : 'members'} · health {project.health}% · technical debt{' '}
          {project.technicalDebt}%
        </Text>
      </UnstyledButton>
      <Anchor component={Link} to={projectPath(project.id)} size="xs" mt={4}>
        Open {project.name}
      </Anchor>
    </Card>
  );
}

/** A user in no project learns who can add them: the project owners, else the admins. */
function NoProjects({ data }: { data: PersonalDashboard }) {
  const owners = data.projectOwners.map((owner) => owner.email ?? owner.name);
  const admins = data.admins.map(
    (admin) => admin.email ?? admin.name ?? admin.username ?? `user ${admin.id}`,
  );
  return (
    <Card withBorder padding="md">
      <Text size="sm">You are not a member of any project yet.</Text>
      {owners.length > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          Project owners who can add you: {owners.join(', ')}
        </Text>
      )}
      {admins.length > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          Administrators: {admins.join(', ')}
        </Text>
      )}
    </Card>
  );
}

function MyFlags({ flags }: { flags: PersonalDashboard['flags'] }) {
  return (
    <section aria-labelledby="my-flags-title">
      <Title order={2} size="h4" id="my-flags-title" mb="xs">
        My flags
      </Title>
      {flags.length === 0 ? (
        <Text size="sm" c="dimmed">
          Flags you create or star show here.
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label="My flags">
          {flags.map((flag) => (
            <Group key={`${flag.project}/${flag.name}`} className={classes.flagRow} role="listitem">
              <Anchor component={Link} to={flagPath(flag)} size="sm" className={classes.flagName}>
                {flag.name}
              </Anchor>
              <Text size="xs" c="dimmed" truncate="end" className={classes.flagMeta}>
                {flag.type} · {flag.project}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </section>
  );
}
