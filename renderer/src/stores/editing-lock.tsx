import { createContext, useContext } from 'react';

/** Why the console's editing controls are disabled, or null when they are not. */
export type EditingLock = string | null;

export const MAINTENANCE_LOCK_REASON =
  'Maintenance mode is on: changes are refused until an administrator turns it off';

/**
 * Whether the signed-in console may edit at all (issue 19: not while the server is in maintenance
 * mode). Provided once by the shell (features/instance-admin/MaintenanceProvider); the shared
 * editing controls (FormActions, OnlineOnlyButton, RowActions, EditLock) read it, so screens need
 * no code of their own. Without a provider (signed-out pages, isolated tests) nothing is locked.
 */
export const EditingLockContext = createContext<EditingLock>(null);

export const useEditingLock = (): EditingLock => useContext(EditingLockContext);
