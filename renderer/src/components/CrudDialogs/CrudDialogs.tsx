import { Modal, type ModalProps } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { SubmitResult } from '../../stores/console-store';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { type EditNoticesState, useEditNotices } from '../EditNotices/EditNotices';

/** What the create/edit dialog of a list screen is open for. */
export type EditTarget<T> = { mode: 'new' } | { mode: 'edit'; item: T };

export interface CrudDialogs<T> {
  /** The create/edit dialog's target; null while it is closed. */
  target: EditTarget<T> | null;
  /** The row whose delete confirmation is open. */
  deleting: T | null;
  openCreate: () => void;
  openEdit: (item: T) => void;
  openDelete: (item: T) => void;
  closeEdit: () => void;
  closeDelete: () => void;
  /** The notices above the list (shown by `EditNotices`). */
  notices: EditNoticesState;
  /**
   * Closes the create/edit dialog after its form finished, and says what it did: `applied` when the
   * server took the edit (null: nothing to say), the pending notice when it was queued.
   */
  finishEdit: (result: SubmitResult, applied: string | null) => void;
  /** An edit form's `onSaved`: closes, with the pending notice when the edit was queued. */
  saved: (result: SubmitResult) => void;
  /** A create form's `onCreated` (the server answered): closes and announces `notice`. */
  created: (notice: string) => void;
}

/**
 * The state every list screen with create, edit and delete keeps (users, roles, segments, …): which
 * dialog is open for which row, and the notices its mutations leave behind.
 */
export function useCrudDialogs<T>(): CrudDialogs<T> {
  const [target, setTarget] = useState<EditTarget<T> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const notices = useEditNotices();
  const finishEdit = (result: SubmitResult, applied: string | null) => {
    setTarget(null);
    if (applied === null) notices.setQueued(result === 'queued');
    else notices.afterEdit(result, applied);
  };
  return {
    target,
    deleting,
    openCreate: () => setTarget({ mode: 'new' }),
    openEdit: (item) => setTarget({ mode: 'edit', item }),
    openDelete: setDeleting,
    closeEdit: () => setTarget(null),
    closeDelete: () => setDeleting(null),
    notices,
    finishEdit,
    saved: (result) => finishEdit(result, null),
    created: (notice) => finishEdit('applied', notice),
  };
}

/** The usual dialog title: `newTitle` when creating, "Edit <name>" when editing. */
export const editTitle = <T,>(
  target: EditTarget<T>,
  newTitle: string,
  nameOf: (item: T) => string,
): string => (target.mode === 'new' ? newTitle : `Edit ${nameOf(target.item)}`);

/** The create/edit dialog: open while `dialogs.target` is set, with the form `children` draws for it. */
export function CrudEditDialog<T>({
  dialogs,
  title,
  size,
  closeOnClickOutside,
  onClose,
  children,
}: {
  dialogs: CrudDialogs<T>;
  /** What else closing does (forget a created secret the dialog showed, say). */
  onClose?: () => void;
  /** The dialog's title for its target ("New role", "Edit admin"). */
  title: (target: EditTarget<T>) => string;
  size?: ModalProps['size'];
  closeOnClickOutside?: boolean;
  children: (target: EditTarget<T>) => ReactNode;
}) {
  const { target } = dialogs;
  return (
    <Modal
      opened={target !== null}
      onClose={() => {
        dialogs.closeEdit();
        onClose?.();
      }}
      title={target ? title(target) : ''}
      {...(size ? { size } : {})}
      {...(closeOnClickOutside === undefined ? {} : { closeOnClickOutside })}
    >
      {target ? children(target) : null}
    </Modal>
  );
}

/**
 * The delete confirmation of `dialogs.deleting`. `onConfirm` deletes; when it answers how the edit
 * went (sent or queued through the outbox), the notices say so with `deleted`.
 */
export function CrudDeleteDialog<T>({
  dialogs,
  title,
  confirmLabel,
  cancelLabel,
  failure,
  deleted,
  onConfirm,
  children,
}: {
  dialogs: CrudDialogs<T>;
  title: (item: T) => string;
  confirmLabel: string;
  cancelLabel?: string;
  /** What failed, for the error's title: "The role was not deleted". */
  failure: string;
  /** The notice once the server deleted it ("Tag type x deleted."); none when left out. */
  deleted?: (item: T) => string;
  /** Deletes; an outbox edit answers how it went (`SubmitResult`), a direct server call anything. */
  onConfirm: (item: T) => Promise<unknown>;
  children: (item: T) => ReactNode;
}) {
  const item = dialogs.deleting;
  return (
    <ConfirmDialog
      opened={item !== null}
      title={item === null ? '' : title(item)}
      confirmLabel={confirmLabel}
      {...(cancelLabel ? { cancelLabel } : {})}
      failure={failure}
      onClose={dialogs.closeDelete}
      onConfirm={async () => {
        if (item === null) return;
        const result = await onConfirm(item);
        if (deleted && (result === 'applied' || result === 'queued'))
          dialogs.notices.afterEdit(result, deleted(item));
      }}
    >
      {item === null ? null : children(item)}
    </ConfirmDialog>
  );
}
