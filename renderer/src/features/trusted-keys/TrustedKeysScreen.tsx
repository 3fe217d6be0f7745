import {
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { RowActions, RowDeleteButton } from '../../components/RowActions/RowActions';
import { useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { bundleApi, shortFingerprint, type TrustedKey } from '../import-export/index';

/** This instance's public key, to hand to the instances that should trust its bundles. */
function OwnKey() {
  const key = useServerData('bundle-signing-key', (api) => bundleApi(api.client).signingKey());
  return (
    <Stack gap="xs" mb="lg" aria-label="This instance's public key">
      <Title order={3} size="h5">
        This instance's public key
      </Title>
      <QueryState query={key} noun="the signing key" isEmpty={() => false}>
        {(data) => (
          <Stack gap={4}>
            <Group gap="xs" align="flex-start">
              <Code data-testid="own-public-key" style={{ wordBreak: 'break-all', flex: '1 1 16rem' }}>
                {data.publicKey}
              </Code>
              <CopyButton value={data.publicKey}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy public key'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              Fingerprint <Code style={{ wordBreak: 'break-all' }}>{data.fingerprint}</Code> ·{' '}
              {data.source === 'config'
                ? 'from SWITCHYARD_BUNDLE_SIGNING_KEY (the desktop app keeps it in the OS keychain)'
                : 'generated here, kept encrypted in the database'}
            </Text>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function AddKeyForm() {
  const write = useServerWrite({ kind: 'trusted-key' });
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [added, setAdded] = useState<TrustedKey | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const key = await write((api) =>
        bundleApi(api.client).addTrustedKey({ name: name.trim(), publicKey: publicKey.trim() }),
      );
      setAdded(key);
      setName('');
      setPublicKey('');
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={add} aria-label="Add a trusted key">
      <Stack gap="sm" maw={680} mb="lg">
        <Title order={3} size="h5">
          Add a trusted key
        </Title>
        {error ? <ErrorNotice error={error} title="The key was not added" /> : null}
        {added ? (
          <Text size="sm" role="status">
            Trusted {added.name} ({shortFingerprint(added.fingerprint)}).
          </Text>
        ) : null}
        <TextInput
          label="Name"
          description="Which instance it belongs to, e.g. staging server."
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label="Public key"
          description="The other instance's public key from its Trusted keys screen (base64, or a PEM block)."
          rows={3}
          value={publicKey}
          onChange={(event) => setPublicKey(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={busy} disabled={!name.trim() || !publicKey.trim()}>
            Trust this key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/admin/trusted-keys` (issue 18): the Ed25519 keys whose signed bundles this instance applies
 * without an override, and this instance's own public key to give to others.
 */
export function TrustedKeysScreen() {
  const now = useNow();
  const keys = useServerData('trusted-keys', (api) => bundleApi(api.client).trustedKeys());
  const remove = useServerWrite({ kind: 'trusted-key' });
  const [removing, setRemoving] = useState<TrustedKey | null>(null);

  return (
    <>
      <PageHeader
        title="Trusted keys"
        description="Signed bundles from these keys apply without an override. Every change is in the event log."
        savedAt={keys.savedAt}
        fromCache={keys.fromCache}
        now={now}
      />
      <OwnKey />
      <AddKeyForm />
      <QueryState
        query={keys}
        noun="trusted keys"
        isEmpty={(data) => data.keys.length === 0}
        empty="No trusted keys yet: every bundle needs an override until you add its signer's key."
      >
        {(data) => (
          <ListTable minWidth={720} columns={['Name', 'Fingerprint', 'Added by', 'Added', '']}>
            {data.keys.map((key) => (
              <Table.Tr key={key.id} data-testid={`trusted-key-${key.id}`}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Code title={key.fingerprint}>{shortFingerprint(key.fingerprint)}</Code>
                </Table.Td>
                <Table.Td>{key.addedBy}</Table.Td>
                <Table.Td>
                  <RelativeTime value={key.addedAt} />
                </Table.Td>
                <Table.Td>
                  <RowActions>
                    <RowDeleteButton
                      label={key.name}
                      needsServer="Removing a trusted key"
                      onClick={() => setRemoving(key)}
                    />
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryState>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove trusted key"
        confirmLabel="Remove"
        cancelLabel="Keep it"
        failure="The key was not removed"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await remove((api) => bundleApi(api.client).removeTrustedKey(removing.id));
        }}
      >
        <Text size="sm">
          Bundles signed by {removing?.name} will need an override again. Bundles already applied stay as they
          are.
        </Text>
      </ConfirmDialog>
    </>
  );
}
