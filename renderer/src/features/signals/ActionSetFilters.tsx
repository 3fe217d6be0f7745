import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import type { FilterRow } from './action-set-draft';
import { FILTER_OPERATORS } from './action-set-labels';

// Unleash's limit (server/src/features/signals/README.md); the server refuses more anyway.
const MAX_FILTERS = 5;

/** An action set's filters on the signal payload: path, operator and values per row, up to five. */
export function ActionSetFilters({
  filters,
  onChange,
}: {
  filters: FilterRow[];
  onChange: (change: (filters: FilterRow[]) => FilterRow[]) => void;
}) {
  const setFilter = (index: number, patch: Partial<FilterRow>) =>
    onChange((rows) => rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <>
      <Text size="sm" fw={500}>
        Filters on the signal payload
      </Text>
      {filters.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity
        <Group key={index} align="flex-end" wrap="nowrap">
          <TextInput
            flex={1}
            label={`Filter ${index + 1} path`}
            placeholder="data.status"
            value={row.path}
            onChange={(event) => setFilter(index, { path: event.currentTarget.value })}
          />
          <Select
            flex={1}
            label={`Filter ${index + 1} operator`}
            data={FILTER_OPERATORS}
            value={row.operator}
            allowDeselect={false}
            onChange={(operator) =>
              setFilter(index, { operator: (operator ?? 'IN') as FilterRow['operator'] })
            }
          />
          <TextInput
            flex={1}
            label={`Filter ${index + 1} values`}
            placeholder="comma, separated"
            value={row.values}
            onChange={(event) => setFilter(index, { values: event.currentTarget.value })}
          />
          <Button
            variant="subtle"
            color="red"
            size="xs"
            aria-label={`Remove filter ${index + 1}`}
            onClick={() => onChange((rows) => rows.filter((_, i) => i !== index))}
          >
            Remove
          </Button>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={filters.length >= MAX_FILTERS}
          onClick={() => onChange((rows) => [...rows, { path: '', operator: 'IN', values: '' }])}
        >
          Add filter
        </Button>
      </Group>
    </>
  );
}
