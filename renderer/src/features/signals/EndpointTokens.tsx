import { Button, Group, Modal, Stack, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import type { useServerWrite } from '../../stores/use-mutations';
import { type SignalEndpoint, type SignalEndpointToken, signalsApi } from './signals-api';

type Write = ReturnType<typeof useServerWrite>;

/** An endpoint's tokens, each with Rename and Delete. */
export function EndpointTokenTable({
  endpoint,
  write,
  onRename,
}: {
  endpoint: SignalEndpoint;
  write: Write;
  onRename: (token: SignalEndpointToken) => void;
}) {
  return (
    <ListTable minWidth={400} columns={['Token', 'Created', '']}>
      {endpoint.tokens.map((token) => (
        <Table.Tr key={token.id}>
          <Table.Td>{token.name}</Table.Td>
          <Table.Td>{new Date(token.createdAt).toLocaleString()}</Table.Td>
          <Table.Td>
            <Button
              size="xs"
              variant="subtle"
              aria-label={`Rename token ${token.name}`}
              onClick={() => onRename(token)}
            >
              Rename
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={`Delete token ${token.name}`}
              onClick={() => void write((api) => signalsApi(api.client).deleteToken(endpoint.id, token.id))}
            >
              Delete
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** Names and creates a token; `onCreated` gets it with its secret, shown once. */
export function CreateTokenForm({
  endpointId,
  write,
  onCreated,
}: {
  endpointId: number;
  write: Write;
  onCreated: (token: SignalEndpointToken) => void;
}) {
  const [tokenName, setTokenName] = useState('');
  const [error, setError] = useState<unknown>(null);
  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          write((api) => signalsApi(api.client).createToken(endpointId, tokenName))
            .then((token) => {
              onCreated(token);
              setTokenName('');
            })
            .catch(setError);
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="New token name"
            value={tokenName}
            onChange={(event) => setTokenName(event.currentTarget.value)}
          />
          <Button type="submit" disabled={!tokenName}>
            Create token
          </Button>
        </Group>
      </form>
      {error ? <ErrorNotice error={error} title="The token was not created" /> : null}
    </>
  );
}

/** Renames `token` (none: closed); its secret stays. */
export function RenameTokenModal({
  endpointId,
  token,
  write,
  onClose,
}: {
  endpointId: number;
  token: SignalEndpointToken | null;
  write: Write;
  onClose: () => void;
}) {
  return (
    <Modal opened={token !== null} onClose={onClose} title="Rename token">
      {token ? (
        <RenameTokenForm
          current={token.name}
          onCancel={onClose}
          rename={async (name) => {
            await write((api) => signalsApi(api.client).renameToken(endpointId, token.id, name));
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

function RenameTokenForm({
  current,
  rename,
  onCancel,
}: {
  current: string;
  rename: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<unknown>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        rename(name).catch(setError);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Token name"
          description="The secret stays the same."
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
          data-autofocus
        />
        {error ? <ErrorNotice error={error} title="The token was not renamed" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim() || name === current}>
            Rename token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
