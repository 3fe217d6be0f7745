import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Guarded } from '../../components/Guarded/Guarded';
import { ONLINE_ONLY_REASON } from './use-change-requests';

/**
 * A change-request step's button: disabled offline or for a reason, which shows on hover and on
 * focus and is read by screen readers (Guarded), so a reviewer learns why before any 403.
 */
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
    <Guarded reason={why}>
      <Button {...props}>{children}</Button>
    </Guarded>
  );
}
