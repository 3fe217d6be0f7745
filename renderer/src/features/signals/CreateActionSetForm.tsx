import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ACTION_LABELS, type ActionKind, type Choices, FILTER_OPERATORS } from './action-set-labels';
import type { CreateActionSet } from './signals-api';

interface FilterRow {
  path: string;
  operator: string;
  values: string;
}
interface ActionRow {
  action: ActionKind;
  featureName: string | null;
  environment: string | null;
}

/** A new action set: source, payload filters, ordered actions on this project's flags, and its actor. */
export function CreateActionSetForm({
  projectId,
  choices,
  create,
  onCancel,
}: {
  projectId: string;
  choices: Choices;
  create: (body: CreateActionSet) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [actorId, setActorId] = useState<string | null>(null);
  const [filters, setFilters] = useState<FilterRow[]>([]);
  const [actions, setActions] = useState<ActionRow[]>([
    { action: 'ENABLE_FEATURE', featureName: null, environment: null },
  ]);
  const [error, setError] = useState<unknown>(null);
  const complete =
    name &&
    sourceId &&
    actorId &&
    actions.every((row) => row.featureName && row.environment) &&
    actions.length > 0;

  const body = (): CreateActionSet => ({
    name,
    actorId: Number(actorId),
    match: {
      source: 'signal-endpoint',
      sourceId: Number(sourceId),
      payload: Object.fromEntries(
        filters
          .filter((row) => row.path)
          .map((row) => [
            row.path,
            {
              operator: row.operator as CreateActionSet['match']['payload'][string]['operator'],
              values: row.values
                .split(',')
                .map((value) => value.trim())
                .filter(Boolean),
            },
          ]),
      ),
    },
    actions: actions.map((row, index) => ({
      action: row.action,
      sortOrder: index,
      executionParams: {
        project: projectId,
        environment: row.environment ?? '',
        featureName: row.featureName ?? '',
      },
    })),
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        create(body()).catch(setError);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
        />
        <Select
          label="Source (signal endpoint)"
          data={choices.endpoints.map((endpoint) => ({ value: String(endpoint.id), label: endpoint.name }))}
          value={sourceId}
          onChange={setSourceId}
          required
        />
        <Text size="sm" fw={500}>
          Filters on the signal payload
        </Text>
        {filters.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity
          <Group key={index} align="flex-end" grow>
            <TextInput
              label={`Filter ${index + 1} path`}
              placeholder="data.status"
              value={row.path}
              onChange={(event) => {
                const path = event.currentTarget.value;
                setFilters((rows) => rows.map((r, i) => (i === index ? { ...r, path } : r)));
              }}
            />
            <Select
              label={`Filter ${index + 1} operator`}
              data={FILTER_OPERATORS}
              value={row.operator}
              allowDeselect={false}
              onChange={(operator) =>
                setFilters((rows) =>
                  rows.map((r, i) => (i === index ? { ...r, operator: operator ?? 'IN' } : r)),
                )
              }
            />
            <TextInput
              label={`Filter ${index + 1} values`}
              placeholder="comma, separated"
              value={row.values}
              onChange={(event) => {
                const values = event.currentTarget.value;
                setFilters((rows) => rows.map((r, i) => (i === index ? { ...r, values } : r)));
              }}
            />
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={filters.length >= 5}
            onClick={() => setFilters((rows) => [...rows, { path: '', operator: 'IN', values: '' }])}
          >
            Add filter
          </Button>
        </Group>
        <Text size="sm" fw={500}>
          Actions, in order
        </Text>
        {actions.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity
          <Group key={index} align="flex-end" grow>
            <Select
              label={`Action ${index + 1}`}
              data={Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))}
              value={row.action}
              allowDeselect={false}
              onChange={(action) =>
                setActions((rows) =>
                  rows.map((r, i) =>
                    i === index ? { ...r, action: (action ?? 'ENABLE_FEATURE') as ActionKind } : r,
                  ),
                )
              }
            />
            <Select
              label={`Action ${index + 1} flag`}
              data={choices.flags}
              value={row.featureName}
              searchable
              onChange={(featureName) =>
                setActions((rows) => rows.map((r, i) => (i === index ? { ...r, featureName } : r)))
              }
            />
            <Select
              label={`Action ${index + 1} environment`}
              data={choices.environments}
              value={row.environment}
              onChange={(environment) =>
                setActions((rows) => rows.map((r, i) => (i === index ? { ...r, environment } : r)))
              }
            />
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={actions.length >= 10}
            onClick={() =>
              setActions((rows) => [
                ...rows,
                { action: 'ENABLE_FEATURE', featureName: null, environment: null },
              ])
            }
          >
            Add action
          </Button>
        </Group>
        <Select
          label="Run as service account"
          description="The actions run with this service account's permissions."
          data={choices.actors.map((actor) => ({ value: String(actor.id), label: actor.name }))}
          value={actorId}
          onChange={setActorId}
          required
        />
        {error ? <ErrorNotice error={error} title="The action set was not created" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete}>
            Create action set
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
