import { Badge, Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useCrudDialogs } from '../../components/CrudDialogs/CrudDialogs';
import { ListTable } from '../../components/ListTable/ListTable';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useConsoleState } from '../../stores/console-context';
import { usePermission } from '../../stores/permissions';
import { useServerData } from '../../stores/use-server-data';
import { CreateCdnTokenForm } from './CreateCdnTokenForm';
import { type CdnToken, type CreatedCdnToken, cdnTokenApi } from './cdn-token-api';
import { NewSecretTokenDialog } from './NewSecretTokenDialog';

const NO_CREATE_PERMISSION = 'Creating CDN tokens needs the CREATE_FRONTEND_API_TOKEN permission';
const OFFLINE = 'The secret is created by the server and shown once: this needs a connection';

/**
 * CDN tokens (issue 31 §5, `/api/admin/cdn/tokens`): frontend tokens for a CDN in front of the
 * frontend API. Shown only to users who may read frontend tokens; creating one needs
 * CREATE_FRONTEND_API_TOKEN, and its secret is shown once.
 */
export function CdnTokensSection() {
  const canRead = usePermission('READ_FRONTEND_API_TOKEN');
  const canCreate = usePermission('CREATE_FRONTEND_API_TOKEN');
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  // Not asked before the grants are known, nor by whom the server would answer 403.
  const hidden = canRead === false || canRead === undefined;
  const tokens = useServerData(hidden ? null : 'cdn-tokens', (api) => cdnTokenApi(api).list());
  const dialogs = useCrudDialogs<CdnToken>();
  if (hidden) return null;
  const refusal = canCreate === false ? NO_CREATE_PERMISSION : offline ? OFFLINE : null;

  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="cdn-tokens-title">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h3" id="cdn-tokens-title">
            CDN tokens
          </Title>
          <Text c="dimmed" size="sm">
            Frontend tokens for a CDN serving the frontend API, one project (or all) and environment each.
          </Text>
        </Stack>
        <Tooltip label={refusal} disabled={!refusal}>
          <Button variant="light" onClick={dialogs.openCreate} disabled={Boolean(refusal)}>
            New CDN token
          </Button>
        </Tooltip>
      </Group>
      <QueryState query={tokens} noun="CDN tokens" isEmpty={(data) => data.tokens.length === 0}>
        {(data) => (
          <ListTable
            minWidth={520}
            columns={['Name', 'Project', 'Environment', 'Expires']}
            regionLabel="CDN tokens list"
          >
            {data.tokens.map((token) => (
              <CdnTokenRow
                key={`${token.tokenName}|${token.project ?? '*'}|${token.environment}`}
                token={token}
              />
            ))}
          </ListTable>
        )}
      </QueryState>
      <NewSecretTokenDialog<CreatedCdnToken, CdnToken>
        dialogs={dialogs}
        title="New CDN token"
        noun="CDN token"
        form={(choices, onCreated, onCancel) => (
          <CreateCdnTokenForm {...choices} onCreated={onCreated} onCancel={onCancel} />
        )}
      />
    </Stack>
  );
}

function CdnTokenRow({ token }: { token: CdnToken }) {
  return (
    <Table.Tr data-testid={`cdn-token-${token.tokenName}`}>
      <Table.Td>
        <Text fw={600}>{token.tokenName}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" size="sm">
          {token.project ?? 'all'}
        </Badge>
      </Table.Td>
      <Table.Td>{token.environment}</Table.Td>
      <Table.Td>
        <RelativeTime value={token.expiresAt ?? null} fallback="never" />
      </Table.Td>
    </Table.Tr>
  );
}
