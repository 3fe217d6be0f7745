import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OutboxEntry } from '../../offline/outbox';
import { overlayPending, type PendingRow } from '../../offline/pending-overlay';
import type { SubmitResult } from '../../stores/console-store';
import type { EditDraft } from '../../stores/editable-resources';
import { useEditMutation } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { usePendingEdits, useProfileOutbox } from '../../stores/use-outbox';
import type { ServerData } from '../../stores/use-server-data';
import {
  CrudDeleteDialog,
  type CrudDialogs,
  CrudEditDialog,
  type EditTarget,
  editTitle,
  useCrudDialogs,
} from '../CrudDialogs/CrudDialogs';
import { EditNotices } from '../EditNotices/EditNotices';
import { PageHeader } from '../PageHeader/PageHeader';
import { PendingBadge } from '../PendingBadge/PendingBadge';
import { type QueryLike, QueryState } from '../QueryState/QueryState';
import { RowActions, RowDeleteButton, RowEditButton } from '../RowActions/RowActions';

/** A list query as `useServerData` answers it: the saved-copy badge needs `savedAt` and `fromCache`. */
export interface CrudQuery<D> extends QueryLike<D> {
  savedAt?: number | null;
  fromCache?: boolean;
}

export interface CrudScreenProps<T, D> {
  dialogs: CrudDialogs<T>;
  title: string;
  description: ReactNode;
  /** The header's buttons: "New …", guarded by the permission the server checks. */
  actions?: ReactNode;
  /** The list's query: its loading, error and empty states, and the saved-copy badge. */
  query: CrudQuery<D>;
  /** What is listed, for the query's messages: "tag types". */
  noun: string;
  isEmpty: (data: D) => boolean;
  empty?: ReactNode;
  /** What stands between the notices and the list (a search field). */
  toolbar?: ReactNode;
  /** The list once loaded. */
  list: (data: D) => ReactNode;
  /** How a row is named in the dialogs' titles. */
  nameOf: (item: T) => string;
  /** The create/edit dialog, when the screen draws no own one (in `children`). */
  edit?: CrudEditProps<T>;
  /** The delete confirmation. */
  remove: CrudRemoveProps<T>;
  /** The screen's other dialogs. */
  children?: ReactNode;
}

export interface CrudEditProps<T> {
  /** The dialog's title when creating ("New role"); editing reads "Edit <name>". */
  newTitle: string;
  size?: 'lg' | 'xl';
  form: (target: EditTarget<T>) => ReactNode;
}

export interface CrudRemoveProps<T> {
  /** What is deleted, for the texts: "role" → "Delete role", "The role was not deleted". */
  noun: string;
  cancelLabel?: string;
  /** With this ("Tag type"), a deletion the server took is announced: "Tag type x deleted.". */
  deletedNotice?: string;
  /** Deletes; an outbox edit answers how it went (`SubmitResult`), a direct server call anything. */
  onConfirm: (item: T) => Promise<unknown>;
  /** What deleting means, in the confirmation. */
  consequence: (item: T) => ReactNode;
}

/**
 * The frame every list screen with create, edit and delete shares: the header with its saved-copy
 * badge, the notices its mutations leave, the list's query states, then its dialogs.
 */
export function CrudScreen<T, D>(props: CrudScreenProps<T, D>) {
  const now = useNow();
  const { query } = props;
  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        savedAt={query.savedAt ?? null}
        fromCache={query.fromCache ?? false}
        now={now}
        actions={props.actions}
      />
      <EditNotices notices={props.dialogs.notices} />
      {props.toolbar}
      <QueryState
        query={query}
        noun={props.noun}
        isEmpty={props.isEmpty}
        {...(props.empty === undefined ? {} : { empty: props.empty })}
      >
        {props.list}
      </QueryState>
      {props.edit ? <CrudEditor dialogs={props.dialogs} nameOf={props.nameOf} {...props.edit} /> : null}
      {props.children}
      <CrudRemover dialogs={props.dialogs} nameOf={props.nameOf} {...props.remove} />
    </>
  );
}

function CrudEditor<T>({
  dialogs,
  nameOf,
  newTitle,
  size,
  form,
}: CrudEditProps<T> & { dialogs: CrudDialogs<T>; nameOf: (item: T) => string }) {
  return (
    <CrudEditDialog
      dialogs={dialogs}
      {...(size ? { size } : {})}
      title={(target) => editTitle(target, newTitle, nameOf)}
    >
      {form}
    </CrudEditDialog>
  );
}

function CrudRemover<T>({
  dialogs,
  nameOf,
  noun,
  cancelLabel,
  deletedNotice,
  onConfirm,
  consequence,
}: CrudRemoveProps<T> & { dialogs: CrudDialogs<T>; nameOf: (item: T) => string }) {
  return (
    <CrudDeleteDialog
      dialogs={dialogs}
      {...deleteTexts(noun, nameOf)}
      {...(cancelLabel ? { cancelLabel } : {})}
      {...(deletedNotice ? { deleted: (item: T) => `${deletedNotice} ${nameOf(item)} deleted.` } : {})}
      onConfirm={onConfirm}
    >
      {consequence}
    </CrudDeleteDialog>
  );
}

/**
 * The texts of a delete confirmation named after what it deletes: "Delete the role admin?",
 * "Delete role", "The role was not deleted".
 */
