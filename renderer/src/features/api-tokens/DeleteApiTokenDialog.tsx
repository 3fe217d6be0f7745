import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiToken } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { useConsole } from '../../stores/console-context';

/** Confirms and deletes a token by its non-secret prefix; SDKs using it are refused from then on. */
export function DeleteApiTokenDialog({
  token,
  onClose,
}: {
  token: ApiToken | null;
  onClose: (deleted: boolean) => void;
}) {
  const consoleApi = useConsole();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function remove() {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      await consoleApi.api().deleteApiToken(token.prefix);
      consoleApi.refresh();
      onClose(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={token !== null}
      onClose={() => {
        setError(null);
        onClose(false);
      }}
      title={`Delete the token ${token?.tokenName ?? ''}?`}
    >
      <Stack gap="sm">
        {error ? <ErrorNotice error={error} title="The token was not deleted" /> : null}
        <Text size="sm">
          Every SDK or service using <Code>{token?.prefix}</Code> is refused from the moment it is deleted.
          This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            Keep it
          </Button>
          <Button color="red" loading={busy} onClick={remove}>
            Delete token
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
