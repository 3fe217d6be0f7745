import { Button, Group, Stack } from '@mantine/core';
import { type JSX, useMemo, useState } from 'react';
import { Guarded } from '../../components/Guarded/Guarded';
import { QueryState } from '../../components/QueryState/QueryState';
import { usePermissionReason } from '../../stores/permissions';
import { DeleteStrategyModal } from './DeleteStrategyModal';
import { MilestoneStrategies, type ServingMilestone } from './MilestoneStrategies';
import { StrategyActionNotices } from './StrategyActionNotices';
import { type Editing, StrategyFormModal } from './StrategyFormModal';
import { StrategyList } from './StrategyList';
import type { FeatureStrategy, StrategyLocation } from './strategies-api';
import { strategyLabel } from './strategy-names';
import { useStrategyActions } from './use-strategy-actions';
import { useStrategyPanelData } from './use-strategy-panel-data';

/** What an environment without strategies of its own means for the flag. */
const emptyText = (environment: string, serving: boolean) =>
  serving
    ? `No strategies of its own in ${environment}: the release plan's milestone above decides who gets the flag.`
    : `No strategies in ${environment}: when enabled here, the flag is on for nobody until one is added.`;

interface FlagStrategiesPanelProps {
  project: string;
  flagName: string;
  environment: string;
  /** The running milestone of the environment's release plan, whose strategies serve first. */
  servingMilestone?: ServingMilestone | null;
}

/**
 * Why the user may not add, change or delete strategies in the environment (the same permissions
 * whether the change is direct or drafted into a change request), or null each.
 */
function useStrategyPermissions(project: string, environment: string) {
  const scope = { project, environment };
  return {
    createReason: usePermissionReason('CREATE_FEATURE_STRATEGY', scope),
    updateReason: usePermissionReason('UPDATE_FEATURE_STRATEGY', scope),
    deleteReason: usePermissionReason('DELETE_FEATURE_STRATEGY', scope),
  };
}

/** The activation strategies of one flag in one environment: list, add, edit, disable, delete, reorder. */
export function FlagStrategiesPanel(props: FlagStrategiesPanelProps): JSX.Element {
  const { project, flagName, environment, servingMilestone } = props;
  const location: StrategyLocation = useMemo(
    () => ({ project, flagName, environment }),
    [project, flagName, environment],
  );
  const { strategies, definitions, segments, rowsOf } = useStrategyPanelData(location);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FeatureStrategy | null>(null);
  const labelOf = (strategy: FeatureStrategy) => strategyLabel(strategy, definitions.data?.strategies);
  const actions = useStrategyActions(location, labelOf);
  const denied = useStrategyPermissions(project, environment);

  return (
    <Stack gap="sm" data-testid={`strategies-${environment}`}>
      <StrategyActionNotices
        queued={actions.queued}
        onCloseQueued={actions.clearQueued}
        notice={actions.notice}
        error={actions.actionError}
      />
      {servingMilestone ? (
        <MilestoneStrategies
          milestone={servingMilestone}
          segments={segments.data ?? []}
          definitions={definitions.data?.strategies ?? []}
        />
      ) : null}
      <QueryState
        query={strategies}
        noun="strategies"
        isEmpty={(data) => rowsOf(data).length === 0}
        empty={emptyText(environment, Boolean(servingMilestone))}
      >
        {(data) => (
          <StrategyList
            rows={rowsOf(data)}
            segments={segments.data ?? []}
            definitions={definitions.data?.strategies ?? []}
            busy={actions.busy}
            onEdit={(strategy) => setEditing({ mode: 'edit', strategy })}
            onToggle={actions.toggle}
            onDelete={setDeleting}
            onMove={actions.move}
            denied={denied}
          />
        )}
      </QueryState>
      <Group>
        <Guarded reason={denied.createReason}>
          <Button variant="light" onClick={() => setEditing({ mode: 'new' })} disabled={!definitions.data}>
            {actions.drafting ? 'Add strategy to draft' : 'Add strategy'}
          </Button>
        </Guarded>
      </Group>
      <StrategyFormModal
        editing={editing}
        location={location}
        label={labelOf}
        definitions={definitions.data?.strategies ?? []}
        segments={segments.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={actions.saved}
      />
      <DeleteStrategyModal
        deleting={deleting}
        label={labelOf}
        flagName={flagName}
        environment={environment}
        busy={actions.busy}
        onCancel={() => setDeleting(null)}
        onDelete={(target) => {
          setDeleting(null);
          void actions.remove(target);
        }}
      />
    </Stack>
  );
}
