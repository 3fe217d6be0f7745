import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConsoleState } from '../../stores/console-context';
import { EditingLockContext, MAINTENANCE_LOCK_REASON, useEditingLock } from '../../stores/editing-lock';
import { useServerData } from '../../stores/use-server-data';
import { instanceAdminApi } from './instance-admin-api';

/** ui-config's `maintenanceMode`, shared with every screen reading ui-config (one request). */
export function useMaintenanceMode(): boolean {
  const signedIn = useConsoleState((state) => state.session.status === 'signed-in');
  const config = useServerData(signedIn ? 'ui-config' : null, (api, signal) =>
    instanceAdminApi(api.client).uiConfig(signal),
  );
  return config.data?.maintenanceMode === true;
}

/** Locks the console's editing controls while the server is in maintenance mode. */
export function MaintenanceProvider({ children }: { children: ReactNode }) {
  const on = useMaintenanceMode();
  return (
    <EditingLockContext.Provider value={on ? MAINTENANCE_LOCK_REASON : null}>
      {children}
    </EditingLockContext.Provider>
  );
}

/** The notice at the top of every screen while maintenance mode is on. */
export function MaintenanceNotice() {
  const lock = useEditingLock();
  if (lock === null) return null;
  return (
    <Alert color="yellow" variant="filled" title="Maintenance mode is on" mb="sm" role="status">
      The server refuses changes until an administrator turns maintenance mode off. SDKs keep receiving flags.
    </Alert>
  );
}
