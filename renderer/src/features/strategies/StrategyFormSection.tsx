import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './StrategyForm.module.css';

/** One titled part of the strategy form, ruled off from the one above. */
export function StrategyFormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" className={classes.section}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
