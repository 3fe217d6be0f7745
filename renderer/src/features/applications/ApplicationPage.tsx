import { Alert, Anchor, Badge, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { Stat } from '../../components/Stat/Stat';
import { Link } from '../../router/navigation';
import { flagPath, projectPath } from '../../router/paths';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import classes from './ApplicationsScreen.module.css';
import { type ApplicationFeature, type ApplicationPageData, loadApplicationPage } from './application-api';
import { SdkName } from './SdkName/SdkName';

function Environments({ data }: { data: ApplicationPageData }) {
  return (
    <Stack gap="lg">
      {data.overview.environments.map((environment) => {
        const instances = data.instances[environment.name] ?? [];
        return (
          <Stack key={environment.name} gap="xs" data-testid={`application-environment-${environment.name}`}>
            <Group gap="xs">
              <Title order={3} size="h4">
                {environment.name}
              </Title>
              <Badge variant="light">
                {environment.instanceCount} instance{environment.instanceCount === 1 ? '' : 's'}
              </Badge>
              <Text size="sm" c="dimmed">
                last seen <RelativeTime value={environment.lastSeen} />
              </Text>
            </Group>
            {environment.sdks.length ? (
              <Group gap="xs">
                <Text size="sm">SDKs:</Text>
                {environment.sdks.map((sdk) => (
                  <SdkName key={sdk} sdkVersion={sdk} />
                ))}
              </Group>
            ) : null}
            <ListTable minWidth={560} columns={['Instance', 'SDK', 'Client IP', 'Last seen']}>
              {instances.map((instance) => (
                <Table.Tr key={instance.instanceId} data-testid={`instance-${instance.instanceId}`}>
                  <Table.Td className={classes.mono}>{instance.instanceId}</Table.Td>
                  <Table.Td>
                    <SdkName sdkVersion={instance.sdkVersion} />
                  </Table.Td>
                  <Table.Td className={classes.mono}>{instance.clientIp ?? '–'}</Table.Td>
                  <Table.Td>
                    <RelativeTime value={instance.lastSeen} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </Stack>
        );
      })}
    </Stack>
  );
}

function Flags({ features }: { features: readonly ApplicationFeature[] }) {
  if (features.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The application has not reported using any flag yet.
      </Text>
    );
  }
  return (
    <ListTable minWidth={560} columns={['Flag', 'Project', 'Evaluated in', 'Last reported']}>
      {features.map((feature) => (
        <Table.Tr key={feature.name} data-testid={`application-flag-${feature.name}`}>
          <Table.Td>
            {feature.project ? (
              <Anchor
                component={Link}
                to={flagPath({ project: feature.project, name: feature.name })}
                fw={600}
              >
                {feature.name}
              </Anchor>
            ) : (
              <Group gap="xs">
                <Text fw={600}>{feature.name}</Text>
                <Badge color="red" variant="light" size="sm">
                  no such flag
                </Badge>
              </Group>
            )}
          </Table.Td>
          <Table.Td>{feature.project ?? '–'}</Table.Td>
          <Table.Td>{feature.environments.join(', ')}</Table.Td>
          <Table.Td>
            <RelativeTime value={feature.lastSeen} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** What the application registered: its SDK, last report, URL, projects and strategies. */
function Registration({ data }: { data: ApplicationPageData }) {
  const { overview } = data;
  return (
    <Stack gap={4}>
      {data.application.sdkVersion ? (
        <Text size="sm" data-testid="application-sdk">
          Latest SDK: <SdkName sdkVersion={data.application.sdkVersion} />
        </Text>
      ) : null}
      {data.application.lastSeen ? (
        <Text size="sm" data-testid="application-last-report">
          Last report: <RelativeTime value={data.application.lastSeen} />
        </Text>
      ) : null}
      {data.application.url ? (
        <Text size="sm">
          URL: <span className={classes.mono}>{data.application.url}</span>
        </Text>
      ) : null}
      {overview.projects.length ? (
        <Group gap={4}>
          <Text size="sm">Projects:</Text>
          {overview.projects.map((project) => (
            <Anchor key={project} component={Link} to={projectPath(project)} size="sm">
              {project}
            </Anchor>
          ))}
        </Group>
      ) : null}
      {data.application.strategies?.length ? (
        <Text size="sm">Strategies it knows: {data.application.strategies.join(', ')}</Text>
      ) : null}
    </Stack>
  );
}

/** How many flags, projects, environments and instances the application has. */
function ApplicationStats({ data }: { data: ApplicationPageData }) {
  const { overview } = data;
  const instanceTotal = overview.environments.reduce(
    (sum, environment) => sum + environment.instanceCount,
    0,
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Stat label="Flags used" value={overview.featureCount} />
      <Stat label="Projects" value={overview.projects.length} />
      <Stat label="Environments" value={overview.environments.length} />
      <Stat label="Instances" value={instanceTotal} />
    </SimpleGrid>
  );
}

/** Flags the application asks for that do not exist, and strategies it does not know. */
function ApplicationIssues({ data }: { data: ApplicationPageData }) {
  const { overview } = data;
  const missingFlags = [
    ...new Set(overview.environments.flatMap((environment) => environment.issues.missingFeatures)),
  ];
  if (!missingFlags.length && !overview.issues.missingStrategies.length) return null;
  return (
    <Alert color="orange" variant="light" title="Issues" data-testid="application-issues">
      <List size="sm">
        {missingFlags.length ? (
          <List.Item>Asks for flags that do not exist: {missingFlags.join(', ')}</List.Item>
        ) : null}
        {overview.issues.missingStrategies.length ? (
          <List.Item>Does not know the strategies: {overview.issues.missingStrategies.join(', ')}</List.Item>
        ) : null}
      </List>
    </Alert>
  );
}

/** `/applications/:name`: what an application registered, where it runs and which flags it uses. */
export function ApplicationPage({ appName }: { appName: string }) {
  const now = useNow();
  const page = useServerData(`application:${appName}`, (api) => loadApplicationPage(api.client, appName));
  const application = page.data?.application;

  return (
    <>
      <PageHeader
        title={appName}
        description={
          <>
            <Anchor component={Link} to="/applications" size="sm">
              Applications
            </Anchor>
            {application?.description ? ` · ${application.description}` : ''}
          </>
        }
        savedAt={page.savedAt}
        fromCache={page.fromCache}
        now={now}
      />
      <QueryState query={page} noun="the application">
        {(data) => {
          const { overview } = data;
          return (
            <Stack gap="lg">
              <ApplicationStats data={data} />
              <Registration data={data} />
              <ApplicationIssues data={data} />
              <Stack gap="xs">
                <Title order={2} size="h3">
                  Flags it uses
                </Title>
                {data.features ? (
                  <Flags features={data.features} />
                ) : (
                  <Text size="sm" c="dimmed">
                    This server does not list the flags of an application; it reported {overview.featureCount}
                    .
                  </Text>
                )}
              </Stack>
              <Stack gap="xs">
                <Title order={2} size="h3">
                  Environments and instances
                </Title>
                {overview.environments.length ? (
                  <Environments data={data} />
                ) : (
                  <Text size="sm" c="dimmed">
                    No instance has registered.
                  </Text>
                )}
              </Stack>
            </Stack>
          );
        }}
      </QueryState>
    </>
  );
}
