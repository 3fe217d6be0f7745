import { Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { ONLINE_ONLY_REASON } from './use-change-requests';

/** A change-request step's button: disabled offline or for a reason, which its tooltip gives. */
export function StepButton({
  reason,
  offline,
  children,
  ...props
}: {
  reason: string | null;
  offline: boolean;
  children: ReactNode;
  onClick: () => void;
  color?: string;
  variant?: string;
  loading?: boolean;
}) {
  const why = offline ? ONLINE_ONLY_REASON : reason;
  return (
    <Tooltip label={why ?? ''} disabled={!why} multiline w={260}>
      <Button {...props} disabled={why !== null} data-disabled-reason={why ?? undefined}>
        {children}
      </Button>
    </Tooltip>
  );
}
