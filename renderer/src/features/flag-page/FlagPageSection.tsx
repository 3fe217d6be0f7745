import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './FlagPage.module.css';

/** One titled, labelled section of the flag page. */
export function FlagPageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}
