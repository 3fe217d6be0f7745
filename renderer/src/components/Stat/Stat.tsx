import { Paper, Text } from '@mantine/core';

/** One figure of an overview (a project's flags, an application's environments), with its label above. */
export function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="sm" data-testid={`stat-${label}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}
