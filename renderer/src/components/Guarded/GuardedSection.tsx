import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './GuardedSection.module.css';

/**
 * A form the user may read but not change (issue 33): with a reason, every field and button in it
 * is disabled by one `<fieldset disabled>` (native, so keyboard and screen readers agree) and the
 * reason is said above it, rather than the server answering the save with 403.
 */
export function GuardedSection({
  reason,
  children,
}: {
  reason: string | null | undefined;
  children: ReactNode;
}) {
  if (!reason) return children;
  return (
    <>
      <Alert color="gray" variant="light" mb="md" role="note" title="Read only">
        {reason}
      </Alert>
      <fieldset disabled className={classes.fieldset} data-disabled-reason={reason}>
        {children}
      </fieldset>
    </>
  );
}
