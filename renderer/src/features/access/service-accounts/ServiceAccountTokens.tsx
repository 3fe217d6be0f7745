import { Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { QueryState } from '../../../components/QueryState/QueryState';
import { SecretReveal } from '../../../components/SecretReveal/SecretReveal';

import { useServerWrite } from '../../../stores/use-mutations';
import { useServerData } from '../../../stores/use-server-data';
import { accessApi, type Pat, type ServiceAccount } from '../access-api';
import { CreateTokenForm } from '../shared/CreateTokenForm';
import { TokenTable } from '../shared/TokenTable';

/** A service account's tokens: listed without secrets, created with the secret shown once, deleted. */
export function ServiceAccountTokens({
  account,
  onClose,
}: {
  account: ServiceAccount | null;
  onClose: () => void;
}) {
  const write = useServerWrite({ kind: 'service-account' });
  const tokens = useServerData(account ? `service-account/${account.id}/token` : null, (api) =>
    accessApi(api).listServiceAccountTokens(account?.id ?? 0),
  );
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Pat | null>(null);
  const label = account?.name ?? account?.username ?? '';

  const close = () => {
    setCreating(false);
    setCreated(null);
    onClose();
  };

  return (
    <Modal
      opened={account !== null}
      onClose={close}
      title={`Tokens of ${label}`}
      size="xl"
      closeOnClickOutside={!created}
    >
      {created?.secret ? (
        <SecretReveal
          secret={created.secret}
          onDone={() => {
            setCreated(null);
            setCreating(false);
          }}
        />
      ) : creating && account ? (
        <CreateTokenForm
          create={(body) => write((api) => accessApi(api).createServiceAccountToken(account.id, body))}
          onCancel={() => setCreating(false)}
          onCreated={(token) => {
            setCreated(token);
          }}
        />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Tools use these tokens to act as {label}, with its root role.
            </Text>
            <OnlineOnlyButton
              reason="The server makes the secret and shows it once"
              onClick={() => setCreating(true)}
            >
              New token
            </OnlineOnlyButton>
          </Group>
          <QueryState query={tokens} noun="tokens">
            {(data) => (
              <TokenTable
                tokens={data.pats}
                onDelete={async (token) => {
                  if (!account) return;
                  await write((api) => accessApi(api).deleteServiceAccountToken(account.id, token.id));
                }}
              />
            )}
          </QueryState>
        </Stack>
      )}
    </Modal>
  );
}
