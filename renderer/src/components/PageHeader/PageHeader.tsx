import { Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatAge } from '../../offline/age';
import classes from './PageHeader.module.css';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** When the screen shows the saved copy: when it was saved, for a badge with its age. */
  savedAt?: number | null;
  fromCache?: boolean;
  now?: number;
}

export function PageHeader({ title, description, actions, savedAt, fromCache, now }: PageHeaderProps) {
  return (
    <Group className={classes.root} justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1} size="h2" className={classes.title}>
            {title}
          </Title>
          {fromCache && savedAt ? (
            <Tooltip label={`Saved ${new Date(savedAt).toLocaleString()}`}>
              <Badge color="yellow" variant="light" data-testid="saved-copy-badge">
                Saved copy · {formatAge(savedAt, now ?? Date.now())}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        {description ? (
          <Text c="dimmed" size="sm" className={classes.description}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
