import { Code } from '@mantine/core';
import type { ApiToken } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';

import { useServerWrite } from '../../stores/use-mutations';

/** Confirms and deletes a token by its non-secret prefix; SDKs using it are refused from then on. */
export function DeleteApiTokenDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const write = useServerWrite({ kind: 'api-token' });
  return (
    <ConfirmDialog
      opened={token !== null}
      title={`Delete the token ${token?.tokenName ?? ''}?`}
      confirmLabel="Delete token"
      cancelLabel="Keep it"
      failure="The token was not deleted"
      onClose={onClose}
      onConfirm={async () => {
        if (!token) return;
        await write((api) => api.deleteApiToken(token.prefix));
      }}
    >
      Every SDK or service using <Code>{token?.prefix}</Code> is refused from the moment it is deleted. This
      cannot be undone.
    </ConfirmDialog>
  );
}
