import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  CrudDeleteDialog,
  type CrudDialogs,
  CrudEditDialog,
  editTitle,
  useCrudDialogs,
} from '../../../components/CrudDialogs/CrudDialogs';
import { EditNotices } from '../../../components/EditNotices/EditNotices';
import { ListTable } from '../../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../../components/QueryState/QueryState';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { RowActions, RowDeleteButton, RowEditButton } from '../../../components/RowActions/RowActions';

import { useServerWrite } from '../../../stores/use-mutations';
import { useNow } from '../../../stores/use-now';
import { usePendingEdits } from '../../../stores/use-outbox';
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
  const now = useNow();
  const accounts = useServerData('service-accounts', (api) => accessApi(api).listServiceAccounts());
  const rootRoles = accounts.data?.rootRoles ?? [];
  const roleName = (id: number | null | undefined) => rootRoles.find((role) => role.id === id)?.name;
  const dialogs = useCrudDialogs<ServiceAccount>();
  const [tokensOf, setTokensOf] = useState<ServiceAccount | null>(null);

  return (
    <>
      <PageHeader
        title="Service accounts"
        description="Accounts for automation, with a root role and their own tokens."
        savedAt={accounts.savedAt}
        fromCache={accounts.fromCache}
        now={now}
        actions={
          <OnlineOnlyButton
            reason="The server gives a new service account its id"
            onClick={dialogs.openCreate}
          >
            New service account
          </OnlineOnlyButton>
        }
      />
      <EditNotices notices={dialogs.notices} />
      <QueryState
        query={accounts}
        noun="service accounts"
        isEmpty={(data) => data.serviceAccounts.length === 0}
      >
        {(data) => (
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
      </QueryState>
      <CrudEditDialog dialogs={dialogs} title={(target) => editTitle(target, 'New service account', labelOf)}>
        {(target) =>
          target.mode === 'edit' ? (
            <ServiceAccountForm
              account={target.item}
              rootRoles={rootRoles}
              onCancel={dialogs.closeEdit}
              onSaved={(result) => dialogs.finishEdit(result, null)}
            />
          ) : (
            <ServiceAccountForm
              rootRoles={rootRoles}
              onCancel={dialogs.closeEdit}
              onCreated={(account) => dialogs.finishEdit('applied', createdNotice(account))}
            />
          )
        }
      </CrudEditDialog>
      <ServiceAccountTokens account={tokensOf} onClose={() => setTokensOf(null)} />
      <CrudDeleteDialog
        dialogs={dialogs}
        title={(account) => `Delete the service account ${labelOf(account)}?`}
        confirmLabel="Delete service account"
        failure="The service account was not deleted"
        onConfirm={(account) => write((api) => accessApi(api).deleteServiceAccount(account.id))}
      >
        {() => 'Its tokens stop working at once. This cannot be undone.'}
      </CrudDeleteDialog>
    </>
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
  const entry = usePendingEdits('service-account')(String(serverAccount.id));
  const mine = entry?.mine as { name: string | null; rootRole: number | null } | undefined;
  const account: ServiceAccount = mine
    ? { ...serverAccount, name: mine.name ?? '', rootRole: mine.rootRole ?? 0 }
    : serverAccount;
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
        <RowActions>
          <Button
            size="xs"
            variant="subtle"
            aria-label={`Tokens of ${label}`}
            onClick={() => onTokens(serverAccount)}
          >
            Tokens
          </Button>
          <RowEditButton label={label} onClick={() => dialogs.openEdit(account)} />
          <RowDeleteButton
            label={label}
            needsServer="Deleting a service account"
            onClick={() => dialogs.openDelete(serverAccount)}
          />
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}
