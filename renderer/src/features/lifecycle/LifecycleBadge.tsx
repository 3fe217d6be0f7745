import { Badge } from '@mantine/core';
import { type LifecycleStage, STAGE_LABELS, STAGE_MEANINGS } from './lifecycle-stages';

const COLORS: Record<LifecycleStage, string> = {
  initial: 'gray',
  'pre-live': 'yellow',
  live: 'green',
  completed: 'blue',
  archived: 'dark',
};

/** A flag's lifecycle stage as a small badge; a completed flag says whether it was kept. */
export function LifecycleBadge({ stage, status }: { stage: LifecycleStage; status?: string | null }) {
  const label = stage === 'completed' && status ? `${STAGE_LABELS[stage]} (${status})` : STAGE_LABELS[stage];
  return (
    <Badge
      component="span"
      size="sm"
      variant="light"
      color={COLORS[stage]}
      title={`Lifecycle: ${STAGE_MEANINGS[stage]}`}
      data-testid="lifecycle-badge"
    >
      {label}
    </Badge>
  );
}
