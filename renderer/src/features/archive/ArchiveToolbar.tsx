import { Group, NativeSelect, TextInput } from '@mantine/core';
import { OnlineOnlyButton } from '../../components/OnlineOnlyButton/OnlineOnlyButton';

/** The archive's search box, project filter (all-projects view only) and bulk Revive/Delete buttons. */
export function ArchiveToolbar({
  query,
  onQuery,
  projectFilter,
  onProjectFilter,
  projectOptions,
  chosenCount,
  reviving,
  onRevive,
  onDelete,
}: {
  query: string;
  onQuery: (query: string) => void;
  projectFilter: string;
  onProjectFilter: (project: string) => void;
  /** Null inside one project's archive, where there is nothing to filter by. */
  projectOptions: { value: string; label: string }[] | null;
  chosenCount: number;
  reviving: boolean;
  onRevive: () => void;
  onDelete: () => void;
}) {
  return (
    <Group mb="sm" align="flex-end">
      <TextInput
        label="Search archived flags"
        value={query}
        onChange={(event) => onQuery(event.currentTarget.value)}
      />
      {projectOptions ? (
        <NativeSelect
          label="Project"
          data={[{ value: '', label: 'All projects' }, ...projectOptions]}
          value={projectFilter}
          onChange={(event) => onProjectFilter(event.currentTarget.value)}
        />
      ) : null}
      <OnlineOnlyButton
        reason="Reviving flags"
        disabled={chosenCount === 0}
        loading={reviving}
        onClick={onRevive}
      >
        Revive selected ({chosenCount})
      </OnlineOnlyButton>
      <OnlineOnlyButton
        reason="Deleting flags"
        color="red"
        variant="light"
        disabled={chosenCount === 0}
        onClick={onDelete}
      >
        Delete selected ({chosenCount})
      </OnlineOnlyButton>
    </Group>
  );
}
