import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { EditNotices, useEditNotices } from '../../../components/EditNotices/EditNotices';
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

/** Accounts for automation: a root role and tokens that act as the account. */
export function ServiceAccountsScreen() {
  const write = useServerWrite({ kind: 'service-account' });
  const now = useNow();
  const accounts = useServerData('service-accounts', (api) => accessApi(api).listServiceAccounts());
  const rootRoles = accounts.data?.rootRoles ?? [];
  const roleName = (id: number | null | undefined) => rootRoles.find((role) => role.id === id)?.name;
  const pending = usePendingEdits('service-account');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ServiceAccount | null>(null);
  const [deleting, setDeleting] = useState<ServiceAccount | null>(null);
  const [tokensOf, setTokensOf] = useState<ServiceAccount | null>(null);
  const notices = useEditNotices();

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
            onClick={() => setCreating(true)}
          >
            New service account
          </OnlineOnlyButton>
        }
      />
      <EditNotices notices={notices} />
      <QueryState
        query={accounts}
        noun="service accounts"
        isEmpty={(data) => data.serviceAccounts.length === 0}
      >
        {(data) => (
          <ListTable minWidth={760} columns={['Account', 'Root role', 'Tokens', 'Last seen', 'Created', '']}>
            {data.serviceAccounts.map((serverAccount) => {
              const entry = pending(String(serverAccount.id));
              const mine = entry?.mine as { name: string | null; rootRole: number | null } | undefined;
              const account: ServiceAccount = mine
                ? { ...serverAccount, name: mine.name ?? '', rootRole: mine.rootRole ?? 0 }
                : serverAccount;
              const label = labelOf(account);
              return (
                <Table.Tr key={account.id} data-testid={`service-account-${account.id}`}>
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
                        onClick={() => setTokensOf(serverAccount)}
                      >
                        Tokens
                      </Button>
                      <RowEditButton label={label} onClick={() => setEditing(account)} />
                      <RowDeleteButton
                        label={label}
                        needsServer="Deleting a service account"
                        onClick={() => setDeleting(serverAccount)}
                      />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </QueryState>

      <Modal opened={creating} onClose={() => setCreating(false)} title="New service account">
        <ServiceAccountForm
          rootRoles={rootRoles}
          onCancel={() => setCreating(false)}
          onCreated={(account) => {
            setCreating(false);
            notices.announce(`Service account ${labelOf(account)} created. Give it a token under Tokens.`);
          }}
        />
      </Modal>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={`Edit ${editing ? labelOf(editing) : ''}`}
      >
        {editing ? (
          <ServiceAccountForm
            account={editing}
            rootRoles={rootRoles}
            onCancel={() => setEditing(null)}
            onSaved={(result) => {
              setEditing(null);
              notices.setQueued(result === 'queued');
            }}
          />
        ) : null}
      </Modal>

      <ServiceAccountTokens account={tokensOf} onClose={() => setTokensOf(null)} />

      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete the service account ${deleting ? labelOf(deleting) : ''}?`}
        confirmLabel="Delete service account"
        failure="The service account was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await write((api) => accessApi(api).deleteServiceAccount(deleting.id));
        }}
      >
        Its tokens stop working at once. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
