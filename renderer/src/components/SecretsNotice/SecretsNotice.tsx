import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useServerData } from '../../stores/use-server-data';

/** The part of `GET /api/admin/ui-config` this notice reads (Switchyard's own field). */
interface SecretsCapability {
  canStoreSecrets?: boolean;
}

/**
 * Issue 31 §1: on a server without SECRETS_ENCRYPTION_KEY, saving a secret answers 400. Said
 * above the form, before anyone fills it in; nothing is shown while unknown or when it can.
 * `children` says what this screen cannot do.
 */
export function SecretsNotice({ children }: { children: ReactNode }) {
  const config = useServerData('ui-config', (api, signal) =>
    api.client.get<SecretsCapability>('/api/admin/ui-config', undefined, signal),
  );
  if (config.data?.canStoreSecrets !== false) return null;
  return (
    <Alert color="yellow" variant="light" title="This server cannot save secrets" mb="md" role="status">
      {children} An administrator sets <code>SECRETS_ENCRYPTION_KEY</code> (the same key on every instance
      sharing the database) and restarts the server to change that.
    </Alert>
  );
}
