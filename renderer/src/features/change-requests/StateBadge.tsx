import { Badge } from '@mantine/core';
import type { ChangeRequestState } from './change-request-types';

const COLORS: Record<ChangeRequestState, string> = {
  Draft: 'gray',
  'In review': 'yellow',
  Approved: 'teal',
  Scheduled: 'blue',
  Applied: 'green',
  Cancelled: 'dark',
  Rejected: 'red',
};

/** A change request's state, in Unleash's words. */
export function StateBadge({ state }: { state: ChangeRequestState }) {
  return (
    // Filled with automatic text contrast: light yellow and teal badges fail WCAG contrast.
    <Badge
      component="span"
      color={COLORS[state] ?? 'gray'}
      variant="filled"
      autoContrast
      data-testid="change-request-state"
    >
      {state}
    </Badge>
  );
}
