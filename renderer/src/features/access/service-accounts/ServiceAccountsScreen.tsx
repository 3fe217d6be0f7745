import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { type CrudDialogs, useCrudDialogs } from '../../../components/CrudDialogs/CrudDialogs';
import { CrudRowActions, CrudScreen, usePendingRow } from '../../../components/CrudScreen/CrudScreen';
import { ListTable } from '../../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PendingBadge } from '../../../components/PendingBadge/PendingBadge';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { useServerWrite } from '../../../stores/use-mutations';
import { useServerData } from '../../../stores/use-server-data';
import { accessApi, type ServiceAccount } from '../access-api';
import { ServiceAccountForm } from './ServiceAccountForm';
import { ServiceAccountTokens } from './ServiceAccountTokens';

const labelOf = (account: ServiceAccount) => account.name ?? account.username ?? `#${account.id}`;
const createdNotice = (account: ServiceAccount) =>
  `Service account ${labelOf(account)} created. Give it a token under Tokens.`;

/** Accounts for automation: a root role and tokens that act as the account. */
export function ServiceAccountsScreen() {
  const write = useServerWrite({ kind: 'service-account' });
  const accounts = useServerData('service-accounts', (api) => accessApi(api).listServiceAccounts());
  const rootRoles = accounts.data?.rootRoles ?? [];
  const roleName = (id: number | null | undefined) => rootRoles.find((role) => role.id === id)?.name;
  const dialogs = useCrudDialogs<ServiceAccount>();
  const [tokensOf, setTokensOf] = useState<ServiceAccount | null>(null);
  return (
    <CrudScreen
      dialogs={dialogs}
      title="Service accounts"
      description="Accounts for automation, with a root role and their own tokens."
      actions={
        <OnlineOnlyButton reason="The server gives a new service account its id" onClick={dialogs.openCreate}>
          New service account
        </OnlineOnlyButton>
      }
      query={accounts}
      noun="service accounts"
      isEmpty={(data) => data.serviceAccounts.length === 0}
      list={(data) => (
        <ListTable minWidth={760} columns={['Account', 'Root role', 'Tokens', 'Last seen', 'Created', '']}>
          {data.serviceAccounts.map((account) => (
            <ServiceAccountRow
              key={account.id}
              serverAccount={account}
              roleName={roleName}
              dialogs={dialogs}
              onTokens={setTokensOf}
            />
          ))}
        </ListTable>
      )}
      nameOf={labelOf}
      remove={{
        noun: 'service account',
        onConfirm: (account) => write((api) => accessApi(api).deleteServiceAccount(account.id)),
        consequence: () => 'Its tokens stop working at once. This cannot be undone.',
      }}
      edit={{
        newTitle: 'New service account',
        form: (target) => (
          <ServiceAccountForm
            {...(target.mode === 'edit'
              ? { account: target.item, onSaved: dialogs.saved }
              : { onCreated: (account: ServiceAccount) => dialogs.created(createdNotice(account)) })}
            rootRoles={rootRoles}
            onCancel={dialogs.closeEdit}
          />
        ),
      }}
    >
      <ServiceAccountTokens account={tokensOf} onClose={() => setTokensOf(null)} />
    </CrudScreen>
  );
}

function ServiceAccountRow({
  serverAccount,
  roleName,
  dialogs,
  onTokens,
}: {
  serverAccount: ServiceAccount;
  roleName: (id: number | null | undefined) => string | undefined;
  dialogs: CrudDialogs<ServiceAccount>;
  onTokens: (account: ServiceAccount) => void;
}) {
  const { item: account, entry } = usePendingRow(
    'service-account',
    serverAccount.id,
    serverAccount,
    (server, mine: { name: string | null; rootRole: number | null }): ServiceAccount => ({
      ...server,
      name: mine.name ?? '',
      rootRole: mine.rootRole ?? 0,
    }),
  );
  const label = labelOf(account);
  return (
    <Table.Tr data-testid={`service-account-${account.id}`}>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{label}</Text>
          <PendingBadge entry={entry} />
        </Group>
        {account.username ? (
          <Text size="xs" c="dimmed" ff="monospace">
            {account.username}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{roleName(account.rootRole) ?? '–'}</Table.Td>
      <Table.Td>{account.tokens?.length ?? 0}</Table.Td>
      <Table.Td>
        <RelativeTime value={account.seenAt} fallback="never" />
      </Table.Td>
      <Table.Td>
        <RelativeTime value={account.createdAt} />
      </Table.Td>
      <Table.Td>
        <CrudRowActions
          label={label}
          needsServer="Deleting a service account"
          onEdit={() => dialogs.openEdit(account)}
          onDelete={() => dialogs.openDelete(serverAccount)}
          beforeEdit={
            <Button
              size="xs"
              variant="subtle"
              aria-label={`Tokens of ${label}`}
              onClick={() => onTokens(serverAccount)}
            >
              Tokens
            </Button>
          }
        />
      </Table.Td>
    </Table.Tr>
  );
}
