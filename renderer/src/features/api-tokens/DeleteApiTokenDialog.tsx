import { Code } from '@mantine/core';
import type { ApiToken } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { useConsole } from '../../stores/console-context';

/** Confirms and deletes a token by its non-secret prefix; SDKs using it are refused from then on. */
export function DeleteApiTokenDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const consoleApi = useConsole();
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
        await consoleApi.api().deleteApiToken(token.prefix);
        consoleApi.refresh();
      }}
    >
      Every SDK or service using <Code>{token?.prefix}</Code> is refused from the moment it is deleted. This
      cannot be undone.
    </ConfirmDialog>
  );
}
