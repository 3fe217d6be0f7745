import { Button, Group, Text } from '@mantine/core';

/** The archive page's range ("1–100 of 240 archived flags") with Previous and Next. */
export function ArchivePager({
  offset,
  shown,
  total,
  pageSize,
  onOffset,
}: {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  onOffset: (offset: number) => void;
}) {
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {total === 0 ? '' : `${offset + 1}–${offset + shown} of ${total} archived flags`}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={offset + pageSize >= total}
          onClick={() => onOffset(offset + pageSize)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
