import { Badge, Button, Code, Group, Table, Text, Tooltip } from '@mantine/core';
import type { ApiToken } from '../../api/types';
import { useCrudDialogs } from '../../components/CrudDialogs/CrudDialogs';
import { CrudScreen } from '../../components/CrudScreen/CrudScreen';
import { ListTable } from '../../components/ListTable/ListTable';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { useConsoleState } from '../../stores/console-context';
import { usePermission } from '../../stores/permissions';
import { useServerWrite } from '../../stores/use-mutations';
import { useServerData } from '../../stores/use-server-data';
import classes from './ApiTokensScreen.module.css';
import { CdnTokensSection } from './CdnTokensSection';
import { CreateApiTokenForm } from './CreateApiTokenForm';
import { NewSecretTokenDialog } from './NewSecretTokenDialog';

/** API tokens for SDKs: listed by their non-secret prefix; a new token's secret is shown once, with a copy button. */
export function ApiTokensScreen() {
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const write = useServerWrite({ kind: 'api-token' });
  const tokens = useServerData('api-tokens', (api) => api.listApiTokens());
  const dialogs = useCrudDialogs<ApiToken>();
  // Editors read the tokens; making one needs a create permission of some token type (issue 33).
  const canCreate = usePermission(['CREATE_CLIENT_API_TOKEN', 'CREATE_FRONTEND_API_TOKEN']) !== false;
  return (
    <CrudScreen
      dialogs={dialogs}
      title="API tokens"
      description="Tokens that SDKs, Unleash Edge and the frontend API use. The server stores only a hash of each secret."
      actions={
        canCreate ? (
          <Tooltip
            label="The secret is created by the server and shown once: this needs a connection"
            disabled={!offline}
          >
            <Button onClick={dialogs.openCreate} disabled={offline}>
              New API token
            </Button>
          </Tooltip>
        ) : null
      }
      query={tokens}
      noun="API tokens"
      isEmpty={(data) => data.tokens.length === 0}
      list={(data) => (
        <ListTable
          minWidth={760}
          columns={['Name', 'Type', 'Projects', 'Environment', 'Created', 'Last used', 'Expires', '']}
        >
          {data.tokens.map((token) => (
            <ApiTokenRow key={token.prefix} token={token} offline={offline} onDelete={dialogs.openDelete} />
          ))}
        </ListTable>
      )}
      nameOf={(token) => token.tokenName}
      remove={{
        noun: 'token',
        cancelLabel: 'Keep it',
        onConfirm: (token) => write((api) => api.deleteApiToken(token.prefix)),
        consequence: (token) => (
          <>
            Every SDK or service using <Code>{token.prefix}</Code> is refused from the moment it is deleted.
            This cannot be undone.
          </>
        ),
      }}
    >
      <CdnTokensSection />
      <NewSecretTokenDialog<ApiToken, ApiToken>
        dialogs={dialogs}
        title="New API token"
        noun="Token"
        form={(choices, onCreated, onCancel) => (
          <CreateApiTokenForm {...choices} onCreated={onCreated} onCancel={onCancel} />
        )}
      />
    </CrudScreen>
  );
}

function ApiTokenRow({
  token,
  offline,
  onDelete,
}: {
  token: ApiToken;
  offline: boolean;
  onDelete: (token: ApiToken) => void;
}) {
  const canDelete = usePermission(['DELETE_CLIENT_API_TOKEN', 'DELETE_FRONTEND_API_TOKEN']) !== false;
  return (
    <Table.Tr data-testid={`api-token-${token.tokenName}`}>
      <Table.Td>
        <Text fw={600}>{token.tokenName}</Text>
        <Text size="xs" c="dimmed" ff="monospace" className={classes.prefix}>
          {token.prefix}…
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge
          variant="light"
          color={token.type === 'admin' ? 'red' : token.type === 'frontend' ? 'grape' : 'indigo'}
        >
          {token.type}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {(token.projects.length ? token.projects : [token.project ?? '*']).map((project) => (
            <Badge key={project} variant="outline" size="sm">
              {project === '*' ? 'all' : project}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>{token.environment ?? '–'}</Table.Td>
      <Table.Td>
        <RelativeTime value={token.createdAt} />
      </Table.Td>
      <Table.Td>
        <RelativeTime value={token.seenAt} fallback="never" />
      </Table.Td>
      <Table.Td>
        <RelativeTime value={token.expiresAt} fallback="never" />
      </Table.Td>
      <Table.Td>
        {canDelete ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={offline}
            onClick={() => onDelete(token)}
            aria-label={`Delete ${token.tokenName}`}
          >
            Delete
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
