import { MultiSelect, Text } from '@mantine/core';

/** The segments a strategy requires, among those usable in its project. */
export function StrategySegmentsField({
  options,
  value,
  onChange,
  error,
}: {
  options: readonly { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}) {
  return options.length === 0 ? (
    <Text size="sm" c="dimmed">
      No segments can be used in this project yet.
    </Text>
  ) : (
    <MultiSelect
      label="Segments"
      description="Users must match every constraint of every segment chosen"
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      error={error}
    />
  );
}
