import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ActionSetActions } from './ActionSetActions';
import { ActionSetFilters } from './ActionSetFilters';
import { type ActionSetDraft, bodyOf, draftOf, isComplete } from './action-set-draft';
import type { Choices } from './action-set-labels';
import type { ActionSet, CreateActionSet } from './signals-api';

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
        <ActionSetFilters
          filters={draft.filters}
          onChange={(change) => setDraft((d) => ({ ...d, filters: change(d.filters) }))}
        />
        <ActionSetActions
          actions={draft.actions}
          choices={choices}
          onChange={(change) => setDraft((d) => ({ ...d, actions: change(d.actions) }))}
        />
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
