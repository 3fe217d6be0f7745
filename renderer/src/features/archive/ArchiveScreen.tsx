import { Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { useNow } from '../../stores/use-now';
import { ArchiveTable } from './ArchiveTable';
import { ArchiveToolbar } from './ArchiveToolbar';
import { ARCHIVE_PAGE_SIZE, useArchiveSearch } from './use-archive-search';
import { useArchiveSelection } from './use-archive-selection';

/** `/archive`, or one project's archive when `project` is given: search, revive, delete, several at once. */
export function ArchiveScreen({ project }: { project?: string }) {
  const now = useNow();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const search = useArchiveSearch(project);
  const { archived, offset } = search;
  const selection = useArchiveSelection(archived.data?.features ?? []);
  const { chosen, reviving, revive } = selection;

  return (
    <>
      {project ? null : (
        <PageHeader
          title="Archive"
          description="Archived flags are not served to SDKs. Revive one to bring it back, or delete it for good."
          savedAt={archived.savedAt}
          fromCache={archived.fromCache}
          now={now}
        />
      )}
      {selection.error ? <ErrorNotice error={selection.error} title="The archive was not changed" /> : null}
      {selection.done ? (
        <Text size="sm" role="status" mb="sm">
          {selection.done}
        </Text>
      ) : null}
      <ArchiveToolbar
        query={search.query}
        onQuery={search.setQuery}
        projectFilter={search.projectFilter}
        onProjectFilter={search.setProjectFilter}
        projectOptions={search.projectOptions}
        chosenCount={chosen.length}
        reviving={reviving}
        onRevive={() => void revive(chosen)}
        onDelete={() => setConfirmDelete(true)}
      />
      <QueryState query={archived} noun="archived flags" isEmpty={(data) => data.features.length === 0}>
        {(data) => (
          <ArchiveTable
            flags={data.features}
            total={data.total}
            selection={selection}
            offset={offset}
            pageSize={ARCHIVE_PAGE_SIZE}
            onOffset={search.setOffset}
          />
        )}
      </QueryState>
      <ConfirmDialog
        opened={confirmDelete}
        title={`Delete ${chosen.length === 1 ? chosen[0]!.name : `${chosen.length} flags`} for good?`}
        confirmLabel="Delete for good"
        cancelLabel="Keep them"
        failure="The flags were not deleted"
        onClose={() => setConfirmDelete(false)}
        onConfirm={selection.removeChosen}
      >
        Deleted flags cannot be revived; their names can be used again.{' '}
        {chosen.map((flag) => flag.name).join(', ')}
      </ConfirmDialog>
    </>
  );
}
