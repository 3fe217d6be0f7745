import { Stack } from '@mantine/core';
import type { Segment } from '../../api/types';
import { type Row, StrategyCard } from './StrategyCard';
import type { FeatureStrategy, StrategyDefinition } from './strategies-api';

/** The panel's strategy cards; only the server's strategies not queued for deletion move. */
export function StrategyList({
  rows,
  segments,
  definitions,
  busy,
  onEdit,
  onToggle,
  onDelete,
  onMove,
  denied,
}: {
  rows: readonly Row[];
  segments: readonly Segment[];
  definitions: readonly StrategyDefinition[];
  busy: boolean;
  onEdit: (strategy: FeatureStrategy) => void;
  onToggle: (strategy: FeatureStrategy) => void;
  onDelete: (strategy: FeatureStrategy) => void;
  onMove: (ids: readonly string[], position: number, delta: -1 | 1) => void;
  denied?: { updateReason: string | null; deleteReason: string | null };
}) {
  const movable = rows.filter((row) => row.strategy && !row.pendingDelete);
  const ids = movable.map((row) => row.key);
  return (
    <Stack gap="xs">
      {rows.map((row) => {
        const position = ids.indexOf(row.key);
        return (
          <StrategyCard
            key={row.key}
            row={row}
            segments={segments}
            definitions={definitions}
            controls={{
              position,
              count: ids.length,
              busy,
              onEdit: () => row.strategy && onEdit(row.strategy),
              onToggle: () => row.strategy && onToggle(row.strategy),
              onDelete: () => row.strategy && onDelete(row.strategy),
              onMove: (delta) => onMove(ids, position, delta),
              ...denied,
            }}
          />
        );
      })}
    </Stack>
  );
}
