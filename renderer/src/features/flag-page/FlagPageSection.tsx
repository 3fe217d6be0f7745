import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './FlagPage.module.css';

/** One titled, labelled section of the flag page; `compact` at the top of a column. */
export function FlagPageSection({
  title,
  children,
  compact = false,
}: {
  title: string;
  children: ReactNode;
  compact?: boolean;
}) {
  return (
    <section className={compact ? undefined : classes.section} aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}
