import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type JSX, useMemo, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import { latestFor } from '../../offline/outbox';
import { draftedNotice, useChangeRequestMode } from '../../stores/change-request-mode';
import { useConsoleState } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { MilestoneStrategies, type ServingMilestone } from './MilestoneStrategies';
import { type Row, StrategyCard } from './StrategyCard';
import { StrategyForm } from './StrategyForm';
import {
  createStrategiesApi,
  type FeatureStrategy,
  type StrategyLocation,
  strategiesPath,
} from './strategies-api';
import {
  bodyOf,
  deleteStrategyEdit,
  isPendingCreation,
  locationKey,
  type StrategySnapshot,
  sortStrategies,
  strategyOrderEdit,
  strategyTarget,
  updateStrategyEdit,
} from './strategy-edits';
import { strategyLabel } from './strategy-names';

type Editing = { mode: 'new' } | { mode: 'edit'; strategy: FeatureStrategy } | null;

/** The activation strategies of one flag in one environment: list, add, edit, disable, delete, reorder. */
export function FlagStrategiesPanel(props: {
  project: string;
  flagName: string;
  environment: string;
  /** The running milestone of the environment's release plan, whose strategies serve first. */
  servingMilestone?: ServingMilestone | null;
}): JSX.Element {
  const { project, flagName, environment, servingMilestone } = props;
  const location: StrategyLocation = useMemo(
    () => ({ project, flagName, environment }),
    [project, flagName, environment],
  );
  const { mutateAsync: submitEdit } = useEditMutation();
  const profileId = useConsoleState((state) => state.activeProfileId);
  const strategies = useServerData(strategiesPath(location), (api, signal) =>
    createStrategiesApi(api.client).list(location, signal),
  );
  const definitions = useServerData('strategy-definitions', (api) =>
    createStrategiesApi(api.client).listDefinitions(),
  );
  const segments = useServerData('segments', async (api) => (await api.listSegments()).segments ?? []);
  const outbox = useProfileOutbox();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FeatureStrategy | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const [queued, setQueued] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const drafting = useChangeRequestMode();

  const key = locationKey(location);
  function rowsOf(server: readonly FeatureStrategy[]): Row[] {
    const rows: Row[] = sortStrategies(server).map((serverStrategy) => {
      const entry = latestFor(outbox, profileId, 'strategy', strategyTarget(location, serverStrategy.id));
      const mine = entry?.mine as StrategySnapshot | null | undefined;
      const strategy = mine ? { ...serverStrategy, ...mine } : serverStrategy;
      return {
        strategy,
        shown: strategy,
        entry,
        key: serverStrategy.id,
        pendingDelete: entry !== undefined && mine === null,
      };
    });
    const order = latestFor(outbox, profileId, 'strategy-order', key)?.mine as string[] | undefined;
    if (order) rows.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
    for (const entry of outbox) {
      if (
        entry.kind !== 'strategy' ||
        !entry.target.startsWith(`${key}/`) ||
        !isPendingCreation(entry.target)
      )
        continue;
      rows.push({
        strategy: null,
        shown: entry.mine as StrategySnapshot,
        entry,
        key: entry.id,
        pendingDelete: false,
      });
    }
    return rows;
  }

  async function run(action: () => Promise<SubmitResult>, done?: string) {
    setBusy(true);
    setActionError(null);
    try {
      const result = await action();
      setQueued(result === 'queued');
      setNotice(result === 'applied' && done ? (drafting ? draftedNotice(drafting) : done) : null);
      return true;
    } catch (error) {
      setActionError(error);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const labelOf = (strategy: FeatureStrategy) => strategyLabel(strategy, definitions.data?.strategies);

  return (
    <Stack gap="sm" data-testid={`strategies-${environment}`}>
      {queued ? <PendingChangeNotice onClose={() => setQueued(false)} /> : null}
      {notice ? (
        <Text size="sm" c="teal" role="status">
          {notice}
        </Text>
      ) : null}
      {actionError ? <ErrorNotice error={actionError} title="The change was not made" /> : null}
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
        empty={
          servingMilestone
            ? `No strategies of its own in ${environment}: the release plan's milestone above decides who gets the flag.`
            : `No strategies in ${environment}: when enabled here, the flag is on for nobody until one is added.`
        }
      >
        {(data) => {
          const rows = rowsOf(data);
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
                    segments={segments.data ?? []}
                    definitions={definitions.data?.strategies ?? []}
                    controls={{
                      position,
                      count: ids.length,
                      busy,
                      onEdit: () => row.strategy && setEditing({ mode: 'edit', strategy: row.strategy }),
                      onToggle: () => {
                        const strategy = row.strategy;
                        if (!strategy) return;
                        const disabled = strategy.disabled !== true;
                        void run(
                          () =>
                            submitEdit(
                              updateStrategyEdit(
                                location,
                                strategy,
                                { ...bodyOf(strategy), disabled },
                                `${disabled ? 'Disable' : 'Enable'} the strategy ${labelOf(strategy)} of ${flagName} in ${environment}`,
                              ),
                            ),
                          `${labelOf(strategy)} ${disabled ? 'disabled' : 'enabled'}.`,
                        );
                      },
                      onDelete: () => row.strategy && setDeleting(row.strategy),
                      onMove: (delta) => {
                        const next = [...ids];
                        const [moved] = next.splice(position, 1);
                        if (moved === undefined) return;
                        next.splice(position + delta, 0, moved);
                        void run(() => submitEdit(strategyOrderEdit(location, ids, next)));
                      },
                    }}
                  />
                );
              })}
            </Stack>
          );
        }}
      </QueryState>
      <Group>
        <Button variant="light" onClick={() => setEditing({ mode: 'new' })} disabled={!definitions.data}>
          {drafting ? 'Add strategy to draft' : 'Add strategy'}
        </Button>
      </Group>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.mode === 'edit'
            ? `Edit ${labelOf(editing.strategy)} in ${environment}`
            : `Add a strategy in ${environment}`
        }
        size="xl"
      >
        {editing ? (
          <StrategyForm
            location={location}
            initial={editing.mode === 'edit' ? editing.strategy : null}
            definitions={definitions.data?.strategies ?? []}
            segments={segments.data ?? []}
            onCancel={() => setEditing(null)}
            onDone={(result, body) => {
              const wasNew = editing.mode === 'new';
              setEditing(null);
              setQueued(result === 'queued');
              setNotice(
                result === 'applied'
                  ? drafting
                    ? draftedNotice(drafting)
                    : `${body.title ? body.title : body.name} ${wasNew ? 'added' : 'saved'}.`
                  : null,
              );
            }}
          />
        ) : null}
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete strategy">
        {deleting ? (
          <Stack gap="sm">
            <Text>
              Delete the strategy {labelOf(deleting)} of {flagName} in {environment}? SDKs stop using it at
              their next refresh.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={busy}
                onClick={async () => {
                  const target = deleting;
                  setDeleting(null);
                  await run(
                    () => submitEdit(deleteStrategyEdit(location, target)),
                    `${labelOf(target)} deleted.`,
                  );
                }}
              >
                Delete strategy
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