export function deleteTexts<T>(noun: string, nameOf: (item: T) => string) {
  return {
    title: (item: T) => `Delete the ${noun} ${nameOf(item)}?`,
    confirmLabel: `Delete ${noun}`,
    failure: `The ${noun} was not deleted`,
  };
}

/** What a create/edit form announces when it is done: "Tag type x created." or "… saved.". */
export const doneNotice = <T,>(target: EditTarget<T>, Noun: string, name: string): string =>
  `${Noun} ${name} ${target.mode === 'new' ? 'created' : 'saved'}.`;

/**
 * A server row with the newest queued edit of it laid over: `overlay` applies the edit's snapshot
 * (`mine`); `entry` feeds the row's pending badge.
 */
export function usePendingRow<T, S>(
  kind: string,
  id: string | number,
  serverItem: T,
  overlay: (item: T, mine: S) => T,
): { item: T; entry: OutboxEntry | undefined; mine: S | undefined } {
  const entry = usePendingEdits(kind)(String(id));
  const mine = (entry?.mine ?? undefined) as S | undefined;
  return { item: mine ? overlay(serverItem, mine) : serverItem, entry, mine };
}

/**
 * A list from the server with the outbox's queued edits of `kind` laid over it (see `overlayPending`),
 * as a query for `CrudScreen`.
 */
export function useOutboxRows<T, S>(
  query: ServerData<readonly T[]>,
  kind: string,
  keyOf: (item: T) => string,
  fromSnapshot: (mine: S, base?: T) => T,
): CrudQuery<PendingRow<T>[]> {
  const outbox = useProfileOutbox();
  const rows = query.data ? overlayPending(query.data, outbox, kind, keyOf, fromSnapshot) : undefined;
  return { ...query, data: rows };
}

/** The Edit and Delete buttons of a row (`beforeEdit`, `beforeDelete`: the row's other buttons). */
export function CrudRowActions({
  label,
  disabled,
  needsServer,
  onEdit,
  onDelete,
  beforeEdit,
  beforeDelete,
}: {
  label: string;
  disabled?: boolean;
  /** What the deletion is, when it cannot wait in the outbox ("Deleting a role"). */
  needsServer?: string;
  onEdit: () => void;
  onDelete: () => void;
  beforeEdit?: ReactNode;
  beforeDelete?: ReactNode;
}) {
  const guard = disabled === undefined ? {} : { disabled };
  return (
    <RowActions>
      {beforeEdit}
      <RowEditButton label={label} {...guard} onClick={onEdit} />
      {beforeDelete}
      <RowDeleteButton
        label={label}
        {...(needsServer ? { needsServer } : {})}
        {...guard}
        onClick={onDelete}
      />
    </RowActions>
  );
}

/** A row's name in bold with its badges (`children`) and the pending badge of its queued edit. */
export function RowName({
  name,
  entry,
  struck,
  before,
  children,
}: {
  name: string;
  entry: OutboxEntry | undefined;
  /** Queued for deletion: struck through. */
  struck?: boolean;
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs">
      {before}
      <Text fw={600} td={struck ? 'line-through' : undefined}>
        {name}
      </Text>
      {children}
      <PendingBadge entry={entry} />
    </Group>
  );
}

export { type CrudDialogs, type EditTarget, type PendingRow, useCrudDialogs };

/** What a create/edit form of a named item edited through the outbox needs from its screen. */
export interface NamedFormProps {
  existingNames: string[];
  onCancel: () => void;
  onDone: (result: SubmitResult, name: string) => void;
}

/**
 * A screen of items keyed by their name and edited through the outbox (context fields, tag types):
 * the server's list with the queued edits laid over it, the dialogs' state, and the `CrudScreen`
 * props of its create/edit dialog and delete confirmation.
 */
export function useNamedOutboxCrud<T extends { name: string }, S>(options: {
  query: ServerData<readonly T[]>;
  /** The outbox kind of the item's edits ("tag-type"). */
  kind: string;
  fromSnapshot: (mine: S, base?: T) => T;
  /** What the item is, in the notices ("Tag type") and the delete texts ("tag type"). */
  Noun: string;
  size?: CrudEditProps<T>['size'];
  form: (target: EditTarget<T>, props: NamedFormProps) => ReactNode;
  deleteEdit: (item: T) => EditDraft;
  consequence: CrudRemoveProps<T>['consequence'];
}) {
  const { Noun } = options;
  const { mutateAsync: submitEdit } = useEditMutation();
  const rows = useOutboxRows(options.query, options.kind, (item) => item.name, options.fromSnapshot);
  const dialogs = useCrudDialogs<T>();
  const screen = {
    dialogs,
    query: rows,
    nameOf: (item: T) => item.name,
    edit: {
      newTitle: `New ${Noun.toLowerCase()}`,
      ...(options.size ? { size: options.size } : {}),
      form: (target: EditTarget<T>) =>
        options.form(target, {
          existingNames: (rows.data ?? []).map((row) => row.item.name),
          onCancel: dialogs.closeEdit,
          onDone: (result, name) => dialogs.finishEdit(result, doneNotice(target, Noun, name)),
        }),
    },
    remove: {
      noun: Noun.toLowerCase(),
      cancelLabel: 'Keep it',
      deletedNotice: Noun,
      onConfirm: (item: T) => submitEdit(options.deleteEdit(item)),
      consequence: options.consequence,
    },
  };
  return { dialogs, screen };
}
