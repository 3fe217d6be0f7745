import { Code, Spoiler, Stack, Table, Text } from '@mantine/core';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useServerData } from '../../stores/use-server-data';
import { instanceAdminApi } from './instance-admin-api';

/** Errors the console reported (POST /api/admin/record-ui-error), newest first; the newest 1,000 are kept. */
export function UiErrorsTab() {
  const errors = useServerData('ui-errors', (api, signal) => instanceAdminApi(api.client).uiErrors(signal));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        When a console screen fails, it reports the error here, so administrators learn of it.
      </Text>
      <QueryState
        query={errors}
        noun="reported errors"
        isEmpty={(data) => data.uiErrors.length === 0}
        empty="No console errors were reported."
      >
        {(data) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Error</Table.Th>
                <Table.Th>User</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.uiErrors.map((error) => (
                <Table.Tr key={error.id}>
                  <Table.Td>
                    <RelativeTime value={error.createdAt} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {error.errorMessage}
                    </Text>
                    {error.errorStack ? (
                      <Spoiler maxHeight={0} showLabel="Show stack" hideLabel="Hide stack">
                        <Code block>{error.errorStack}</Code>
                      </Spoiler>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{error.userId ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}
