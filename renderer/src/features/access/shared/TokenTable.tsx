import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../../components/ListTable/ListTable';
import { useOffline } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import type { Pat } from '../access-api';

/**
 * Personal or service-account tokens, without their secrets (the server keeps only a hash).
 * Deleting asks for a second click on the same row.
 */
export function TokenTable({
  tokens,
  onDelete,
}: {
  tokens: readonly Pat[];
  onDelete: (token: Pat) => Promise<void>;
}) {
  const deletion = useTokenDeletion(onDelete);

  if (tokens.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No tokens yet.
      </Text>
    );
  }
  return (
    <>
      {deletion.error ? <ErrorNotice error={deletion.error} title="The token was not deleted" /> : null}
      <ListTable minWidth={560} columns={['Description', 'Created', 'Last used', 'Expires', '']}>
        {tokens.map((token) => (
          <Table.Tr key={token.id} data-testid={`token-${token.id}`}>
            <Table.Td>
              <Text fw={600}>{token.description}</Text>
            </Table.Td>
            <Table.Td>
              <RelativeTime value={token.createdAt} />
            </Table.Td>
            <Table.Td>
              <RelativeTime value={token.seenAt} fallback="never" />
            </Table.Td>
            <Table.Td>
              <Group gap="xs">
                <RelativeTime value={token.expiresAt} />
                {token.expiryWarning ? (
                  <Badge color={token.expiryWarning === 'expired' ? 'red' : 'yellow'} size="sm">
                    {token.expiryWarning}
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>
              <TokenDeleteButtons token={token} deletion={deletion} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </>
  );
}

/** Which row asks to confirm its deletion, the deletion under way and its failure. */
function useTokenDeletion(onDelete: (token: Pat) => Promise<void>) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function remove(token: Pat) {
    setBusy(true);
    setError(null);
    try {
      await onDelete(token);
      setConfirming(null);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const ask = (token: Pat) => {
    setError(null);
    setConfirming(token.id);
  };

  return { confirming, busy, error, ask, keep: () => setConfirming(null), remove };
}

/** Delete, then Keep or "Delete for good" on the same row; Delete waits for a connection. */
function TokenDeleteButtons({
  token,
  deletion,
}: {
  token: Pat;
  deletion: ReturnType<typeof useTokenDeletion>;
}) {
  const offline = useOffline();
  if (deletion.confirming === token.id) {
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Button size="xs" variant="default" onClick={deletion.keep}>
          Keep
        </Button>
        <Button size="xs" color="red" loading={deletion.busy} onClick={() => deletion.remove(token)}>
          Delete for good
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="flex-end">
      <Button
        size="xs"
        variant="subtle"
        color="red"
        disabled={offline}
        title={offline ? 'Deleting a token needs a connection to the server' : undefined}
        aria-label={`Delete ${token.description}`}
        onClick={() => deletion.ask(token)}
      >
        Delete
      </Button>
    </Group>
  );
}
