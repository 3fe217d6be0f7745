import type { ReactNode } from 'react';
import { useEditingLock } from '../../stores/editing-lock';
import classes from './EditLock.module.css';

/**
 * Editing controls that stop working while editing is locked (maintenance mode): a fieldset the
 * browser disables as a whole, so every button, switch and field inside is disabled at once.
 */
export function EditLock({ children }: { children: ReactNode }) {
  const lock = useEditingLock();
  return (
    <fieldset className={classes.lock} disabled={lock !== null} title={lock ?? undefined}>
      {children}
    </fieldset>
  );
}
