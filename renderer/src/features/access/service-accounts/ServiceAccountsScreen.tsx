import { Alert, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../../components/PendingBadge/PendingBadge';
import { PendingChangeNotice } from '../../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../../components/QueryState/QueryState';
import { useConsole } from '../../../stores/console-context';
import { useNow } from '../../../stores/use-now';
import { usePendingEdits } from '../../../stores/use-outbox';
import { useServerData } from '../../../stores/use-server-data';
import { accessApi, type ServiceAccount } from '../access-api';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { formatDay } from '../shared/dates';
import { OnlineOnlyButton } from '../shared/OnlineOnlyButton';
import { ServiceAccountForm } from './ServiceAccountForm';
import { ServiceAccountTokens } from './ServiceAccountTokens';

const labelOf = (account: ServiceAccount) => account.name ?? account.username ?? `#${account.id}`;

/** Accounts for automation: a root role and tokens that act as the account. */
export function ServiceAccountsScreen() {
  const consoleApi = useConsole();
  const now = useNow();
  const accounts = useServerData('service-accounts', (api) => accessApi(api).listServiceAccounts());
  const rootRoles = accounts.data?.rootRoles ?? [];
  const roleName = (id: number | null | undefined) => rootRoles.find((role) => role.id === id)?.name;
  const pending = usePendingEdits('service-account');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ServiceAccount | null>(null);
  const [deleting, setDeleting] = useState<ServiceAccount | null>(null);
  const [tokensOf, setTokensOf] = useState<ServiceAccount | null>(null);
  const [queued, setQueued] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

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
      {queued ? <PendingChangeNotice onClose={() => setQueued(false)} /> : null}
      {notice ? (
        <Alert color="teal" variant="light" withCloseButton onClose={() => setNotice(null)} mb="md">
          {notice}
        </Alert>
      ) : null}
      <QueryState
        query={accounts}
        noun="service accounts"
        isEmpty={(data) => data.serviceAccounts.length === 0}
      >
        {(data) => (
          <Table.ScrollContainer minWidth={760}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Root role</Table.Th>
                  <Table.Th>Tokens</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
                      <Table.Td>{formatDay(account.seenAt, 'never')}</Table.Td>
                      <Table.Td>{formatDay(account.createdAt)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="subtle"
                            aria-label={`Tokens of ${label}`}
                            onClick={() => setTokensOf(serverAccount)}
                          >
                            Tokens
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            aria-label={`Edit ${label}`}
                            onClick={() => setEditing(account)}
                          >
                            Edit
                          </Button>
                          <OnlineOnlyButton
                            reason="Deleting a service account"
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${label}`}
                            onClick={() => setDeleting(serverAccount)}
                          >
                            Delete
                          </OnlineOnlyButton>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>

      <Modal opened={creating} onClose={() => setCreating(false)} title="New service account">
        <ServiceAccountForm
          rootRoles={rootRoles}
          onCancel={() => setCreating(false)}
          onCreated={(account) => {
            setCreating(false);
            setNotice(`Service account ${labelOf(account)} created. Give it a token under Tokens.`);
            consoleApi.refresh();
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
              setQueued(result === 'queued');
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
          await accessApi(consoleApi.api()).deleteServiceAccount(deleting.id);
          consoleApi.refresh();
        }}
      >
        Its tokens stop working at once. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
