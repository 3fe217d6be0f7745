import { ActionIcon, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import {
  type ActionRow,
  type ActionSetDraft,
  bodyOf,
  draftOf,
  EMPTY_ACTION,
  type FilterRow,
  isComplete,
  moveRow,
} from './action-set-draft';
import { ACTION_LABELS, type ActionKind, type Choices, FILTER_OPERATORS } from './action-set-labels';
import type { ActionSet, CreateActionSet } from './signals-api';

// Unleash's limits (server/src/features/signals/README.md); the server refuses more anyway.
const MAX_FILTERS = 5;
const MAX_ACTIONS = 10;

/**
 * An action set's source, payload filters, ordered actions on this project's flags, and its actor.
 * Blank for a new set; with `initial`, pre-filled from the saved set for an edit.
 */
export function ActionSetForm({
  projectId,
  choices,
  initial,
  submitLabel,
  failure,
  onSubmit,
  onCancel,
}: {
  projectId: string;
  choices: Choices;
  initial?: ActionSet;
  submitLabel: string;
  /** The error notice's title, e.g. "The action set was not saved". */
  failure: string;
  onSubmit: (body: CreateActionSet) => Promise<void>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<ActionSetDraft>(() => draftOf(initial));
  const [error, setError] = useState<unknown>(null);
  const set = <K extends keyof ActionSetDraft>(key: K, value: ActionSetDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setFilter = (index: number, patch: Partial<FilterRow>) =>
    setDraft((d) => ({ ...d, filters: d.filters.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
  const setAction = (index: number, patch: Partial<ActionRow>) =>
    setDraft((d) => ({ ...d, actions: d.actions.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
  const moveAction = (from: number, to: number) =>
    setDraft((d) => ({ ...d, actions: moveRow(d.actions, from, to) }));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        onSubmit(bodyOf(draft, projectId, initial?.enabled)).catch(setError);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={draft.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          required
        />
        <Textarea
          label="Description"
          value={draft.description}
          onChange={(event) => set('description', event.currentTarget.value)}
        />
        <Select
          label="Source (signal endpoint)"
          data={choices.endpoints.map((endpoint) => ({ value: String(endpoint.id), label: endpoint.name }))}
          value={draft.sourceId}
          onChange={(sourceId) => set('sourceId', sourceId)}
          required
        />
        <Text size="sm" fw={500}>
          Filters on the signal payload
        </Text>
        {draft.filters.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity
          <Group key={index} align="flex-end" wrap="nowrap">
            <TextInput
              flex={1}
              label={`Filter ${index + 1} path`}
              placeholder="data.status"
              value={row.path}
              onChange={(event) => setFilter(index, { path: event.currentTarget.value })}
            />
            <Select
              flex={1}
              label={`Filter ${index + 1} operator`}
              data={FILTER_OPERATORS}
              value={row.operator}
              allowDeselect={false}
              onChange={(operator) =>
                setFilter(index, { operator: (operator ?? 'IN') as FilterRow['operator'] })
              }
            />
            <TextInput
              flex={1}
              label={`Filter ${index + 1} values`}
              placeholder="comma, separated"
              value={row.values}
              onChange={(event) => setFilter(index, { values: event.currentTarget.value })}
            />
            <Button
              variant="subtle"
              color="red"
              size="xs"
              aria-label={`Remove filter ${index + 1}`}
              onClick={() =>
                set(
                  'filters',
                  draft.filters.filter((_, i) => i !== index),
                )
              }
            >
              Remove
            </Button>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={draft.filters.length >= MAX_FILTERS}
            onClick={() => set('filters', [...draft.filters, { path: '', operator: 'IN', values: '' }])}
          >
            Add filter
          </Button>
        </Group>
        <Text size="sm" fw={500}>
          Actions, in order
        </Text>
        {draft.actions.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity
          <Group key={index} align="flex-end" wrap="nowrap">
            <Select
              flex={1}
              label={`Action ${index + 1}`}
              data={Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))}
              value={row.action}
              allowDeselect={false}
              onChange={(action) => setAction(index, { action: (action ?? 'ENABLE_FEATURE') as ActionKind })}
            />
            <Select
              flex={1}
              label={`Action ${index + 1} flag`}
              data={choices.flags}
              value={row.featureName}
              searchable
              onChange={(featureName) => setAction(index, { featureName })}
            />
            <Select
              flex={1}
              label={`Action ${index + 1} environment`}
              data={choices.environments}
              value={row.environment}
              onChange={(environment) => setAction(index, { environment })}
            />
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`Move action ${index + 1} up`}
                disabled={index === 0}
                onClick={() => moveAction(index, index - 1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move action ${index + 1} down`}
                disabled={index === draft.actions.length - 1}
                onClick={() => moveAction(index, index + 1)}
              >
                ↓
              </ActionIcon>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                aria-label={`Remove action ${index + 1}`}
                // An action set needs at least one action (the API's minItems).
                disabled={draft.actions.length === 1}
                onClick={() =>
                  set(
                    'actions',
                    draft.actions.filter((_, i) => i !== index),
                  )
                }
              >
                Remove
              </Button>
            </Group>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={draft.actions.length >= MAX_ACTIONS}
            onClick={() => set('actions', [...draft.actions, EMPTY_ACTION])}
          >
            Add action
          </Button>
        </Group>
        <Select
          label="Run as service account"
          description="The actions run with this service account's permissions."
          data={choices.actors.map((actor) => ({ value: String(actor.id), label: actor.name }))}
          value={draft.actorId}
          onChange={(actorId) => set('actorId', actorId)}
          required
        />
        {error ? <ErrorNotice error={error} title={failure} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isComplete(draft)}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
