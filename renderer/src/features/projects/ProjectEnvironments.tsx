import { Badge, Button, Group, Modal, Switch, Table, Text } from '@mantine/core';
import { type ComponentProps, useState } from 'react';
import type { Environment } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import type { OutboxEntry } from '../../offline/outbox';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { usePendingEdits } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { strategyDefinitionsApi } from '../strategy-definitions/index';
import { DefaultStrategyForm } from './DefaultStrategyForm';
import type { ProjectOverview } from './project-api';
import { environmentTarget, projectEnvironmentEdit } from './project-edits';

/** Every environment of the server, switched on where the project uses it. */
export function ProjectEnvironments({
  projectId,
  overview,
  environments,
  onSaved,
}: {
  projectId: string;
  overview: ProjectOverview;
  environments: readonly Environment[];
  onSaved: (result: SubmitResult) => void;
}) {
  const { mutateAsync: submitEdit } = useEditMutation();
  const pending = usePendingEdits('project-environment');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [editingDefault, setEditingDefault] = useState<string | null>(null);
  const definitions = useServerData('strategy-definitions', (api) => strategyDefinitionsApi(api).list());
  const enabledOnServer = new Set(overview.environments.map((entry) => entry.environment));
  const defaults = new Map(overview.environments.map((entry) => [entry.environment, entry.defaultStrategy]));
  const strategyLabel = (name: string) => {
    const definition = definitions.data?.strategies.find((candidate) => candidate.name === name);
    return definition?.displayName || definition?.title || name;
  };
  const sorted = [...environments].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));

  async function toggle(environment: string, enable: boolean) {
    setBusy(environment);
    setError(null);
    try {
      onSaved(await submitEdit(projectEnvironmentEdit(projectId, environment, enable)));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {error ? <ErrorNotice error={error} title="The environment was not changed" /> : null}
      <ListTable minWidth={480} columns={['Environment', 'Type', 'Used by this project', 'Default strategy']}>
        {sorted.map((environment) => {
          const entry = pending(environmentTarget(projectId, environment.name));
          const mine = entry?.mine as { enabled?: boolean } | undefined;
          const enabled = mine?.enabled ?? enabledOnServer.has(environment.name);
          return (
            <EnvironmentRow
              key={environment.name}
              environment={environment}
              entry={entry}
              enabled={enabled}
              defaultStrategy={
                enabledOnServer.has(environment.name)
                  ? strategyLabel(defaults.get(environment.name)?.name ?? 'flexibleRollout')
                  : null
              }
              busy={busy !== null}
              onToggle={(enable) => void toggle(environment.name, enable)}
              onEditDefault={() => setEditingDefault(environment.name)}
            />
          );
        })}
      </ListTable>
      <DefaultStrategyDialog
        projectId={projectId}
        environment={editingDefault}
        current={editingDefault !== null ? defaults.get(editingDefault) : undefined}
        definitions={definitions.data?.strategies ?? []}
        onClose={() => setEditingDefault(null)}
      />
    </>
  );
}

/** One environment: whether the project uses it (a switch) and, where it does, its default strategy. */
function EnvironmentRow({
  environment,
  entry,
  enabled,
  defaultStrategy,
  busy,
  onToggle,
  onEditDefault,
}: {
  environment: Environment;
  entry: OutboxEntry | undefined;
  enabled: boolean;
  /** The default strategy's label; null where the project does not use the environment on the server. */
  defaultStrategy: string | null;
  busy: boolean;
  onToggle: (enable: boolean) => void;
  onEditDefault: () => void;
}) {
  return (
    <Table.Tr data-testid={`project-environment-${environment.name}`}>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{environment.name}</Text>
          {environment.enabled ? null : (
            <Badge color="gray" variant="light" size="sm">
              disabled on the server
            </Badge>
          )}
          <PendingBadge entry={entry} />
        </Group>
      </Table.Td>
      <Table.Td>{environment.type}</Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Use ${environment.name} in this project`}
          checked={enabled}
          disabled={busy}
          onChange={(e) => onToggle(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        {defaultStrategy !== null ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{defaultStrategy}</Text>
            <Button
              size="xs"
              variant="subtle"
              aria-label={`Edit the default strategy of ${environment.name}`}
              onClick={onEditDefault}
            >
              Edit
            </Button>
          </Group>
        ) : (
          '–'
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The default strategy of one environment of the project, edited in a modal. */
function DefaultStrategyDialog({
  projectId,
  environment,
  current,
  definitions,
  onClose,
}: {
  projectId: string;
  environment: string | null;
  current: ComponentProps<typeof DefaultStrategyForm>['current'];
  definitions: ComponentProps<typeof DefaultStrategyForm>['definitions'];
  onClose: () => void;
}) {
  return (
    <Modal
      opened={environment !== null}
      onClose={onClose}
      title={`Default strategy in ${environment ?? ''}`}
      size="lg"
    >
      {environment !== null ? (
        <DefaultStrategyForm
          projectId={projectId}
          environment={environment}
          current={current}
          definitions={definitions}
          onCancel={onClose}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}
