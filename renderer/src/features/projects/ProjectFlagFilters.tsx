import { Group, MultiSelect, SegmentedControl, Select, TextInput } from '@mantine/core';
import { LIFECYCLE_FILTERS } from '../lifecycle/index';
import { FLAG_COLUMNS, type FlagListView } from './project-flag-bulk';
import { COLUMN_LABELS } from './project-flag-columns';

/** The project flag list's search, state and lifecycle filters and its column picker. */
export function ProjectFlagFilters({
  text,
  onText,
  view,
  onView,
}: {
  text: string;
  onText: (text: string) => void;
  view: FlagListView;
  onView: (changes: Partial<FlagListView>) => void;
}) {
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Search flags"
        placeholder="Name, description or tag"
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
      />
      <SegmentedControl
        aria-label="State"
        data={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'stale', label: 'Stale' },
        ]}
        value={view.state ?? 'all'}
        onChange={(value) => onView({ state: value === 'all' ? null : (value as 'stale' | 'active') })}
      />
      <Select
        label="Lifecycle"
        data={[{ value: 'all', label: 'All stages' }, ...LIFECYCLE_FILTERS]}
        value={view.lifecycle ?? 'all'}
        onChange={(value) => onView({ lifecycle: !value || value === 'all' ? null : value })}
        allowDeselect={false}
        w={150}
      />
      <MultiSelect
        label="Columns"
        data={FLAG_COLUMNS.map((column) => ({ value: column, label: COLUMN_LABELS[column] }))}
        value={view.columns}
        onChange={(value) => onView({ columns: FLAG_COLUMNS.filter((column) => value.includes(column)) })}
        w={300}
      />
    </Group>
  );
}
