import { Anchor, Badge, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import type { FlagRef } from '../../api/flag-api';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useServerData } from '../../stores/use-server-data';
import {
  createCodeReferencesApi,
  flagReferencesKey,
  kindWord,
  type FlagCodeReferences as References,
} from './code-references-api';

type Repository = References['repositories'][number];

/** One repository's references: where, which SDK call, the line's last change, a link when its host is known. */
function RepositoryCard({ repository }: { repository: Repository }) {
  return (
    <Card withBorder padding="sm" data-testid={`code-repository-${repository.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h6" style={{ overflowWrap: 'anywhere' }}>
            {repository.name}
          </Title>
          <Text size="xs" c="dimmed">
            {repository.branch ?? 'no branch'} · {repository.commit?.slice(0, 8) ?? 'no commit'} · scanned{' '}
            <RelativeTime value={repository.scannedAt} />
          </Text>
        </Group>
        {repository.references.map((reference) => (
          <Stack key={`${reference.path}:${reference.line}`} gap={2}>
            <Group gap="xs" wrap="wrap">
              {reference.link ? (
                <Anchor
                  href={reference.link}
                  target="_blank"
                  rel="noreferrer"
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {reference.path}:{reference.line}
                </Anchor>
              ) : (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {reference.path}:{reference.line}
                </Text>
              )}
              <Badge size="xs" variant="light">
                {kindWord(reference.kind)}
              </Badge>
              {reference.lastChangedAt ? (
                <Text size="xs" c="dimmed">
                  changed <RelativeTime value={reference.lastChangedAt} />
                </Text>
              ) : null}
            </Group>
            <Code block style={{ maxWidth: '100%', overflowX: 'auto' }}>
              {reference.context.join('\n')}
            </Code>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * The flag page's Code references section (issue 37 §2): the flag's uses in the operator's
 * repositories, grouped by repository, as the last scan pushed them, and when it was last seen in code.
 */
export function FlagCodeReferences({ flag }: { flag: FlagRef }) {
  const references = useServerData(flagReferencesKey(flag), (api, signal) =>
    createCodeReferencesApi(api.client).ofFlag(flag, signal),
  );
  return (
    <QueryState
      query={references}
      noun="code references"
      isEmpty={(data) => data.total === 0}
      empty="Not found in any scanned repository. Scan a checkout with: switchyard code-refs scan --repo DIR --push"
    >
      {(data) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {data.total} reference{data.total === 1 ? '' : 's'} in {data.repositories.length} repositor
            {data.repositories.length === 1 ? 'y' : 'ies'}
            {data.lastSeenInCode ? (
              <>
                {' '}
                · last seen in code <RelativeTime value={data.lastSeenInCode} />
              </>
            ) : null}
          </Text>
          {data.repositories.map((repository) => (
            <RepositoryCard key={repository.name} repository={repository} />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
