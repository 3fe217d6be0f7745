import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Guarded } from '../../components/Guarded/Guarded';
import { GuardedSection } from '../../components/Guarded/GuardedSection';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { permissionReason, usePermission } from '../../stores/permissions';
import type { usePendingEdits } from '../../stores/use-outbox';
import type { ProjectLifecycleAction } from './project-edits';

/**
 * The project header's buttons. Archiving and deleting need DELETE_PROJECT there, reviving
 * UPDATE_PROJECT (the server's project routes): without them the button is disabled and says why.
 */
export function ProjectHeaderActions({
  projectId,
  archived,
  pending,
  onStatus,
  onTransfer,
  onAction,
}: {
  projectId: string;
  archived: boolean;
  pending: ReturnType<ReturnType<typeof usePendingEdits>>;
  onStatus: () => void;
  onTransfer: (direction: 'export' | 'import') => void;
  onAction: (action: ProjectLifecycleAction) => void;
}) {
  const scope = { project: projectId };
  const deleteReason = permissionReason(usePermission('DELETE_PROJECT', scope), 'DELETE_PROJECT', scope);
  const reviveReason = permissionReason(usePermission('UPDATE_PROJECT', scope), 'UPDATE_PROJECT', scope);
  return (
    <>
      <PendingBadge entry={pending} />
      <Button variant="default" onClick={onStatus}>
        Project status
      </Button>
      {archived ? null : (
        <>
          <Button variant="default" onClick={() => onTransfer('export')}>
            Export flags
          </Button>
          <Button variant="default" onClick={() => onTransfer('import')}>
            Import flags
          </Button>
        </>
      )}
      {archived ? (
        <Guarded reason={reviveReason}>
          <Button variant="default" onClick={() => onAction('revive')}>
            Revive
          </Button>
        </Guarded>
      ) : (
        <Guarded reason={deleteReason}>
          <Button variant="default" onClick={() => onAction('archive')}>
            Archive
          </Button>
        </Guarded>
      )}
      <Guarded reason={deleteReason}>
        <Button color="red" variant="light" onClick={() => onAction('delete')}>
          Delete
        </Button>
      </Guarded>
    </>
  );
}

/**
 * Settings and environments (UPDATE_PROJECT) or members (PROJECT_USER_ACCESS_WRITE) of a project,
 * read only without the permission their routes declare there.
 */
export function ProjectWriteSection({
  projectId,
  permission = 'UPDATE_PROJECT',
  children,
}: {
  projectId: string;
  permission?: 'UPDATE_PROJECT' | 'PROJECT_USER_ACCESS_WRITE';
  children: ReactNode;
}) {
  const scope = { project: projectId };
  const reason = permissionReason(usePermission(permission, scope), permission, scope);
  return <GuardedSection reason={reason}>{children}</GuardedSection>;
}
