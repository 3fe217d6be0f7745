import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConsoleState } from '../../stores/console-context';
import { useEditingLock } from '../../stores/editing-lock';

export const useOffline = () => useConsoleState((state) => state.connectivity === 'offline');

/**
 * A button for an operation that cannot wait in the outbox (its answer carries a secret or an id
 * the server makes): disabled while offline, with the reason on hover.
 */
export function OnlineOnlyButton({
  reason,
  onClick,
  children,
  ...props
}: ButtonProps & { reason: string; onClick: () => void; children: ReactNode; 'aria-label'?: string }) {
  const offline = useOffline();
  const lock = useEditingLock();
  return (
    <Tooltip
      label={lock ?? `${reason}: this needs a connection to the server`}
      disabled={!offline && lock === null}
    >
      <Button {...props} onClick={onClick} disabled={offline || lock !== null || props.disabled}>
        {children}
      </Button>
    </Tooltip>
  );
}
