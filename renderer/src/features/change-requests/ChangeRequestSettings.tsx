import { Badge, Group, NumberInput, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { PendingChangeNotice } from '../../components/PendingChangeNotice/PendingChangeNotice';
import { QueryState } from '../../components/QueryState/QueryState';
import type { OutboxEntry } from '../../offline/outbox';
import { useEditMutation } from '../../stores/use-mutations';
import { usePendingEdits } from '../../stores/use-outbox';
import { ApproverRoleNotice } from './ApproverRoleNotice';
import { CONFIG_KIND, clampApprovals, configEdit, configTarget } from './change-request-edits';
import type { ChangeRequestEnvironmentConfig } from './change-request-types';
import { useChangeRequestConfig } from './use-change-requests';

/** Saving one environment's setting: busy while it goes, its error, and whether it was queued offline. */
function useConfigSave(projectId: string) {
  const edit = useEditMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [queued, setQueued] = useState(false);
  /** Approvals typed but not saved yet, per environment. */
  const [typed, setTyped] = useState<Record<string, number>>({});

  async function save(current: ChangeRequestEnvironmentConfig, enabled: boolean, approvals: number) {
    setBusy(true);
    setError(null);
    try {
      setQueued((await edit.mutateAsync(configEdit(projectId, current, enabled, approvals))) === 'queued');
      setTyped(({ [current.environment]: _saved, ...rest }) => rest);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }
  const type = (environment: string, value: number) => setTyped((all) => ({ ...all, [environment]: value }));

  return { busy, error, queued, clearQueued: () => setQueued(false), typed, type, save };
}

/** One environment's row; a queued edit of it shows as its value, with a pending badge. */
function ConfigRow({
  entry,
  pendingEntry,
  typed,
  busy,
  onType,
  onSave,
}: {
  entry: ChangeRequestEnvironmentConfig;
  pendingEntry: OutboxEntry | undefined;
  typed: number | undefined;
  busy: boolean;
  onType: (approvals: number) => void;
  onSave: (enabled: boolean, approvals: number) => void;
}) {
  const mine = pendingEntry?.mine as { enabled: boolean; requiredApprovals: number | null } | undefined;
  const enabled = mine?.enabled ?? entry.changeRequestEnabled;
  const saved = mine?.requiredApprovals ?? entry.requiredApprovals ?? 1;
  const approvals = typed ?? saved;
  return (
    <Table.Tr data-testid={`change-request-config-${entry.environment}`}>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{entry.environment}</Text>
          <Badge size="sm" variant="light" color={entry.type === 'production' ? 'red' : 'blue'}>
            {entry.type}
          </Badge>
          <PendingBadge entry={pendingEntry} />
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Require change requests in ${entry.environment}`}
          checked={enabled}
          disabled={busy}
          onChange={(event) => onSave(event.currentTarget.checked, approvals)}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Required approvals in ${entry.environment}`}
          min={1}
          max={10}
          clampBehavior="strict"
          allowDecimal={false}
          w={90}
          disabled={!enabled || busy}
          value={approvals}
          onChange={(value) => onType(clampApprovals(Number(value)))}
          onBlur={() => {
            if (typed !== undefined && typed !== saved) onSave(enabled, approvals);
          }}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Project settings › Change requests: per environment, whether changes need a change request and
 * how many approvals (1..10) it needs before it can be applied.
 */
export function ChangeRequestSettings({ projectId }: { projectId: string }) {
  const config = useChangeRequestConfig(projectId);
  const pending = usePendingEdits(CONFIG_KIND);
  const { busy, error, queued, clearQueued, typed, type, save } = useConfigSave(projectId);

  return (
    <Stack gap="sm" mt="xl" component="section" aria-label="Change requests">
      <Title order={3} size="h4">
        Change requests
      </Title>
      <Text size="sm" c="dimmed">
        Where change requests are required, changes to flags are collected in a draft, reviewed and approved
        by someone else, then applied or scheduled.
      </Text>
      <ApproverRoleNotice
        projectId={projectId}
        governed={(config.data ?? [])
          .filter((entry) => entry.changeRequestEnabled)
          .map((entry) => entry.environment)}
      />
      {queued ? <PendingChangeNotice onClose={clearQueued} /> : null}
      {error ? <ErrorNotice error={error} title="The change-request setting was not saved" /> : null}
      <QueryState query={config} noun="the change-request settings" isEmpty={(data) => data.length === 0}>
        {(data) => (
          <ListTable
            minWidth={520}
            columns={['Environment', 'Require change requests', 'Required approvals']}
          >
            {data.map((entry) => (
              <ConfigRow
                key={entry.environment}
                entry={entry}
                pendingEntry={pending(configTarget(projectId, entry.environment))}
                typed={typed[entry.environment]}
                busy={busy}
                onType={(approvals) => type(entry.environment, approvals)}
                onSave={(enabled, approvals) => void save(entry, enabled, approvals)}
              />
            ))}
          </ListTable>
        )}
      </QueryState>
    </Stack>
  );
}
