import { Anchor, Badge, Box, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Application } from '../../api/types';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { Link, useLocation } from '../../router/navigation';
import { applicationPath } from '../../router/paths';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { ConnectSdkGuide } from '../connect-sdk/index';
import { ApplicationPage } from './ApplicationPage';
import { SdkName } from './SdkName/SdkName';

/** One application: its name, SDK, last report and where it uses flags. */
function ApplicationRow({ app }: { app: Application }) {
  return (
    <Table.Tr data-testid={`application-${app.appName}`}>
      <Table.Td>
        <Anchor component={Link} to={applicationPath(app.appName)} fw={600}>
          {app.appName}
        </Anchor>
        {app.description ? (
          <Text size="sm" c="dimmed">
            {app.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <SdkName sdkVersion={app.sdkVersion} />
      </Table.Td>
      <Table.Td>
        <RelativeTime value={app.lastSeen} />
      </Table.Td>
      <Table.Td>
        {app.usage?.length ? (
          <Group gap={4}>
            {app.usage.map((usage) => (
              <Badge key={usage.project} variant="outline" size="sm">
                {usage.project}: {usage.environments.join(', ')}
              </Badge>
            ))}
          </Group>
        ) : (
          '–'
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** `/applications` lists applications; `/applications/:name` shows one. */
export function ApplicationsScreen() {
  const { path } = useLocation();
  const appName = path.startsWith('/applications/')
    ? decodeURIComponent(path.slice('/applications/'.length))
    : '';
  return appName ? <ApplicationPage key={appName} appName={appName} /> : <ApplicationList />;
}

function ApplicationList() {
  const now = useNow();
  const applications = useServerData(
    'applications',
    async (api) => (await api.listApplications()).applications,
  );
  const [filter, setFilter] = useState('');
  // Open by itself while no SDK was ever seen (first run), until the operator closes it.
  const [guide, setGuide] = useState<'auto' | 'open' | 'closed'>('auto');
  const noApplications = applications.data?.length === 0;
  const guideOpen = guide === 'open' || (guide === 'auto' && noApplications);
  const needle = filter.trim().toLowerCase();
  const shown = applications.data?.filter((app) =>
    `${app.appName} ${app.description ?? ''} ${app.sdkVersion ?? ''}`.toLowerCase().includes(needle),
  );

  return (
    <>
      <PageHeader
        title="Applications"
        description="Applications whose SDKs registered with this server, and where they use flags."
        savedAt={applications.savedAt}
        fromCache={applications.fromCache}
        now={now}
        actions={
          guideOpen ? null : (
            <Button variant="default" onClick={() => setGuide('open')}>
              Connect an SDK
            </Button>
          )
        }
      />
      {guideOpen ? (
        <Box mb="md">
          <ConnectSdkGuide onClose={() => setGuide('closed')} />
        </Box>
      ) : null}
      <TextInput
        aria-label="Filter applications"
        placeholder="Filter by name, description or SDK"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        mb="md"
        maw={360}
      />
      <QueryState
        query={{ ...applications, data: shown }}
        noun="applications"
        isEmpty={(data) => data.length === 0}
        empty={needle ? 'No application matches the filter.' : 'No SDK has registered yet.'}
      >
        {(data) => (
          <ListTable minWidth={720} columns={['Application', 'SDK', 'Last report', 'Used in']}>
            {data.map((app) => (
              <ApplicationRow key={app.appName} app={app} />
            ))}
          </ListTable>
        )}
      </QueryState>
    </>
  );
}
