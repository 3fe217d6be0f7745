import { Badge, Button, Group, Modal, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Environment } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
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
            <Table.Tr key={environment.name} data-testid={`project-environment-${environment.name}`}>
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
                  disabled={busy !== null}
                  onChange={(e) => void toggle(environment.name, e.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                {enabledOnServer.has(environment.name) ? (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">
                      {strategyLabel(defaults.get(environment.name)?.name ?? 'flexibleRollout')}
                    </Text>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={`Edit the default strategy of ${environment.name}`}
                      onClick={() => setEditingDefault(environment.name)}
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
        })}
      </ListTable>
      <Modal
        opened={editingDefault !== null}
        onClose={() => setEditingDefault(null)}
        title={`Default strategy in ${editingDefault ?? ''}`}
        size="lg"
      >
        {editingDefault !== null ? (
          <DefaultStrategyForm
            projectId={projectId}
            environment={editingDefault}
            current={defaults.get(editingDefault)}
            definitions={definitions.data?.strategies ?? []}
            onCancel={() => setEditingDefault(null)}
            onDone={() => setEditingDefault(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}
