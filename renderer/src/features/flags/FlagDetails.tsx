import { Badge, Divider, Group, Stack, Table, Text } from '@mantine/core';
import type { FeatureSearchItem } from '../../api/types';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import classes from './FlagsScreen.module.css';

/** What the search answer says about one flag: environments, strategies, evaluations, segments and tags. */
export function FlagDetails({ flag }: { flag: FeatureSearchItem }) {
  return (
    <Stack gap="md">
      {flag.description ? <Text size="sm">{flag.description}</Text> : null}
      <FlagBadges flag={flag} />
      <Divider label="Environments" labelPosition="left" />
      <EnvironmentsTable environments={flag.environments} />
      {flag.segments.length > 0 ? (
        <>
          <Divider label="Segments" labelPosition="left" />
          <Group gap="xs">
            {flag.segments.map((segment) => (
              <Badge key={segment} variant="outline">
                {segment}
              </Badge>
            ))}
          </Group>
        </>
      ) : null}
      {flag.tags.length > 0 ? (
        <>
          <Divider label="Tags" labelPosition="left" />
          <Group gap="xs">
            {flag.tags.map((tag) => (
              <Badge key={`${tag.type}:${tag.value}`} variant="dot">
                {tag.type}: {tag.value}
              </Badge>
            ))}
          </Group>
        </>
      ) : null}
      <Text size="xs" c="dimmed">
        Created <RelativeTime value={flag.createdAt} fallback="at an unknown time" /> by {flag.createdBy.name}
      </Text>
    </Stack>
  );
}

/** The flag's type and project, and whether it is stale, emits impressions or depends on another. */
function FlagBadges({ flag }: { flag: FeatureSearchItem }) {
  return (
    <Group gap="xs">
      <Badge variant="light">{flag.type}</Badge>
      <Badge variant="outline">project {flag.project}</Badge>
      {flag.stale ? <Badge color="orange">stale</Badge> : null}
      {!flag.stale && flag.potentiallyStale ? (
        <Badge color="yellow" variant="light">
          potentially stale
        </Badge>
      ) : null}
      {flag.impressionData ? (
        <Badge color="grape" variant="light">
          impression data
        </Badge>
      ) : null}
      {flag.dependencyType ? (
        <Badge color="cyan" variant="light">
          {flag.dependencyType}
        </Badge>
      ) : null}
    </Group>
  );
}

/** Per environment: on or off, its strategies, variants, yes/no counts and when an SDK last saw it. */
function EnvironmentsTable({ environments }: { environments: FeatureSearchItem['environments'] }) {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Environment</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Strategies</Table.Th>
          <Table.Th className={classes.number}>Variants</Table.Th>
          <Table.Th className={classes.number}>Yes / no</Table.Th>
          <Table.Th>Last seen</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {environments.map((environment) => (
          <Table.Tr key={environment.name}>
            <Table.Td>{environment.name}</Table.Td>
            <Table.Td>
              <Badge color={environment.enabled ? 'teal' : 'gray'} variant="light">
                {environment.enabled ? 'on' : 'off'}
              </Badge>
            </Table.Td>
            <Table.Td>
              {environment.hasEnabledStrategies
                ? 'active'
                : environment.hasStrategies
                  ? 'all disabled'
                  : 'none'}
            </Table.Td>
            <Table.Td className={classes.number}>{environment.variantCount}</Table.Td>
            <Table.Td className={classes.number}>
              {environment.yes.toLocaleString()} / {environment.no.toLocaleString()}
            </Table.Td>
            <Table.Td>
              <RelativeTime value={environment.lastSeenAt} fallback="never" />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
