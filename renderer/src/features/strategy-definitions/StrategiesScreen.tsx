import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { RowActions, RowDeleteButton, RowEditButton } from '../../components/RowActions/RowActions';

import { useServerWrite } from '../../stores/use-mutations';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { StrategyDefinitionForm } from './StrategyDefinitionForm';
import { type StrategyDefinition, strategyDefinitionsApi } from './strategy-definitions-api';

interface StrategyRowProps {
  strategy: StrategyDefinition;
  onDeprecate: (deprecated: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A strategy type: its names and badges, its parameters, deprecating it, and (custom ones) edit and delete. */
function StrategyRow({ strategy, onDeprecate, onEdit, onDelete }: StrategyRowProps) {
  return (
    <Table.Tr data-testid={`strategy-${strategy.name}`}>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{strategy.displayName || strategy.title || strategy.name}</Text>
          {strategy.editable ? null : (
            <Badge size="xs" variant="outline">
              built in
            </Badge>
          )}
          {strategy.deprecated ? (
            <Badge size="xs" color="gray">
              deprecated
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {strategy.name}
          {strategy.description ? ` · ${strategy.description}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        {strategy.parameters.length === 0
          ? '–'
          : strategy.parameters
              .map(
                (parameter) =>
                  `${parameter.name} (${parameter.type}${parameter.required ? ', required' : ''})`,
              )
              .join(', ')}
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          aria-label={`${strategy.deprecated ? 'Reactivate' : 'Deprecate'} ${strategy.name}`}
          onClick={() => onDeprecate(!strategy.deprecated)}
        >
          {strategy.deprecated ? 'Reactivate' : 'Deprecate'}
        </Button>
      </Table.Td>
      <Table.Td>
        {strategy.editable ? (
          <RowActions>
            <RowEditButton label={strategy.name} onClick={onEdit} />
            <RowDeleteButton label={strategy.name} needsServer="Deleting a strategy" onClick={onDelete} />
          </RowActions>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

interface StrategyEditorModalProps {
  editing: StrategyDefinition | 'new' | null;
  names: readonly string[];
  onClose: () => void;
  onDone: (name: string) => void;
}

/** The form for a new custom strategy or the one being edited, in a modal. */
function StrategyEditorModal({ editing, names, onClose, onDone }: StrategyEditorModalProps) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      size="lg"
      title={editing === 'new' ? 'New custom strategy' : `Edit ${editing?.name ?? ''}`}
    >
      {editing !== null ? (
        <StrategyDefinitionForm
          {...(editing === 'new' ? {} : { strategy: editing })}
          existingNames={names}
          onCancel={onClose}
          onDone={onDone}
        />
      ) : null}
    </Modal>
  );
}

/** Deprecating or reactivating a strategy, and the line that says what was done last. */
function useDeprecation(write: ReturnType<typeof useServerWrite>) {
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);

  async function setDeprecated(strategy: StrategyDefinition, deprecated: boolean) {
    setError(null);
    try {
      await write((adminApi) => {
        const api = strategyDefinitionsApi(adminApi);
        return deprecated ? api.deprecate(strategy.name) : api.reactivate(strategy.name);
      });
      setDone(`Strategy ${strategy.name} ${deprecated ? 'deprecated' : 'reactivated'}.`);
    } catch (caught) {
      setError(caught);
    }
  }

  return { error, done, setDone, setDeprecated };
}

/** `/strategies`: the strategy types flags can use; custom ones are created, edited, deprecated here. */
export function StrategiesScreen() {
  const write = useServerWrite({ kind: 'strategy-definition' });
  const now = useNow();
  const definitions = useServerData('strategy-definitions', (api) => strategyDefinitionsApi(api).list());
  const [editing, setEditing] = useState<StrategyDefinition | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StrategyDefinition | null>(null);
  const { error, done, setDone, setDeprecated } = useDeprecation(write);
  const names = (definitions.data?.strategies ?? []).map((strategy) => strategy.name);

  return (
    <>
      <PageHeader
        title="Strategies"
        description="Activation strategy types. Custom strategies need an implementation registered in each SDK; deprecated ones are no longer offered for new flags."
        savedAt={definitions.savedAt}
        fromCache={definitions.fromCache}
        now={now}
        actions={<Button onClick={() => setEditing('new')}>New custom strategy</Button>}
      />
      {error ? <ErrorNotice error={error} title="The strategy was not changed" /> : null}
      {done ? (
        <Text size="sm" role="status" mb="sm">
          {done}
        </Text>
      ) : null}
      <QueryState query={definitions} noun="strategies" isEmpty={(data) => data.strategies.length === 0}>
        {(data) => (
          <ListTable minWidth={720} columns={['Strategy', 'Parameters', '', '']}>
            {data.strategies.map((strategy) => (
              <StrategyRow
                key={strategy.name}
                strategy={strategy}
                onDeprecate={(deprecated) => void setDeprecated(strategy, deprecated)}
                onEdit={() => setEditing(strategy)}
                onDelete={() => setDeleting(strategy)}
              />
            ))}
          </ListTable>
        )}
      </QueryState>
      <StrategyEditorModal
        editing={editing}
        names={names}
        onClose={() => setEditing(null)}
        onDone={(name) => {
          setDone(`Strategy ${name} ${editing === 'new' ? 'created' : 'saved'}.`);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete the strategy ${deleting?.name ?? ''}?`}
        confirmLabel="Delete strategy"
        cancelLabel="Keep it"
        failure="The strategy was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await write((api) => strategyDefinitionsApi(api).remove(deleting.name));
          setDone(`Strategy ${deleting.name} deleted.`);
        }}
      >
        Flags that still use it keep the strategy, but SDKs evaluate an unknown strategy as off. Deprecating
        it instead keeps existing flags working.
      </ConfirmDialog>
    </>
  );
}
