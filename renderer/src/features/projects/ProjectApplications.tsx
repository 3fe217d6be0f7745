import { Alert, Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type {
  OutdatedSdks,
  ProjectApplications as ProjectApplicationsData,
} from '../../../../server/contract';
import { ListTable } from '../../components/ListTable/ListTable';
import { QueryState } from '../../components/QueryState/QueryState';
import { Link } from '../../router/navigation';
import { applicationPath } from '../../router/paths';
import { useServerData } from '../../stores/use-server-data';

const enc = encodeURIComponent;

/**
 * A project's applications tab (issue 31 §5): the applications that used the project's tokens or
 * flags, with environments, instances and SDKs, and a warning for SDK versions Unleash calls outdated.
 */
export function ProjectApplications({ projectId }: { projectId: string }) {
  const data = useServerData(`project-applications:${projectId}`, async (api) => {
    const [applications, outdated] = await Promise.all([
      api.client.get<ProjectApplicationsData>(`/api/admin/projects/${enc(projectId)}/applications`, {
        limit: 1000,
      }),
      api.client.get<OutdatedSdks>(`/api/admin/projects/${enc(projectId)}/sdks/outdated`),
    ]);
    return { applications: applications.applications, outdated: outdated.sdks };
  });
  return (
    <QueryState
      query={data}
      noun="the applications"
      isEmpty={(loaded) => loaded.applications.length === 0}
      empty="No application has used this project's tokens or flags yet."
    >
      {(loaded) => (
        <>
          {loaded.outdated.length > 0 ? (
            <Alert color="yellow" variant="light" mb="md" title="Outdated SDKs" data-testid="outdated-sdks">
              {loaded.outdated.map((sdk) => `${sdk.sdkVersion} (${sdk.applications.join(', ')})`).join('; ')}
            </Alert>
          ) : null}
          <ListTable minWidth={640} columns={['Application', 'Environments', 'Instances', 'SDKs']}>
            {loaded.applications.map((app) => (
              <Table.Tr key={app.name} data-testid={`project-application-${app.name}`}>
                <Table.Td>
                  <Anchor component={Link} to={applicationPath(app.name)} fw={600}>
                    {app.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {app.environments.map((environment) => (
                      <Badge key={environment} variant="outline" size="sm">
                        {environment}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{app.instances.length}</Table.Td>
                <Table.Td>
                  {app.sdks.length === 0 ? (
                    '–'
                  ) : (
                    <Text size="sm">
                      {app.sdks.map((sdk) => `${sdk.name} ${sdk.versions.join(', ')}`).join('; ')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </>
      )}
    </QueryState>
  );
}
