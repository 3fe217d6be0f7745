import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { QueryState } from '../../../components/QueryState/QueryState';
import { SecretReveal } from '../../../components/SecretReveal/SecretReveal';

import { useServerWrite } from '../../../stores/use-mutations';
import { useNow } from '../../../stores/use-now';
import { useServerData } from '../../../stores/use-server-data';
import { accessApi, type Pat } from '../access-api';
import { CreateTokenForm } from '../shared/CreateTokenForm';
import { TokenTable } from '../shared/TokenTable';

/** The signed-in user's own tokens: they act with that user's permissions. */
export function PersonalAccessTokensScreen() {
  const write = useServerWrite({ kind: 'personal-access-token' });
  const now = useNow();
  const pats = useServerData('personal-access-tokens', (api) => accessApi(api).listPats());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Pat | null>(null);

  const close = () => {
    setCreating(false);
    setCreated(null);
  };

  return (
    <>
      <PageHeader
        title="Personal access tokens"
        description="Your own tokens for scripts and tools: they act with your permissions. A secret is shown only when its token is created."
        savedAt={pats.savedAt}
        fromCache={pats.fromCache}
        now={now}
        actions={
          <OnlineOnlyButton
            reason="The server makes the secret and shows it once"
            onClick={() => setCreating(true)}
          >
            New token
          </OnlineOnlyButton>
        }
      />
      <QueryState query={pats} noun="personal access tokens">
        {(data) => (
          <TokenTable
            tokens={data.pats}
            onDelete={async (token) => {
              await write((api) => accessApi(api).deletePat(token.id));
            }}
          />
        )}
      </QueryState>
      <Modal
        opened={creating}
        onClose={close}
        title={created ? `Token ${created.description} created` : 'New personal access token'}
        size="lg"
        closeOnClickOutside={!created}
      >
        {created ? (
          created.secret ? (
            <SecretReveal secret={created.secret} onDone={close} />
          ) : (
            <Text>The server created the token but sent no secret back.</Text>
          )
        ) : (
          <CreateTokenForm
            create={(body) => write((api) => accessApi(api).createPat(body))}
            onCancel={close}
            onCreated={(token) => {
              setCreated(token);
            }}
          />
        )}
      </Modal>
    </>
  );
}
