import { Anchor, Badge, Paper, Table, Text, Title } from '@mantine/core';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { Link } from '../../router/navigation';
import { flagPath } from '../../router/paths';
import type { SearchedFlag } from './insights-api';

/** Stale and potentially stale flags, oldest first, each linking to its page to clean it up. */
export function FlagHealthTable({ flags, total }: { flags: readonly SearchedFlag[]; total: number }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="flag-health-title">
      <Title order={3} size="h5" id="flag-health-title" mb="xs">
        Flags to clean up
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {total === 0
          ? 'No stale or potentially stale flags: nothing to clean up.'
          : `${total} stale or potentially stale flags${total > flags.length ? `, the ${flags.length} oldest shown` : ''}. A flag is potentially stale once it outlives its type's expected lifetime.`}
      </Text>
      {flags.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="flag-health-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Flag</Table.Th>
                <Table.Th>Project</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flags.map((flag) => (
                <Table.Tr key={flag.name}>
                  <Table.Td>
                    <Anchor component={Link} to={flagPath(flag)}>
                      {flag.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{flag.project}</Table.Td>
                  <Table.Td>{flag.type}</Table.Td>
                  <Table.Td>
                    {flag.stale ? (
                      <Badge color="red" variant="light">
                        Stale
                      </Badge>
                    ) : (
                      <Badge color="orange" variant="light">
                        Potentially stale
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RelativeTime value={flag.createdAt} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Paper>
  );
}
