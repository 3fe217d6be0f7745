import { Code, Text } from '@mantine/core';
import classes from './JsonBlock.module.css';

/** A value as indented JSON, or a dash for nothing. */
export function JsonBlock({ value, label }: { value: unknown; label?: string }) {
  return (
    <div className={classes.root}>
      {label ? (
        <Text size="xs" fw={600} c="dimmed" className={classes.label}>
          {label}
        </Text>
      ) : null}
      {value === null || value === undefined ? (
        <Text size="sm" c="dimmed">
          (none)
        </Text>
      ) : (
        <Code block className={classes.code}>
          {JSON.stringify(value, null, 2)}
        </Code>
      )}
    </div>
  );
}
